/// A subcommand: its name, its help, the options it accepts, and how it runs.
protocol Command {
    /// The word after `infowin`.
    static var name: String { get }
    /// One line for the list of commands.
    static var summary: String { get }
    /// The usage line.
    static var usage: String { get }
    /// What it does, a paragraph.
    static var discussion: String { get }
    /// The options, `--help` excluded.
    static var options: [OptionSpec] { get }
    /// True when the project config file gives its options default values (and it takes `--config` and
    /// `--no-config`): by default, when it takes options.
    static var readsProjectConfig: Bool { get }
    /// Options another command takes that this one refuses on purpose, each with the reason the user is
    /// told (review's `--listen`: it serves on 127.0.0.1 only).
    static var refusedOptions: [String: String] { get }

    /// Checks the arguments without doing any work.
    init(_ arguments: ParsedArguments) throws(UsageError)
    /// Does the work.
    func run() -> ExitStatus
}

extension Command {
    static var readsProjectConfig: Bool { !options.isEmpty }
    static var refusedOptions: [String: String] { [:] }

    /// Every option it accepts: its own, and the config file's.
    static var acceptedOptions: [OptionSpec] {
        options + (readsProjectConfig ? ProjectConfigOptions.options : [])
    }

    /// The command `arguments` make, with the project config file's values merged in.
    static func parse(_ arguments: [String]) throws(UsageError) -> Self {
        for argument in arguments.prefix(while: { $0 != "--" }) {
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if let reason = refusedOptions[name] { throw UsageError(message: "\(name): \(reason)") }
        }
        let given = try ParsedArguments.parse(arguments, options: acceptedOptions)
        guard readsProjectConfig else { return try Self(given) }
        return try ProjectConfigOptions.merge(given, options: options).make { arguments throws(UsageError) in try Self(arguments) }
    }

    /// Shows the help, or parses `arguments` and runs; a wrong command line is status 2.
    static func main(_ arguments: [String]) -> ExitStatus {
        if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
            Console.document(help)
            return .success
        }
        let command: Self
        do throws(UsageError) {
            command = try parse(arguments)
        } catch {
            Console.error("infowin \(name): \(error.message)", hint: error.status == .usage ? "Run 'infowin \(name) --help' for usage." : nil)
            return error.status
        }
        return command.run()
    }

    /// The full `--help` text.
    static var help: String {
        """
        USAGE: \(HelpWrapping.usage(usage))

        \(discussion)

        OPTIONS:
        \(OptionSpec.helpLines(optionsWithHelp))

        EXIT STATUS: 0 success; 1 the work failed (nothing half-written is left); 2 the command line is
        wrong.
        """
    }
}

extension OptionSpec {
    /// The help's lines are at most this wide, as its paragraphs are written.
    static let helpColumns = 100

    /// `options` as the help lists them: spellings and placeholder in one column, the help in the next,
    /// wrapped at `helpColumns` (a line that goes on is indented to the help's column).
    static func helpLines(_ options: [OptionSpec]) -> String {
        let labels = options.map { option in
            option.names.joined(separator: ", ") + (option.valueName.map { " " + $0 } ?? "")
        }
        let width = (labels.map(\.count).max() ?? 0) + 2
        return zip(labels, options).map { label, option in
            HelpWrapping.entry(label, width: width, option.help + (option.repeatable ? " (repeatable)" : ""))
        }.joined(separator: "\n")
    }
}

/// Text broken into lines at spaces, for the help.
enum HelpWrapping {
    /// `text`'s words in lines of at most `columns` characters (at least 20; a longer word has a line of
    /// its own).
    static func lines(_ text: String, columns: Int) -> [String] {
        let columns = max(20, columns)
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty && line.count + 1 + word.count > columns {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return line.isEmpty ? lines : lines + [line]
    }

    /// A help's entry: `label` indented by two spaces in a column `width` wide, then `text` wrapped at
    /// `OptionSpec.helpColumns`, each line that goes on indented to the text's column.
    static func entry(_ label: String, width: Int, _ text: String) -> String {
        let indent = 2 + width
        let lines = lines(text, columns: OptionSpec.helpColumns - indent)
        return "  " + label + String(repeating: " ", count: max(1, width - label.count)) + lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }

    /// The usage line `usage` wrapped at `OptionSpec.helpColumns` after "USAGE: ", a line that goes on
    /// indented under the command's name.
    static func usage(_ usage: String) -> String {
        let prefix = "USAGE: "
        return lines(usage, columns: OptionSpec.helpColumns - prefix.count - 2).joined(separator: "\n" + String(repeating: " ", count: prefix.count + 2))
    }
}
