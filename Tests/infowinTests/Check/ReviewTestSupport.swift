import Foundation
import InfoWinTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A check report with failures to approve, and `infowin review` run on it on 127.0.0.1 for one test.
enum Review {
    static let fonts = ReportMergeCommandTests.fonts

    static func run(_ arguments: [String], in folder: TemporaryFolder) throws -> CLIResult {
        try ReportMergeCommandTests.run(arguments, in: folder)
    }

    /// specs/a, b (in a sub-folder, sub/b) and c with goldens; a and sub/b changed since, so that the
    /// report folder `report` holds two failures (with actual images and layout reports) and one pass.
    static func reportWithTwoFailures() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in ["a", "sub/b", "c"] { try folder.write(ReportMergeCommandTests.spec("Title \(name)"), to: "specs/\(name).json") }
        _ = try run(["check", "specs", "--golden", "golden", "--record", "all"] + fonts, in: folder)
        try folder.write(ReportMergeCommandTests.spec("Changed a"), to: "specs/a.json")
        // Two causes (a's title; b's title and snippet), so two entries on the page.
        try folder.write(ReportMergeCommandTests.spec("Changed b", snippet: "and a snippet"), to: "specs/sub/b.json")
        let check = try run(["check", "specs", "--golden", "golden", "--record", "never", "--report", "report"] + fonts, in: folder)
        guard check.status == 1, folder.exists("report/a.actual.layout.json"), folder.exists("report/sub/b.actual.png") else {
            throw CLIError(description: "the check did not fail as planned: \(check.stdoutText) \(check.stderr)")
        }
        return folder
    }

    /// A folder with golden/ and report/ where g1.json and g2.json fail from one cause (their title key
    /// changed alike): one group.
    static func reportWithOneGroup() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in ["g1", "g2"] { try folder.write(ReportMergeCommandTests.spec("Title \(name)"), to: "specs/\(name).json") }
        let check = ["check", "specs", "--golden", "golden"] + fonts
        _ = try run(check + ["--record", "all"], in: folder)
        for name in ["g1", "g2"] { try folder.write(ReportMergeCommandTests.spec("Changed \(name)"), to: "specs/\(name).json") }
        let failed = try run(check + ["--record", "never", "--report", "report"], in: folder)
        guard failed.status == 1, folder.exists("report/g2.actual.png") else {
            throw CLIError(description: "the check did not fail as planned: \(failed.stdoutText) \(failed.stderr)")
        }
        return folder
    }

    /// The goldens' bytes by name, to tell what an approval changed.
    static func goldens(_ folder: TemporaryFolder) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for name in ["a.png", "a.layout.json", "sub/b.png", "sub/b.layout.json", "c.png", "c.layout.json"] {
            files[name] = try folder.bytes("golden/" + name)
        }
        return files
    }

    /// A running review: its port and the token its page carries.
    struct Session {
        let port: Int
        let token: String
        let process: Process

        var origin: String { "http://127.0.0.1:\(port)" }

        /// Posts an approval of `names` with the token, the page's origin and `headers` (which win).
        func approve(_ names: [String], headers: [String: String] = [:]) throws -> RawHTTPResponse {
            var all = ["Content-Type": "application/json", "X-Infowin-Review-Token": token, "Origin": origin, "Sec-Fetch-Site": "same-origin"]
            all.merge(headers) { $1 }
            let body = try JSONSerialization.data(withJSONObject: ["names": names])
            return try RawHTTP.request(port: port, "POST", "/approve", headers: all.filter { !$0.value.isEmpty }, body: Array(body))
        }
    }

    /// Runs `infowin review --golden golden --report REPORT` in `folder` on a free port,
    /// waits for its page, calls `body`, then sends `signal`; returns how the review ended.
    @discardableResult
    static func with(
        _ folder: TemporaryFolder, report: String = "report", signal: Int32 = SIGINT, _ body: (Session) throws -> Void
    ) throws -> CLIResult {
        let port = try Serve.freePort()
        var failure: (any Error)?
        let result = try withoutActuallyEscaping(body) { body in
            try CLI.run(["review", "--golden", "golden", "--report", report, "--port", "\(port)"], in: folder.url, hangGuard: 90) { process in
                do {
                    try body(try session(port: port, process: process))
                } catch {
                    failure = error
                }
                if process.isRunning { kill(process.processIdentifier, signal) }
            }
        }
        if let failure { throw CLIError(description: "\(failure); review said: \(result.stdoutText) \(result.stderr)") }
        return result
    }

    private static func session(port: Int, process: Process) throws -> Session {
        for _ in 0..<600 {
            guard process.isRunning else { throw CLIError(description: "infowin review ended (status \(process.terminationStatus))") }
            if let page = try? RawHTTP.request(port: port, "GET", "/"), page.status == 200 {
                guard let token = token(in: page.text) else { throw CLIError(description: "the page carries no token: \(page.text.prefix(400))") }
                return Session(port: port, token: token, process: process)
            }
            usleep(50_000)
        }
        throw CLIError(description: "infowin review did not serve its page after 30 s")
    }

    /// The token in the served page's `<meta name="infowin-review-token" content="…">`.
    static func token(in page: String) -> String? {
        let marker = "<meta name=\"infowin-review-token\" content=\""
        guard let start = page.range(of: marker)?.upperBound, let end = page[start...].firstIndex(of: "\"") else { return nil }
        return String(page[start..<end])
    }
}
