#if canImport(Glibc)
import Glibc
#endif
import InfoWinKit

/// A running worker process (`infowin --worker COMMAND ARGS…`): its id and the read end of its report pipe.
struct WorkerChild {
    let pid: pid_t
    let reports: Int32

    /// How it ended: `death` says how it died, nil when it exited with status 0.
    struct End {
        let death: String?
    }

    /// Starts `/proc/self/exe --worker arguments…`, with `queue` as its descriptor 4 (`ItemQueue`), `input`
    /// writing its standard input.
    static func start(_ arguments: [String], queue: Int32, input: (_ descriptor: Int32) throws(FileSystemError) -> Void) -> WorkerChild? {
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
        posix_spawn_file_actions_adddup2(&actions, queue, workerQueueDescriptor)
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
        return WorkerChild(pid: pid, reports: reports[0])
    }

    /// A pipe that no child keeps open by accident (this process starts no other while making it), its ends
    /// numbered 10 or more: a child's descriptors 0, 3 and 4 are made from them one after another, and none
    /// may be one that a later one is made from.
    static func pipeClosedOnExec(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for index in ends.indices {
            let moved = fcntl(ends[index], F_DUPFD_CLOEXEC, Int32(10))
            close(ends[index])
            ends[index] = moved
        }
        guard ends.allSatisfy({ $0 >= 0 }) else {
            for end in ends where end >= 0 { close(end) }
            return false
        }
        return true
    }

    private static func failed(_ message: String) -> WorkerChild? {
        Console.error("infowin: \(message)")
        return nil
    }

    /// Reads what the child has reported so far into `chunk` (call it when `poll` says there is something),
    /// calling `line` with each line it completes; false at the report pipe's end, which it then closes.
    func read(into lines: inout LineSplitter, chunk: inout [UInt8], line: ([UInt8]) -> Void) -> Bool {
        let count = chunk.withUnsafeMutableBytes { Glibc.read(reports, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return true }
        guard count > 0 else {
            close(reports)
            return false
        }
        lines.add(chunk[..<count], line: line)
        return true
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
