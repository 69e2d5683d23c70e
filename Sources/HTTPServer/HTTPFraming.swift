/// How a request says where its body ends (RFC 9112 §6): judged from the head before any of the body is
/// read. A head that two readers could frame differently is refused, and its connection closed, so that
/// no byte of its body is ever read as another request (request smuggling).
enum HTTPFraming {
    /// The answer refusing `headers`' framing, or nil when it is one reading only: at most one
    /// `Content-Length`, never with `Transfer-Encoding`, and no transfer coding but `chunked`.
    static func refusal(of headers: [HTTPHeaderField]) -> HTTPResponse? {
        let lengths = headers.filter { HTTPHeaderField.folded($0.name) == "content-length" }
        let encodings = headers.filter { HTTPHeaderField.folded($0.name) == "transfer-encoding" }
        if lengths.count > 1 {
            return .problem(400, "the request has \(lengths.count) Content-Length header fields; a request has at most one (RFC 9112 section 6.3)")
        }
        if !lengths.isEmpty && !encodings.isEmpty {
            return .problem(400, "the request has both Content-Length and Transfer-Encoding; a request has one or the other (RFC 9112 section 6.1)")
        }
        let codings = encodings.flatMap { $0.value.split(separator: ",") }.map { String($0.filter { $0 != " " && $0 != "\t" }).lowercased() }
        guard !encodings.isEmpty, codings != ["chunked"] else { return nil }
        let named = codings.filter { $0 != "chunked" }.first ?? codings.joined(separator: ", ")
        return .problem(501, "the transfer coding \(HTTPHeadCheck.printable(named)) is not implemented: a request body is sent as it is or with Transfer-Encoding: chunked alone")
    }
}
