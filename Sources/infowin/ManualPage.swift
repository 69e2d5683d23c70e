import InfoWinCheck
import InfoWinKit

/// infowin(1) in roff (the man(7) macros), written from the commands' own tables (`CommandLineTool.commands`,
/// each command's usage, discussion and options), so the man page cannot drift from `--help`.
enum ManualPage {
    /// The whole page; `prefix` is where infowin is installed (`/usr`, `/usr/local`), for FILES.
    static func roff(prefix: String) -> String {
        var lines = [
            #".\" infowin(1), made by 'infowin manual': do not edit, edit the commands' help instead."#,
            ".TH INFOWIN 1 \"\" \(quoted("infowin " + InfoWin.version)) \"User Commands\"",
            ".ad l",
            ".nh",
            ".SH NAME",
            "infowin \\- draw map markers and their info windows from JSON specs",
            ".SH SYNOPSIS",
        ]
        lines += [".B infowin", ".I command", ".RI [ options ]"]
        for command in CommandLineTool.commands {
            lines += [".br", usage(command.usage)]
        }
        lines += [".SH DESCRIPTION"] + paragraphs(CommandLineTool.about)
        lines += [".SH OPTIONS"] + CommandLineTool.globalOptions.flatMap(option)
        lines += [".SH COMMANDS"]
        for command in CommandLineTool.commands { lines += section(command) }
        lines += [
            ".SH EXIT STATUS",
        ]
        for status in ExitStatus.allCases { lines += [".TP", ".B \(status.rawValue)", status.meaning] }
        lines += [
            ".SH ENVIRONMENT",
            ".TP", ".B CI", "when set, \\fBcheck\\fR records no golden unless \\fB\\-\\-record\\fR says so (the default becomes \\fBnever\\fR).",
            ".TP", ".B XDG_CACHE_HOME", "the tile cache is \\fI$XDG_CACHE_HOME/infowin/tiles\\fR (else \\fI~/.cache/infowin/tiles\\fR) unless \\fB\\-\\-tile\\-cache\\fR names one.",
            ".TP", ".B " + Shard.environmentConventions.map { escaped($0.index) + ", " + escaped($0.count) }.joined(separator: "; "),
            "the parallel job's index and count, read by \\fB\\-\\-shard auto\\fR.",
            ".TP", ".B TEST_SHARD_STATUS_FILE",
            "touched by \\fB\\-\\-shard auto\\fR when set (Bazel's test sharding protocol).",
            ".TP", ".B XML_OUTPUT_FILE",
            "where \\fBcheck \\-\\-shard auto\\fR writes its JUnit report when set and \\fB\\-\\-junit\\fR is not given (Bazel).",
            ".SH FILES",
            ".TP", ".I " + escaped(prefix + "/share/infowin/spec.schema.json"),
            "the JSON Schema of the spec format, as \\fBinfowin schema\\fR prints it.",
            ".TP", ".I infowin.json",
            "the project's config file, read from the current folder or the nearest parent that has one.",
            ".SH SEE ALSO",
            "The README.md, Documentation/ and SPEC.md of the infowin sources; \\fBfc\\-list\\fR(1), \\fBfonts\\-conf\\fR(5).",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One command's subsection: summary, usage, discussion, options.
    private static func section<C: Command>(_ command: C.Type) -> [String] {
        [".SS " + escaped(C.name), escaped(C.summary) + ".", ".PP", usage(C.usage)]
            + paragraphs(C.discussion) + C.optionsWithHelp.flatMap(option)
    }

    /// A usage line, bold.
    private static func usage(_ text: String) -> String {
        ".B " + escaped(text)
    }

    /// One option as a tagged paragraph: its names bold, its placeholder italic, then its help.
    private static func option(_ option: OptionSpec) -> [String] {
        let names = option.names.map { "\\fB" + escaped($0) + "\\fR" }.joined(separator: ", ")
        let value = option.valueName.map { " \\fI" + escaped($0) + "\\fR" } ?? ""
        return [".TP", names + value, escaped(option.help) + (option.repeatable ? " (repeatable)" : "")]
    }

    /// `text` as roff paragraphs: blank lines part them; lines are filled.
    private static func paragraphs(_ text: String) -> [String] {
        var lines: [String] = [".PP"]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            lines.append(trimmed.isEmpty ? ".PP" : escaped(String(trimmed)))
        }
        return lines
    }

    /// `text` safe in roff: backslashes and hyphens escaped, other than ASCII as `\[uXXXX]` (so no input
    /// encoding is assumed), and a line never taken for a request.
    static func escaped(_ text: String) -> String {
        var body = ""
        for character in text {
            switch character {
            case "\\": body += "\\e"
            case "-": body += "\\-"
            default:
                for scalar in character.unicodeScalars {
                    body += scalar.isASCII ? String(scalar) : "\\[u" + hex(scalar.value) + "]"
                }
            }
        }
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }

    /// groff's spelling of a code point: four to six upper-case hex digits.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `text` as one roff macro argument in double quotes.
    private static func quoted(_ text: String) -> String {
        "\"" + escaped(text).replacing("\"", with: "\\(dq") + "\""
    }
}
