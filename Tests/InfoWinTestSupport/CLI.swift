import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What one run of the `infowin` binary did.
public struct CLIResult {
    /// The exit status (or the signal's number, when `signalled`).
    public let status: Int32
    /// Standard output's bytes.
    public let stdout: [UInt8]
    /// Standard error, as UTF-8 text.
    public let stderr: String
    /// True when the hang guard had to kill the process.
    public var hung = false
    /// True when the process ended by a signal (a crash, or the guard).
    public var signalled = false

    /// Standard output as UTF-8 text.
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

/// A test's own failure to run or read something, told in a sentence.
public struct CLIError: Error, CustomStringConvertible {
    /// The sentence.
    public let description: String

    /// An error that says `description`.
    public init(description: String) { self.description = description }
}

/// Runs the `infowin` executable that SwiftPM built beside the test bundle.
public enum CLI {
    /// The repository's folder.
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The fonts golden images are drawn with (the test fixtures' list), as command-line options.
    public static let pinnedFontOptions: [String] = {
        let list = repository.appendingPathComponent("Tests/InfoWinKitTests/Fixtures/pinned-fonts.txt")
        let files = ((try? String(contentsOf: list, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        return ["--hermetic-fonts"] + files.flatMap { ["--font", $0] }
    }()

    /// `<scratch>/debug/infowin`: the folder of the test bundle's executable (or of argv[0]) plus `infowin`.
    public static func binaryURL() throws -> URL {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("infowin"))
        }
        if let first = CommandLine.arguments.first {
            let argv0 = URL(fileURLWithPath: first).standardizedFileURL
            candidates.append(argv0.deletingLastPathComponent().appendingPathComponent("infowin"))
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("infowin"))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw CLIError(description: "the infowin binary is missing; looked at: "
            + candidates.map(\.path).joined(separator: ", ")
            + " (build it first: swift build --build-tests)")
    }

    /// Runs `infowin arguments…` (or `executable`) in `folder`, feeding `stdin` (or an empty standard input),
    /// with `environment` (or the test's own). Standard output and error go through files, so a large PNG
    /// on stdout cannot deadlock a pipe. SIGINT and SIGTERM are unblocked in the child, as a shell starts
    /// it (test threads block them), or blocked with `blockingInterrupts`. `onStart` sees the running
    /// process; with `hangGuard`, a process still running after that many seconds is killed and reported.
    public static func run(
        _ arguments: [String], stdin: [UInt8]? = nil, in folder: URL? = nil, environment: [String: String]? = nil,
        executable: URL? = nil, blockingInterrupts: Bool = false, hangGuard: Double? = nil,
        onStart: ((Process) -> Void)? = nil
    ) throws -> CLIResult {
        let io = FileManager.default.temporaryDirectory
            .appendingPathComponent("infowin-cli-io-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: io, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: io) }
        let inURL = io.appendingPathComponent("stdin")
        let outURL = io.appendingPathComponent("stdout")
        let errURL = io.appendingPathComponent("stderr")
        try Data(stdin ?? []).write(to: inURL)
        try Data().write(to: outURL)
        try Data().write(to: errURL)

        let input = try FileHandle(forReadingFrom: inURL)
        let output = try FileHandle(forWritingTo: outURL)
        let error = try FileHandle(forWritingTo: errURL)
        defer {
            try? input.close()
            try? output.close()
            try? error.close()
        }

        let process = Process()
        process.executableURL = try executable ?? binaryURL()
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let environment { process.environment = environment }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        // The child inherits the signal mask of the thread that starts it.
        var interrupts = sigset_t()
        sigemptyset(&interrupts)
        sigaddset(&interrupts, SIGINT)
        sigaddset(&interrupts, SIGTERM)
        var previousMask = sigset_t()
        pthread_sigmask(blockingInterrupts ? SIG_BLOCK : SIG_UNBLOCK, &interrupts, &previousMask)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
        try process.run()
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        onStart?(process)
        var hung = false
        if let hangGuard {
            let deadline = Date().addingTimeInterval(hangGuard)
            while process.isRunning {
                if Date() > deadline {
                    hung = true
                    kill(process.processIdentifier, SIGKILL)
                    break
                }
                usleep(5_000)
            }
        }
        process.waitUntilExit()

        return CLIResult(
            status: process.terminationStatus,
            stdout: Array(try Data(contentsOf: outURL)),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
            hung: hung, signalled: process.terminationReason == .uncaughtSignal)
    }
}
