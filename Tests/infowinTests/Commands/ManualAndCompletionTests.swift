import Foundation
import InfoWinTestSupport
import Testing

/// What `--help` says: the commands of `infowin --help`, and the option names of each `infowin CMD --help`.
/// The man page and the completions are held against these, not against the tables they are made from.
enum HelpText {
    static func commands() throws -> [String] {
        let help = try CLI.run(["--help"]).stdoutText
        return section("COMMANDS:", of: help).compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// Every spelling of every option `infowin command --help` lists (`-o`, `--output`, …, `--help`).
    static func options(of command: String) throws -> [String] {
        let help = try CLI.run([command, "--help"]).stdoutText
        return section("OPTIONS:", of: help).flatMap { line -> [String] in
            let label = line.components(separatedBy: "  ").first ?? ""
            return label.components(separatedBy: ", ").compactMap { $0.split(separator: " ").first.map(String.init) }
        }
    }

    /// The help text of `option` in `infowin command --help`.
    static func help(of option: String, in command: String) throws -> String {
        let help = try CLI.run([command, "--help"]).stdoutText
        return section("OPTIONS:", of: help).first { $0.hasPrefix(option + " ") || $0.contains(", " + option + " ") } ?? ""
    }

    /// The entries after `title`, up to the first line that is not indented: a line indented by two spaces
    /// starts one, a line indented further goes on with the one before (a wrapped help).
    private static func section(_ title: String, of text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: title) else { return [] }
        var entries: [String] = []
        for line in lines[(start + 1)...].prefix(while: { $0.hasPrefix("  ") }) {
            let words = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("   "), let last = entries.popLast() { entries.append(last + " " + words) } else { entries.append(words) }
        }
        return entries
    }
}

@Suite("man page and shell completions")
struct ManualAndCompletionTests {
    static let bash = URL(fileURLWithPath: "/bin/bash")
    static let zsh = URL(fileURLWithPath: "/usr/bin/zsh")
    static let fish = URL(fileURLWithPath: "/usr/bin/fish")
    static let hasZsh = FileManager.default.isExecutableFile(atPath: zsh.path)
    static let hasFish = FileManager.default.isExecutableFile(atPath: fish.path)

    /// `infowin completion shell` written to a file in `folder`.
    private func script(_ shell: String, in folder: TemporaryFolder) throws -> URL {
        let result = try CLI.run(["completion", shell])
        #expect(result.status == 0 && result.stderr.isEmpty, "completion \(shell): \(result.stderr)")
        return try folder.write(result.stdoutText, to: "infowin.\(shell)")
    }

    /// `script(shell, in: folder)`, checked to parse (`shell -n`) by the shell at `executable`.
    private func parsedScript(_ shell: String, by executable: URL, in folder: TemporaryFolder) throws -> URL {
        let script = try script(shell, in: folder)
        let syntax = try CLI.run(["-n", script.path], executable: executable)
        #expect(syntax.status == 0, "\(shell) -n: \(syntax.stderr)")
        return script
    }

