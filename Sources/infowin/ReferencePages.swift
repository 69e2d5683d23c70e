import HTTPServer
import InfoWinServe
import InfoWinCheck
import InfoWinKit

/// The user guide's reference pages (`Documentation/reference/`), written in Markdown from infowin's own
/// declarations: the spec's (`SpecKeyTables`), the commands' option tables, the exit statuses, the limits
/// (`Limits`) and the project config's keys. `infowin manual --reference DIR` (`make docs`) writes them, and
/// a test fails when a page in the repository differs from what this build writes.
enum ReferencePages {
    /// The command that writes the pages again, as the pages and the test name it.
    static let command = "make docs"

    /// Every page: its file name in `Documentation/reference/` and its text.
    static var pages: [(name: String, text: String)] {
        [
            ("spec-keys.md", specKeys),
            ("commands.md", commands),
            ("exit-codes.md", exitCodes),
            ("limits.md", limits),
            ("project-config.md", projectConfig),
        ]
    }

    /// The line under each page's title.
    private static func madeBy(_ source: String) -> String {
        "<!-- Made by `infowin manual --reference Documentation/reference` (\(command)) from \(source): do not edit. -->"
    }

    // MARK: - Spec keys

    static var specKeys: String {
        """
        # Spec keys

        \(madeBy("Sources/InfoWinKit/Spec/Description"))

        Every key of the spec, with its type and SPEC.md's words, as declared once in
        `Sources/InfoWinKit/Spec/Description/` (`SpecDescription`). That one declaration gives the decoder its key
        lists (the "unknown key … allowed keys" errors and their "did you mean"), `infowin schema` and
        `spec.schema.json`, and these tables; the view kinds are an enum (`SpecViewKind`), so a kind added there is
        demanded by the compiler in the decoder, and appears in the schema and here. `SpecDescriptionTests` fails
        when these tables differ from the declaration; `\(command)` writes them again (and
        `swift run infowin schema > spec.schema.json` the schema file). The guide's pages show the keys in use:
        [the spec](../spec.md), [views](../views.md), [markers](../markers.md), [looks and traits](../looks-and-traits.md),
        [maps and shapes](../maps-and-shapes.md) and [scenarios](../scenarios.md).

        <!-- spec-keys:begin (generated from Sources/InfoWinKit/Spec/Description) -->
        \(SpecKeyTables.markdown)<!-- spec-keys:end -->

        """
    }

    // MARK: - Commands

