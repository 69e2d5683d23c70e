#if canImport(Glibc)
import Glibc
#endif
import InfoWinKit

/// Runs a batch's items in a child process, this binary again (`/proc/self/exe --worker COMMAND ARGS…`, or
/// `argv[0]` where there is no `/proc`), so that a crash costs only the specs it was rendering: when the
/// child dies of a signal, the items it had started and not finished become crash outcomes, and a new
/// child goes on with the items not yet done.
///
/// The child reads the work from its standard input (`WorkOrder`: the items to do, then a line a spec),
/// and reports on descriptor 3 (`WorkerChannel`); its standard output and error are the parent's.
/// SIGINT and SIGTERM reaching the parent are passed on to the child, which finishes the items it is on
/// and starts no more, as a batch in one process does.
struct WorkerProcess<Outcome: WorkerOutcome> {
    /// The command the child runs, and its arguments: `batch …`, `check …`, `validate …`.
    let arguments: [String]

    /// Runs every item of `specs` (each spec in each of its `variants`): `finished` sees each outcome as it
    /// comes, and `inOrder` each spec's outcomes (nil for an item an interruption left undone), in the specs'
    /// order, as soon as that spec and those before it are done; none is kept after. Returns how many items
    /// were done. When several items were in flight as the child died, each is run again alone in a child of
    /// its own: only the one that dies then is a crash.
    @discardableResult
    func run(
        _ specs: [FoundSpec], variants: Int, finished: (_ item: BatchItem, _ done: Int) -> Void,
        inOrder: (_ spec: [Outcome?]) -> Void
    ) -> Int {
        let itemCount = specs.count * variants
        var ordered = OutcomesInOrder<Outcome>(variants: variants, specCount: specs.count)
        var isDone = [Bool](repeating: false, count: itemCount)
        var done = 0
        var remaining = Array(0..<itemCount)
        var suspects: [Int] = []
        while !remaining.isEmpty && !Interruption.isRequested {
            let alone = suspects.first
            let items = alone.map { [$0] } ?? remaining
            guard let child = Child.start(arguments, input: { descriptor throws(FileSystemError) in
                try WorkOrder.write(specs: specs, items: items, to: descriptor)
            }) else { break }
            // Items started (by number), and those of them not yet ended: only these can have crashed it.
            var started: [Int: BatchItem] = [:]
            var inFlight: Set<Int> = []
            var progressed = false
            func record(_ item: BatchItem, _ outcome: Outcome) {
                guard item.index < itemCount, !isDone[item.index] else { return }
                isDone[item.index] = true
                // Done: it can no longer be the one a crash takes (100,000 items kept cost their specs twice).
                started[item.index] = nil
                done += 1
                progressed = true
                finished(item, done)
                ordered.add(item.index, outcome, ready: inOrder)
            }
            child.readLines { line in
                guard let message = try? JSONParser.parse(line) else { return }
                if let item = BatchItem(json: message["started"]) {
                    started[item.index] = item
                    inFlight.insert(item.index)
                } else if let index = message["ended"]?.number.map({ Int($0) }) {
                    inFlight.remove(index)
                } else if let index = message["finished"]?.number.map({ Int($0) }), let item = started[index],
                          let outcome = message["outcome"].flatMap({ Outcome(json: $0) }) {
                    record(item, outcome)
                }
            }
            let end = child.wait()
            if alone != nil { suspects.removeFirst() }
            if let died = end.death {
                // One that ended but was not reported finished is simply done again.
                let lost = inFlight.sorted().compactMap { started[$0] }
                if lost.count == 1 {
                    record(lost[0], Outcome(item: lost[0], died: died))
                } else if !lost.isEmpty {
                    suspects = lost.map(\.index)
                    progressed = true
                }
                // One that died before finishing anything would die again.
                guard progressed else {
                    Console.error("infowin: the worker process \(died) before finishing any spec")
                    break
                }
            } else if alone == nil {
                break  // It did all it would: everything, or what it had started when interrupted.
            }
            remaining = remaining.filter { !isDone[$0] }
        }
        ordered.finish(ready: inOrder)
        return done
    }
}

/// A running child process: its id and the read end of its report pipe.
private struct Child {
    let pid: pid_t
    let reports: Int32

    /// How it ended: `death` says how it died, nil when it exited with status 0.
    struct End {
        let death: String?
    }

    /// Starts `/proc/self/exe --worker arguments…`, `input` writing its standard input.
    static func start(_ arguments: [String], input: (_ descriptor: Int32) throws(FileSystemError) -> Void) -> Child? {
        var work: [Int32] = [0, 0], reports: [Int32] = [0, 0]
        guard pipeClosedOnExec(&work) else { return failed("cannot make a pipe") }
        guard pipeClosedOnExec(&reports) else {
            close(work[0]); close(work[1])
            return failed("cannot make a pipe")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, work[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, reports[1], workerReportDescriptor)
        // The C strings are ours, freed once the child has its copies.
        let argv = ([CommandLine.arguments.first ?? "infowin", "--worker"] + arguments).map { strdup($0) } + [nil]
        var pid: pid_t = 0
        var status = posix_spawn(&pid, "/proc/self/exe", &actions, nil, argv, environ)
        if status == ENOENT, let name = argv[0] {
            // No /proc (a bare chroot): the name this process was started by, found as the shell found it.
            status = posix_spawnp(&pid, name, &actions, nil, argv, environ)
        }
        for pointer in argv { free(pointer) }
        posix_spawn_file_actions_destroy(&actions)
        close(work[0])
        close(reports[1])
        guard status == 0 else {
            close(work[1]); close(reports[0])
            return failed("cannot start a worker process: " + String(cString: strerror(status)))
        }
        // A child that died before reading it all is found out by its end, not by this write.
        try? input(work[1])
        close(work[1])
        return Child(pid: pid, reports: reports[0])
    }

    /// A pipe that no child keeps open by accident (this process starts no other while making it).
    private static func pipeClosedOnExec(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private static func failed(_ message: String) -> Child? {
        Console.error("infowin: \(message)")
        return nil
    }

    /// Calls `line` with each line the child reports, until it closes the pipe. While it waits, a SIGINT
    /// or SIGTERM that reached this process is passed on, once.
    func readLines(_ line: ([UInt8]) -> Void) {
        var lines = LineSplitter()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var forwarded = false
        var poller = pollfd(fd: reports, events: Int16(POLLIN), revents: 0)
        while true {
            if Interruption.isRequested && !forwarded {
                kill(pid, SIGTERM)
                forwarded = true
            }
            // A short wait: a signal that lands just before poll starts is still seen soon.
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(reports, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { break }
            lines.add(chunk[..<count], line: line)
        }
        close(reports)
    }

    /// The signals a worker may die of, by number.
    private static let signalNames: [Int32: String] = [
        SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGFPE: "SIGFPE", SIGABRT: "SIGABRT",
        SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGPIPE: "SIGPIPE", SIGSYS: "SIGSYS", SIGXCPU: "SIGXCPU",
    ]

    /// Waits for the child to end.
    func wait() -> End {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return End(death: "vanished") }
        }
        let signal = status & 0x7F
        if signal != 0 {
            let name = Self.signalNames[signal] ?? "an unknown signal"
            return End(death: "crashed (signal \(signal), \(name))")
        }
        let code = (status >> 8) & 0xFF
        return End(death: code == 0 ? nil : "crashed (exited with status \(code))")
    }
}
