import InfoWinKit

/// `infowin`: picks the command, handles `--help` and `--version`, turns usage errors into status 2.
enum CommandLineTool {
    static var commands: [any Command.Type] { [RenderCommand.self, BatchCommand.self, DiffCommand.self, CheckCommand.self, ReportCommand.self, PlayCommand.self, HitCommand.self, ValidateCommand.self, ServeCommand.self, ReviewCommand.self, SchemaCommand.self, VersionCommand.self, DoctorCommand.self, CompletionCommand.self, ManualCommand.self] }

    /// What infowin is, a paragraph: the help's and the man page's.
    static let about = """
        Draws map markers and their info windows, the way the Google Maps SDK for iOS draws them (or the
        Android and web SDKs), over a plain map or real map tiles, as PNG, JPEG, WebP, SVG or PDF images,
        from a JSON spec (see README.md and SPEC.md).
        """

    /// The column the commands' summaries start in.
    private static var nameWidth: Int { (commands.map { $0.name.count }.max() ?? 0) + 2 }

    static let help = """
        USAGE: infowin <command> [options]

        \(about)

        COMMANDS:
        \(commands.map { HelpWrapping.entry($0.name, width: nameWidth, $0.summary) }.joined(separator: "\n"))

        OPTIONS:
        \(OptionSpec.helpLines(globalOptions))

        EXIT STATUS: 0 success; 1 the work failed; 2 the command line is wrong.
        """

    /// True when the command `arguments` name draws images (and so needs fontconfig's configuration): `render`,
    /// `play`, `serve`, and the workers of `batch` and `check` (their parents only read what workers send).
    static func draws(_ arguments: [String]) -> Bool {
        guard let first = arguments.first else { return false }
        if first == "--worker" { return [BatchCommand.name, CheckCommand.name].contains(arguments.dropFirst().first ?? "") }
        return [RenderCommand.name, PlayCommand.name, ServeCommand.name].contains(first)
    }

    /// Runs the command `arguments` name; results that could not be written to standard output make a
    /// command that succeeded fail.
    static func run(_ arguments: [String]) -> ExitStatus {
        let status = dispatch(arguments)
        guard let reason = Console.standardOutputFailure else { return status }
        Console.error("<stdout>: cannot write: \(reason)")
        return status == .success ? .failure : status
    }

    private static func dispatch(_ arguments: [String]) -> ExitStatus {
        guard let first = arguments.first else {
            Console.error("no command given")
            Console.document(help)
            return .usage
        }
        switch first {
        case "-h", "--help", "help":
            Console.document(help)
            return .success
        case "--version":
            Console.print(InfoWin.versionLine)
            return .success
        case "--worker":
            return WorkerMode.main(Array(arguments.dropFirst()))
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let names = commands.map { $0.name }
            let hint = UsageError.didYouMean(closestName(to: first, among: names))
            Console.error("unknown command '\(first)'\(hint); the commands are: \(names.joined(separator: ", "))")
            return .usage
        }
        return command.main(Array(arguments.dropFirst()))
    }
}
