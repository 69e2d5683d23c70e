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
        USAGE: \(usage)

        \(discussion)

        OPTIONS:
        \(OptionSpec.helpLines(optionsWithHelp))

        EXIT STATUS: 0 success; 1 the work failed (nothing half-written is left); 2 the command line is wrong.
        """
    }
}

extension OptionSpec {
    /// `options` as the help lists them: spellings and placeholder in one column, the help in the next.
    static func helpLines(_ options: [OptionSpec]) -> String {
        let labels = options.map { option in
            option.names.joined(separator: ", ") + (option.valueName.map { " " + $0 } ?? "")
        }
        let width = (labels.map(\.count).max() ?? 0) + 2
        return zip(labels, options).map { label, option in
            "  " + label + String(repeating: " ", count: width - label.count) + option.help
                + (option.repeatable ? " (repeatable)" : "")
        }.joined(separator: "\n")
    }
}
