#if canImport(Glibc)
import Glibc
#endif
import InfoWinCheck
import InfoWinKit

/// A command whose items `WorkerProcess` runs in a child process: `batch`, `check`, `validate`.
protocol WorkerCommand: Command {
    /// What the child sends for each item.
    associatedtype Outcome: WorkerOutcome
    /// How many worker processes work at once.
    var jobs: Int { get }
    /// The arguments it was made from, the config file's values merged in: what a worker is given.
    var arguments: ParsedArguments { get }
    /// Does the items of `specs` that `channel` names, in this process, reporting each on it.
    func work(_ specs: SpecList, channel: WorkerChannel<Outcome>)
}

/// The hidden worker mode, `infowin --worker COMMAND ARGS…`: what `WorkerProcess` starts.
enum WorkerMode {
    /// Runs the work read from standard input for the command `arguments` name.
    static func main(_ arguments: [String]) -> ExitStatus {
        let rest = Array(arguments.dropFirst())
        // A switch, not a list of types: Swift 6.3 crashed compiling a call through `any WorkerCommand.Type`.
        switch arguments.first {
        case BatchCommand.name: return BatchCommand.runAsWorker(rest)
        case CheckCommand.name: return CheckCommand.runAsWorker(rest)
        case ValidateCommand.name: return ValidateCommand.runAsWorker(rest)
        default:
            Console.error("infowin --worker: expected batch, check or validate")
            return .usage
        }
    }
}

extension WorkerCommand {
    /// Worker processes for this command: each is given its arguments as the parent merged them
    /// (`--no-config` among them), so that it applies the same config file's values, read once.
    /// `--jobs N` is N of them, each on one thread.
    var workers: WorkerProcess<Outcome> {
        var oneThread = arguments
        oneThread.values["--jobs"] = ["1"]
        return WorkerProcess(arguments: [Self.name] + oneThread.commandLine, processes: jobs)
    }

    /// Parses `arguments` as the parent did, reads the specs and items to do, and does them.
    static func runAsWorker(_ arguments: [String]) -> ExitStatus {
        guard let command = try? parse(arguments), let order = WorkOrder.read(from: STDIN_FILENO) else {
            Console.error("infowin --worker \(name): expected a command line and its work")
            return .usage
        }
        Interruption.catchSignals()
        CrashReporter.install(slots: command.jobs)
        command.work(order.specs, channel: WorkerChannel(items: order.items))
        return .success
    }
}
