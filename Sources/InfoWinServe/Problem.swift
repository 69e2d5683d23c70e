import HTTPServer
import InfoWinKit

/// An error answer in RFC 9457's `application/problem+json`: `status`, `title` (the status's phrase)
/// and `detail` (the CLI's message, with its file and JSON path).
package struct Problem: Error {
    package let status: Int
    package private(set) var detail: String
    var headers: [HTTPHeaderField] = []

    init(_ status: Int, _ detail: String, headers: [HTTPHeaderField] = []) {
        self.status = status
        self.detail = detail
        self.headers = headers
    }

    /// A render's failure: the spec's or an input's fault is the request's (400); the machine's is ours.
    init(_ error: InfoWinError) {
        self.init(error.kind == .machine ? (error.isOutOfMemory ? 503 : 500) : 400, error.message)
        if error.isOutOfMemory { headers = [HTTPHeaderField("Retry-After", "1")] }
    }

    /// A render's failure as `client` may be told it: no server path, link target or address it did not send.
    init(_ error: InfoWinError, for client: ClientDetail) {
        self = Problem(error).redacted(for: client)
    }

    /// This problem with its detail as `client` may be told it.
    func redacted(for client: ClientDetail) -> Problem {
        var problem = self
        problem.detail = client.redact(detail)
        return problem
    }

    var response: HTTPResponse { HTTPResponse.problem(status, detail, headers: headers) }
}