    /// What the bash completion offers for the words typed, the last being the word being completed.
    private func bashOffers(_ words: [String], script: URL) throws -> [String] {
        let program = """
            source "$1"; shift
            COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=()
            _infowin; printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try CLI.run(["-c", program, "bash", script.path] + words, executable: Self.bash)
        #expect(result.status == 0, "bash: \(result.stderr)")
        return result.stdoutText.split(separator: "\n").map(String.init)
    }

    @Test func theManPageHasEveryCommandWithEveryOptionItsHelpLists() throws {
        let result = try CLI.run(["manual"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        let page = result.stdoutText.replacingOccurrences(of: "\\-", with: "-")
        #expect(page.hasPrefix(".\\\"") && page.contains(".TH INFOWIN 1"))
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES", "SEE ALSO"] {
            #expect(page.contains("\n.SH \(heading)\n"), "no \(heading) section")
        }
        let commands = try HelpText.commands()
        #expect(commands.count >= 10 && commands.contains("render") && commands.contains("manual"))
        for command in commands {
            let parts = page.components(separatedBy: "\n.SS \(command)\n")
            #expect(parts.count == 2, "the man page has no section for \(command)")
            guard parts.count == 2 else { continue }
            let section = parts[1].components(separatedBy: "\n.S").first ?? ""
            #expect(section.contains("infowin \(command)"), "\(command)'s section lacks its usage")
            for option in try HelpText.options(of: command) {
                #expect(section.contains("\\fB\(option)\\fR"), "\(command)'s section lacks \(option)")
            }
        }
    }

    @Test("every help's lines fit in 100 columns: a long option's help wraps under its own column")
    func helpLinesFitTheirColumns() throws {
        for arguments in [["--help"]] + (try HelpText.commands()).map({ [$0, "--help"] }) {
            for line in try CLI.run(arguments).stdoutText.split(separator: "\n") {
                #expect(line.count <= 100, "infowin \(arguments.joined(separator: " ")): \(line.count) columns: \(line)")
            }
        }
        let failOn = try HelpText.help(of: "--fail-on", in: "render")
        #expect(failOn.hasPrefix("--fail-on LIST") && failOn.hasSuffix("truncated,clipped,missing-glyphs,missing-tiles,untranslated"), "\(failOn)")
        let lines = try CLI.run(["render", "--help"]).stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(lines.firstIndex { $0.hasPrefix("  --fail-on LIST") })
        let column = lines[first].distance(from: lines[first].startIndex, to: try #require(lines[first].range(of: "fail a spec")).lowerBound)
        #expect(lines[first + 1].prefix(column).allSatisfy { $0 == " " } && lines[first + 1].dropFirst(column).first != " ")
    }

    @Test func theManPageIsValidRoffAndNoLineStartsARequestByAccident() throws {
        let page = try CLI.run(["manual", "--prefix", "/usr"]).stdoutText
        #expect(page.contains("/usr/share/infowin/spec.schema.json"))
        let known = [".\\\"", ".TH", ".SH", ".SS", ".PP", ".TP", ".B ", ".I ", ".RI", ".br", ".ad", ".nh"]
        for line in page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect(known.contains { line.hasPrefix($0) }, "a line starts a request: \(line)")
        }
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII }, "non-ASCII is written as \\[uXXXX]")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else { return }
        let folder = try TemporaryFolder()
        let file = try folder.write(page, to: "infowin.1")
        let groff = try CLI.run(["-man", "-Tutf8", "-ww", "-z", file.path], executable: URL(fileURLWithPath: "/usr/bin/groff"))
        #expect(groff.status == 0 && groff.stderr.isEmpty, "groff: \(groff.stderr)")
    }

    @Test func bashCompletesEveryCommandAndEveryOptionOfEachAndTheScriptParses() throws {
        let folder = try TemporaryFolder()
        let script = try parsedScript("bash", by: Self.bash, in: folder)
        let commands = try HelpText.commands()
        #expect(Set(try bashOffers(["infowin", ""], script: script)).isSuperset(of: commands + ["--help", "--version"]))
        for command in commands {
            let offered = try bashOffers(["infowin", command, "-"], script: script)
            #expect(Set(offered) == Set(try HelpText.options(of: command)), "infowin \(command) -<TAB>")
        }
    }

    @Test func bashOffersTheWordsOfOptionsWithFixedChoicesAsTheirHelpNamesThem() throws {
        let folder = try TemporaryFolder()
        let script = try script("bash", in: folder)
        for (command, option) in [("render", "--crop"), ("render", "--png-compression"), ("check", "--record"),
                                  ("check", "--unused"), ("batch", "--format"), ("validate", "--pseudo-locale"),
                                  ("check", "--fail-on")] {
            let offered = try bashOffers(["infowin", command, option, ""], script: script)
            let help = try HelpText.help(of: option, in: command)
            #expect(offered.count >= 2, "\(command) \(option) offers \(offered)")
            for word in offered {
                #expect(help.contains(word), "\(command) \(option) offers '\(word)', which its help does not name: \(help)")
            }
        }
        let list = try bashOffers(["infowin", "check", "--fail-on", "truncated,cl"], script: script)
        #expect(list == ["truncated,clipped"])
        #expect(try bashOffers(["infowin", "completion", ""], script: script).sorted() == ["bash", "fish", "zsh"])
        #expect(try bashOffers(["infowin", "schema", ""], script: script).isEmpty)
    }

    @Test func bashCompletesFoldersForADirPlaceholderAndFilesForAFileOne() throws {
        let folder = try TemporaryFolder()
        let script = try script("bash", in: folder)
        _ = try folder.write("{}", to: "specs/one.json")
        _ = try folder.write("x", to: "spec-notes.txt")
        let program = """
            source "$1"; cd "$2"; shift 2
            COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _infowin; printf '%s\\n' "${COMPREPLY[@]}"
            """
        func offers(_ words: [String]) throws -> Set<String> {
            let result = try CLI.run(["-c", program, "bash", script.path, folder.url.path] + words, executable: Self.bash)
            return Set(result.stdoutText.split(separator: "\n").map(String.init))
        }
        #expect(try offers(["infowin", "render", "--asset-root", "spe"]) == ["specs"])
        #expect(try offers(["infowin", "render", "spe"]) == ["specs", "spec-notes.txt"])
        #expect(try offers(["infowin", "check", "--junit", "spe"]) == ["specs", "spec-notes.txt"])
    }

    @Test(.enabled(if: hasZsh, "zsh is not installed"))
    func zshCompletionParsesAndNamesEveryCommandAndOption() throws {
        let folder = try TemporaryFolder()
        let script = try parsedScript("zsh", by: Self.zsh, in: folder)
        let text = try String(contentsOf: script, encoding: .utf8)
        #expect(text.hasPrefix("#compdef infowin\n"))
        for command in try HelpText.commands() {
            let parts = text.components(separatedBy: "\n    \(command))\n")
            #expect(parts.count == 2, "no branch for \(command)")
            let branch = parts.last?.components(separatedBy: ";;").first ?? ""
            for option in try HelpText.options(of: command) {
                #expect(branch.contains(option + "["), "zsh: \(command) lacks \(option)")
            }
        }
        let loaded = try CLI.run(
            ["-c", "autoload -U compinit; compinit -u -d \"$2/zcompdump\"; source \"$1\"; print -r -- $_comps[infowin]", "zsh", script.path, folder.url.path],
            executable: Self.zsh)
        #expect(loaded.stdoutText == "_infowin\n", "zsh: \(loaded.stderr)")
    }

    @Test(.enabled(if: hasFish, "fish is not installed"))
    func fishCompletesEveryCommandAndEveryOptionOfEach() throws {
        let folder = try TemporaryFolder()
        let script = try parsedScript("fish", by: Self.fish, in: folder)
        func offers(_ line: String) throws -> [String] {
            let result = try CLI.run(["-c", "source $argv[1]; complete -C $argv[2]", script.path, line], executable: Self.fish)
            return result.stdoutText.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        let commands = try HelpText.commands()
        #expect(Set(try offers("infowin ")).isSuperset(of: commands))
        for command in commands {
            let long = try HelpText.options(of: command).filter { $0.hasPrefix("--") }
            #expect(Set(try offers("infowin \(command) --")) == Set(long), "fish: infowin \(command) --<TAB>")
        }
        #expect(Set(try offers("infowin render --crop ")) == ["window", "markers", "shapes", "none"])
    }

    @Test func completionAndManualRejectAWrongCommandLine() throws {
        let unknown = try CLI.run(["completion", "tcsh"])
        #expect(unknown.status == 2 && unknown.stderr.contains("bash") && unknown.stdout.isEmpty)
        #expect(try CLI.run(["completion"]).status == 2)
        #expect(try CLI.run(["manual", "extra"]).status == 2)
        #expect(try CLI.run(["completion", "--help"]).stdoutText.contains("source <(infowin completion bash)"))
    }
}
