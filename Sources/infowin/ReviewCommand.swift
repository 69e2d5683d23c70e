import HTTPServer
import InfoWinCheck
import InfoWinKit
import InfoWinServe

/// `infowin review --golden DIR --report DIR [--port N]`.
struct ReviewCommand: Command {
    static let name = "review"
    static let summary = "serve a check report on 127.0.0.1 with buttons that approve failures (copy them over their goldens)"
    static let usage = "infowin review --golden DIR --report DIR [--port N]"
    static let discussion = """
        Serves the report `infowin check --report DIR` (or `infowin report merge`) wrote, on 127.0.0.1
        only, and prints its address. Served, the page shows an "approve" button on each failure and an
        "approve all shown" button for the failures the filters show: approving copies the failure's
        actual image and its layout report from the report folder over its golden image and layout report
        in the golden folder (a missing golden is created). Nothing is written outside the golden folder,
        no link is followed or written through, and the goldens of one approval are written all or none.
        Each approval needs the run's random token, which the served page carries and a page from another
        site cannot read or send; a request from another origin or for another host is refused (403).
        Every golden changed is printed, for you to commit. It trusts nothing in the report folder: the page
        it serves is its own, written from results.json (never the folder's HTML or script); of the
        folder's files it serves images and JSON only, and besides them only the spec (a .json file inside
        the current folder, the project checked) and the golden (inside the golden folder) each entry links
        to, read without following a link. Opened from file://, the page shows no buttons. It listens on
        127.0.0.1 alone: --listen and --host are refused. Ctrl-C (SIGINT) or SIGTERM stops the server; the
        exit status is then 0.
        """
    static let options = [
        OptionSpec(names: ["--golden"], valueName: "DIR", help: "the golden folder the report was checked against: approvals write there only"),
        OptionSpec(names: ["--report"], valueName: "DIR", help: "the report folder check --report wrote (index.html, results.json, images)"),
        OptionSpec(names: ["--port"], valueName: "N", help: "the port on 127.0.0.1 to serve on (default 0: a free one, printed)"),
    ]

    static let refusedOptions = Dictionary(uniqueKeysWithValues: ["--listen", "--host", "--bind", "--address"].map {
        ($0, "review serves on 127.0.0.1 only, never another address: its page writes into your golden folder (choose the port with --port N)")
    })

    let goldenFolder: String
    let reportFolder: String
    let port: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.expectNoPositionals { "review takes no SPEC (it serves a report folder): \($0)" }
        goldenFolder = try arguments.required("--golden", missing: "missing --golden DIR (the golden folder the report was checked against)")
        reportFolder = try arguments.required("--report", missing: "missing --report DIR (the report folder check --report wrote)")
        let text = arguments.value("--port") ?? "0"
        guard let port = Int(text), (0...65535).contains(port) else {
            throw UsageError(message: "--port: expected a whole number from 0 to 65535 (0 picks a free port), got '\(text)'")
        }
        self.port = port
    }

    func run() -> ExitStatus {
        let approval: GoldenApproval
        let page: String
        let token = Self.newToken()
        do throws(InfoWinError) {
            approval = try GoldenApproval(reportFolder: reportFolder, goldenFolder: goldenFolder)
            // Our own page, written afresh from results.json: the folder's index.html (and any script in the
            // folder) may be someone else's, and a page served here could post approvals.
            guard let served = CheckReports.reviewPage(CheckReports.html(approval.results), token: token) else {
                throw InfoWinError.io(file: Path.join(reportFolder, "results.json"), message: "cannot be made into a review page")
            }
            page = served
        } catch {
            Console.error(error.message)
            return .failure
        }
        let stop = StopSignals.block()
        let changes = Locked<[GoldenApproval.Change]>([])
        let server: HTTPServer
        let socket: ListeningSocket
        do throws(HTTPServerError) {
            socket = try ListeningSocket.bind(host: "127.0.0.1", port: port)
            let service = ReviewService(approval: approval, page: page, token: token, port: socket.port) { approved in
                for change in approved {
                    Console.print("approved \(change.name): \(change.files.joined(separator: ", "))")
                }
                changes.withLock { $0 += approved }
            }
            server = try HTTPServer(socket: socket, handler: service)
        } catch {
            Console.error("infowin review: \(error.message)")
            return .failure
        }
        let waiting = approval.approvable.count
        Console.print("infowin review: http://127.0.0.1:\(socket.port)/ serves the report of \(Path.join(reportFolder, "results.json")) "
            + "(\(Format.count(waiting, "failure")) to approve into \(goldenFolder)); Ctrl-C stops")
        let received = stop.wait()
        server.stop()
        let approved = changes.withLock { $0 }
        let files = Set(approved.flatMap(\.files)).count
        Console.print("stopped (\(received)): " + (approved.isEmpty
            ? "no golden changed"
            : "\(Format.count(Set(approved.map(\.name)).count, "spec")) approved, \(Format.count(files, "golden file")) changed in \(goldenFolder): commit them"))
        return Console.standardOutputFailure == nil ? .success : .failure
    }

    /// 32 random bytes in hexadecimal, from the system's secure generator.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let digits = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}
