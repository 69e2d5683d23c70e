import HTTPServer
import InfoWinKit

/// An error answer in RFC 9457's `application/problem+json`: `status`, `title` (the status's phrase)
/// and `detail` (the CLI's message, with its file and JSON path).
package struct Problem: Error {
    package let status: Int
    package let detail: String
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

    var response: HTTPResponse {
        let body = "{\"type\": \"about:blank\", \"title\": \(JSONWriter.quoted(Self.title(status))), \"status\": \(status), \"detail\": \(JSONWriter.quoted(detail))}\n"
        return HTTPResponse(
            status: status, headers: [HTTPHeaderField("Content-Type", "application/problem+json")] + headers, body: Array(body.utf8))
    }

    static func title(_ status: Int) -> String {
        switch status {
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Error"
        }
    }
}
