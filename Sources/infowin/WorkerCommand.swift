import InfoWinKit

/// A command whose items `WorkerProcess` runs in a child process: `batch`, `check`, `validate`.
protocol WorkerCommand: Command {
    /// What the child sends for each item.
    associatedtype Outcome: WorkerOutcome
    /// How many threads work.
    var jobs: Int { get }
    /// Does the items of `specs` that `channel` names, in this process, reporting each on it.
    func work(_ specs: [FoundSpec], channel: WorkerChannel<Outcome>)
}

/// The hidden worker mode, `infowin --worker COMMAND ARGS…`: what `WorkerProcess` starts.
enum WorkerMode {
    /// Runs the work read from standard input for the command `arguments` name.
    static func main(_ arguments: [String]) -> ExitStatus {
        let rest = Array(arguments.dropFirst())
        // A switch, not a list of types: Swift 6.3 crashed compiling a call through `any WorkerCommand.Type`.
        switch arguments.first {
        case BatchCommand.name: return BatchCommand.work(rest)
        case CheckCommand.name: return CheckCommand.work(rest)
        case ValidateCommand.name: return ValidateCommand.work(rest)
        default:
            Console.error("infowin --worker: expected batch, check or validate")
            return .usage
        }
    }
}

extension WorkerCommand {
    /// Parses `arguments` as the parent did, reads the specs and items to do, and does them.
    static func work(_ arguments: [String]) -> ExitStatus {
        guard let command = try? Self(ParsedArguments.parse(arguments, options: options)),
              let input = try? FileSystem.readStandardInput(limit: 1 << 30), let work = try? JSONParser.parse(input, maxStringBytes: 1 << 30),
              case .array(let list)? = work["specs"]?.kind, case .array(let numbers)? = work["items"]?.kind
        else {
            Console.error("infowin --worker \(name): expected a command line and its work")
            return .usage
        }
        let specs = list.compactMap { FoundSpec(json: $0) }
        Interruption.catchSignals()
        CrashReporter.install(slots: command.jobs)
        command.work(specs, channel: WorkerChannel(items: numbers.compactMap { $0.number.map { Int($0) } }))
        return .success
    }
}
