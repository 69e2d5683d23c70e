import HTTPServer
import InfoWinCheck
import InfoWinKit

/// `infowin review`'s answers, on 127.0.0.1: its own report page, built from `results.json`, with the run's
/// token in it (`GET /`), the report folder's images and JSON files (`GET /…`, regular files only, no link
/// followed; never its HTML or script), the spec and golden files its entries link to when they lie inside
/// the project (the current folder) or the golden folder, and approvals (`POST /approve`, JSON `{"names": [...]}` with the token in
/// `X-Infowin-Review-Token`). A request that names another host (DNS rebinding), comes from another origin
/// or another site, or lacks the token is answered 403.
package final class ReviewService: HTTPHandler, Sendable {
    private let approval: GoldenApproval
    private let page: [UInt8]
    private let token: [UInt8]
    /// `127.0.0.1:PORT` and `localhost:PORT`: the hosts a page served from here names (a client may
    /// leave the port out); a name another site resolves to 127.0.0.1 (DNS rebinding) is none of them.
    private let hosts: [String]
    private let changed: @Sendable ([GoldenApproval.Change]) -> Void
    /// The project's folder (the current one, resolved): the specs checked lie inside it.
    private let project = FileSystem.realPath(FileSystem.currentFolder()) ?? FileSystem.currentFolder()

    /// The report folder's files served, by extension: raster images (the registry's) and JSON, never a
    /// page, a script or an SVG (the folder may be someone else's, and a page served here could post approvals).
    static var servedExtensions: Set<String> {
        Set(ImageEncoders.all.filter { $0.document == nil }.flatMap(\.fileExtensions) + ["json"])
    }

    /// Serves `page` (the report page, with the token already in it) and the files of the approval's
    /// report folder on `port`; `changed` is told each approval's goldens once they are written.
    package init(approval: GoldenApproval, page: String, token: String, port: Int, changed: @escaping @Sendable ([GoldenApproval.Change]) -> Void) {
        self.approval = approval
        self.page = Array(page.utf8)
        self.token = Array(token.utf8)
        hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
        self.changed = changed
    }

    /// Answers with the headers every answer carries: not to be framed, sniffed, cached or referred from.
    private static func secured(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers += [
            HTTPHeaderField("Content-Security-Policy", "frame-ancestors 'none'"), HTTPHeaderField("X-Frame-Options", "DENY"),
            HTTPHeaderField("X-Content-Type-Options", "nosniff"), HTTPHeaderField("Referrer-Policy", "no-referrer"),
            HTTPHeaderField("Cache-Control", "no-store"),
        ]
        return response
    }

    package func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        let response: HTTPResponse
        do throws(Problem) {
            response = try answer(request)
        } catch {
            let client = ClientDetail(roots: [approval.reportFolder, approval.goldenFolder, project], sent: request.path, rootName: "<folder>")
            response = error.redacted(for: client).response
        }
        responder.respond(Self.secured(response))
    }

    private func answer(_ request: HTTPRequest) throws(Problem) -> HTTPResponse {
        guard let host = request.header("Host")?.lowercased(), hosts.contains(where: { $0 == host || $0.hasPrefix(host + ":") }) else {
            throw Problem(403, "the Host header must be 127.0.0.1 or localhost with this port: infowin review answers only pages it served")
        }
        switch (request.method, request.path) {
        case ("GET", "/"), ("HEAD", "/"), ("GET", "/index.html"), ("HEAD", "/index.html"):
            return HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", "text/html; charset=utf-8")], body: request.method == "HEAD" ? [] : page)
        case ("POST", "/" + CheckReports.approvePath):
            return try approve(request)
        case (_, "/" + CheckReports.approvePath):
            throw Problem(405, "approvals are posted: POST /\(CheckReports.approvePath)", headers: [HTTPHeaderField("Allow", "POST")])
        case ("GET", _), ("HEAD", _):
            return try file(request)
        default:
            throw Problem(405, "infowin review answers GET (the report) and POST /\(CheckReports.approvePath)", headers: [HTTPHeaderField("Allow", "GET, HEAD, POST")])
        }
    }

    private func approve(_ request: HTTPRequest) throws(Problem) -> HTTPResponse {
        if let origin = request.header("Origin"), !hosts.map({ "http://" + $0 }).contains(origin.lowercased()) {
            throw Problem(403, "a page from \(JSONWriter.quoted(String(origin.prefix(80)))) may not approve: only the page infowin review serves may")
        }
        if let site = request.header("Sec-Fetch-Site"), site != "same-origin" {
            throw Problem(403, "a \(JSONWriter.quoted(String(site.prefix(40)))) request may not approve: only the page infowin review serves may")
        }
        guard let given = request.header(CheckReports.reviewTokenHeader), ConstantTime.equal(Array(given.utf8), token) else {
            throw Problem(403, "the \(CheckReports.reviewTokenHeader) header is missing or wrong: approve from the page infowin review serves")
        }
        guard let type = request.header("Content-Type"), type.lowercased().hasPrefix("application/json") else {
            throw Problem(415, "an approval is JSON: Content-Type: application/json, {\"names\": [...]}")
        }
        guard !request.bodyTooLarge else { throw Problem(413, "the approval request is larger than the server takes") }
        let names: [String]
        do throws(InfoWinError) { names = try GoldenApproval.names(inRequest: request.body) } catch {
            throw Problem(400, error.message)
        }
        let changes: [GoldenApproval.Change]
        do throws(GoldenApproval.Refusal) { changes = try approval.approve(names) } catch {
            let status = switch error.reason {
            case .unknown: 404
            case .notApprovable, .report: 409
            case .outside: 403
            case .write: 500
            }
            throw Problem(status, error.message)
        }
        changed(changes)
        return HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", "application/json")], body: Array(GoldenApproval.answer(changes).utf8))
    }

    /// A file of the report folder: its images, results.json; read without following any link.
    private func file(_ request: HTTPRequest) throws(Problem) -> HTTPResponse {
        // A path's `+` is itself (only a query's is a space).
        let path = QueryString.decode(request.path.utf8.flatMap { $0 == UInt8(ascii: "+") ? Array("%2B".utf8) : [$0] })
        let relative = String(path.drop { $0 == "/" })
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        let notFound = Problem(404, "no file \(JSONWriter.quoted(String(path.prefix(120)))) in the report folder")
        guard !relative.isEmpty, !relative.contains("\\"), !relative.unicodeScalars.contains(where: { $0.value < 0x20 }),
              !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
        else { throw notFound }
        guard let type = Self.contentType(of: relative) else {
            throw Problem(404, "\(JSONWriter.quoted(String(path.prefix(120)))): infowin review serves the report's images and JSON files only, and its own page at /")
        }
        let bytes: [UInt8]?
        do throws(FileSystemError) {
            bytes = try FolderHandle.read(relative, inside: approval.reportFolder, limit: GoldenApproval.fileLimit)
        } catch {
            throw Problem(403, error.reason)
        }
        let found: [UInt8]?
        if let bytes { found = bytes } else { found = try linkedFile(relative) }
        guard let found else { throw notFound }
        return HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", type)], body: request.method == "HEAD" ? [] : found)
    }

    /// The spec or golden file an entry of the report links to, for a link the browser resolved against the
    /// page at `/`: those links leave the report folder (`../specs/a.json` is asked for as `/specs/a.json`),
    /// so the files the report names, and only they, are served so: a spec if it is a `.json` file, a
    /// golden if it is inside the golden folder (read there without following a link, as approvals write
    /// it). Nil for any other path, or one that two different files would be asked for as.
    private func linkedFile(_ requested: String) throws(Problem) -> [UInt8]? {
        let links = approval.results.specs.flatMap { entry in [(entry, isSpec: true, entry.spec), (entry, isSpec: false, entry.golden)] }
            .filter { Self.askedFor($0.2) == requested }
        guard Set(links.map(\.2)).count == 1, let (entry, isSpec, path) = links.first else { return nil }
        guard isSpec else {
            do throws(GoldenApproval.Refusal) { return try approval.goldenBytes(of: entry) } catch { throw Problem(403, error.message) }
        }
        return try specBytes(path)
    }

    /// The spec file at `path` (relative to the report folder, as check writes it): only a `.json` file inside
    /// the project, every folder on the way entered without following a link, and the file itself no link.
    /// Nil for an absolute path or one that leaves the project: a report folder written by someone else
    /// names any file it likes.
    private func specBytes(_ path: String) throws(Problem) -> [UInt8]? {
        guard path.hasSuffix(".json"), !path.hasPrefix("/") else { return nil }
        let reportFolder = FileSystem.realPath(approval.reportFolder) ?? Path.normalized(Path.join(project, approval.reportFolder))
        let full = Path.normalized(Path.join(reportFolder, path))
        guard full != project, Path.isInside(full, folder: project) else { return nil }
        let relative = String(full.unicodeScalars.dropFirst(project == "/" ? 1 : project.unicodeScalars.count + 1))
        do throws(FileSystemError) {
            return try FolderHandle.read(relative, inside: project, limit: GoldenApproval.fileLimit)
        } catch {
            throw Problem(403, "\(path): \(error.reason)")
        }
    }

    /// The path (without its first `/`) a browser asks for when a page at `/` links to `path`: `..` stops
    /// at the root.
    private static func askedFor(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    /// The type a served report file is sent as; nil for a file review does not serve.
    private static func contentType(of path: String) -> String? {
        let name = Path.lastComponent(of: path)
        guard name.contains("."), let suffix = name.split(separator: ".").last?.lowercased(), servedExtensions.contains(suffix) else { return nil }
        return ImageEncoders.encoder(forExtension: suffix)?.mediaType ?? "application/json"
    }
}