    static var commands: String {
        var lines = [
            "# Commands and options",
            "",
            madeBy("the commands' option tables and help (Sources/infowin)"),
            "",
            "```",
            "infowin <command> [options]",
            "```",
            "",
            markdownText(CommandLineTool.about),
            "",
            "| command | what it does |",
            "|---|---|",
        ]
        for command in CommandLineTool.commands {
            lines.append("| [`\(command.name)`](#\(command.name)) | \(cell(command.summary)) |")
        }
        lines += ["", "## Options before a command", ""] + optionTable(CommandLineTool.globalOptions)
        for command in CommandLineTool.commands { lines += section(command) }
        lines += ["", "Exit statuses: [exit-codes.md](exit-codes.md). The guide's pages explain each command in use:",
                  "[the command line](../command-line.md)."]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func section<C: Command>(_ command: C.Type) -> [String] {
        ["", "## \(C.name)", "", cell(C.summary) + ".", "", "```", C.usage, "```", "", markdownText(C.discussion), ""]
            + optionTable(C.optionsWithHelp)
    }

    private static func optionTable(_ options: [OptionSpec]) -> [String] {
        ["| option | value | meaning |", "|---|---|---|"] + options.map { option in
            let names = option.names.map { "`\($0)`" }.joined(separator: ", ")
            let value = option.valueName.map { "`\($0)`" } ?? ""
            return "| \(names) | \(value) | \(cell(option.help + (option.repeatable ? " (repeatable)" : ""))) |"
        }
    }

    // MARK: - Exit codes

    static var exitCodes: String {
        var lines = [
            "# Exit statuses",
            "",
            madeBy("ExitStatus (Sources/infowin/ExitStatus.swift)"),
            "",
            "Every command exits with one of these. A command whose statuses say more (`diff`, `check`, `validate`,",
            "`doctor`) says so in its help: [commands.md](commands.md). A command killed by a fatal signal (a crash)",
            "ends by that signal; in `batch`, `check` and `validate` a spec that crashes a worker process fails with",
            "status 1 and the others go on.",
            "",
            "| status | meaning | for example |",
            "|---|---|---|",
        ]
        for status in ExitStatus.allCases {
            lines.append("| \(status.rawValue) | \(cell(status.meaning)) | \(cell(status.examples)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Limits

    /// A row of the limits page: area, limit, value, notes.
    typealias LimitRow = (area: String, name: String, value: String, note: String)

    /// `serve`'s limits: the HTTP server's own and the service's defaults.
    static var serveLimits: [LimitRow] {
        let server = HTTPServerOptions()
        return [
            (area: "serve", name: "a request body (`--max-body`)", value: "default " + Format.bytes(server.bodyLimit), note: "413 past it, refused before it is read when `Content-Length` says so"),
            (area: "serve", name: "a request head", value: Format.bytes(server.connectionMemoryLimit) + " of connection memory", note: "a request line or head over half of it is 414 or 431"),
            (area: "serve", name: "a chunk line (size and extensions)", value: Format.grouped(HTTPHeadCheck.chunkLineLimit) + " bytes", note: "400 past it"),
            (area: "serve", name: "a slow client (`--client-timeout`)", value: "default \(server.clientTimeout) s idle", note: "then the connection is closed"),
            (area: "serve", name: "connections open", value: Format.grouped(server.connectionLimit), note: ""),
            (area: "serve", name: "requests waiting for a worker (`--queue`)", value: "default 64", note: "then 503 with `Retry-After`"),
            (area: "serve", name: "a request, waiting and drawing (`--deadline`)", value: "default 10 s", note: "then 504"),
            (area: "serve", name: "query pairs", value: Format.grouped(QueryString.pairLimit), note: "the rest dropped"),
            (area: "serve", name: "a whole request head (`--header-timeout`)", value: "default \(Limits.number(server.headerTimeout)) s", note: "from the connection opening or the last answer, however steadily its bytes come; then closed"),
            (area: "serve", name: "a body's rate (`--min-body-rate`)", value: "default " + Format.bytes(server.minBodyRate) + "/s after its first `--header-timeout` seconds", note: "then closed; `0` for none"),
            (area: "serve", name: "connections from one address (`--max-connections-per-address`)", value: "default " + Format.grouped(server.connectionsPerAddress), note: "a new one takes the place of that address's oldest connection still sending its request"),
            (area: "serve", name: "`/staticmap` paths (`path`)", value: Format.grouped(StaticMapPaths.pathLimit) + " a request", note: "400 past it"),
            (area: "serve", name: "`/staticmap` path points", value: Format.grouped(StaticMapPaths.pointLimit) + " a request, all paths together", note: "an `enc:` polyline counted as half its characters; 400 past it"),
            (area: "serve", name: "`/staticmap` `visible` places", value: Format.grouped(StaticMapPaths.visibleLimit) + " a request", note: "400 past it"),
            (area: "serve", name: "`/staticmap` custom icons (`markers=icon:`)", value: Format.grouped(StaticMapIcon.distinctLimit) + " different icons a request", note: "as Google's; 400 past it"),
            (area: "serve", name: "a `/staticmap` icon from a host (`--allow-icon-host`)", value: Format.bytes(StaticMapIcon.fetchedSizeLimit) + ", 4096 × 4096 pixels", note: "fetched as tiles are (the tile cache, `--tile-timeout`, private addresses refused unless `--allow-private-network`), no redirect followed; 400 past it"),
            (area: "serve", name: "`/staticmap` Google styles (`style`)", value: Format.grouped(StaticMapStyleRules.styleLimit) + " a request, " + Format.grouped(StaticMapStyleRules.itemLimit) + " items (selectors and rules) a style", note: "`weight` at most " + Format.grouped(Int(StaticMapStyleRules.weightLimit)) + " pixels; 400 past them"),
            (area: "serve", name: "rate-limit buckets (`--rate`)", value: Format.grouped(RateLimiter.bucketLimit), note: "one a token or client address; the least recently used dropped first"),
            (area: "serve", name: "an `X-Request-Id` taken from a request", value: "1 to " + Format.grouped(RequestID.lengthLimit) + " characters of `A–Z a–z 0–9 . _ -`", note: "any other gets a new id"),
        ]
    }

    static var limits: String {
        var lines = [
            "# Limits",
            "",
            madeBy("`Limits` (Sources/InfoWinCheck/Support/Limits.swift) and `serve`'s settings"),
            "",
            "Every bound infowin holds its input to, with its value or default. Past a limit, a command fails with",
            "exit status 1, a message naming the limit and the JSON path, and no file written (`serve` answers with",
            "the status named). Why each limit is there, and what grows with input: [Security and limits](../security.md).",
        ]
        var area = ""
        for limit in Limits.table.map({ ($0.area, $0.name, $0.value, $0.note) as LimitRow }) + serveLimits {
            if limit.area != area {
                area = limit.area
                lines += ["", "## \(area.prefix(1).uppercased() + area.dropFirst())", "", "| limit | value | notes |", "|---|---|---|"]
            }
            lines.append("| \(cell(limit.name)) | \(cell(limit.value)) | \(cell(limit.note)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Project config

    static var projectConfig: String {
        var lines = [
            "# Project config keys",
            "",
            madeBy("`ProjectConfig.keys` (Sources/InfoWinCheck/Config)"),
            "",
            "The keys of `infowin.json`, each giving a default value to one option in every command that has it.",
            "Where the file is read from, precedence and errors: [Project config](../project-config.md).",
            "",
            "| key | JSON | option | meaning |",
            "|---|---|---|---|",
        ]
        for key in ProjectConfig.keys {
            let option = key.option.map { "`\($0)`" + key.alsoSets.map { " (and `\($0)`)" }.joined() } ?? "—"
            lines.append("| `\(key.name)` | \(key.type) | \(option) | \(key.help) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Markdown

    /// Text as a table cell: one line, pipes escaped.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|")
    }

    /// Help text as Markdown paragraphs: each paragraph's lines joined, characters Markdown would take for
    /// markup (`*`, `<`, a backslash) escaped.
    private static func markdownText(_ text: String) -> String {
        var paragraphs: [String] = [], current: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.isEmpty {
                if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
                current = []
            } else {
                current.append(String(trimmed))
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        return paragraphs.map(escaped).joined(separator: "\n\n")
    }

    private static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\", "*", "<": out += "\\" + String(character)
            default: out.append(character)
            }
        }
        return out
    }
}

extension String {
    /// This string with every `target` replaced by `replacement` (Foundation's, without Foundation).
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
