/// One HTTP request as the server read it: the head, and the body up to the server's limit.
package struct HTTPRequest: Sendable {
    /// `GET`, `POST`, … as the client wrote it.
    package var method: String
    /// The path, without the query string, as the client wrote it (percent escapes kept).
    package var path: String
    /// The query string after `?`, undecoded ("" when there is none).
    package var query: String
    /// The header fields in the order received; names as the client wrote them.
    package var headers: [HTTPHeaderField]
    /// The body; empty when it was over the limit (see `bodyTooLarge`).
    package var body: [UInt8]
    /// True when the body was larger than the server's body limit: it was not kept.
    package var bodyTooLarge: Bool
    /// The id its answer carries in `X-Request-Id` and its access-log line names (`RequestID`).
    package var id = ""
    /// The address the connection comes from (`192.0.2.1`, `2001:db8::1`; an IPv4 client of a dual-stack
    /// socket as IPv4), "" when unknown.
    package var clientAddress: String

    package init(
        method: String, path: String, query: String = "", headers: [HTTPHeaderField] = [], body: [UInt8] = [], bodyTooLarge: Bool = false,
        clientAddress: String = ""
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.bodyTooLarge = bodyTooLarge
        self.clientAddress = clientAddress
        id = RequestID.of(header(RequestID.header))
    }

    /// The value of the first header field named `name` (compared without regard to ASCII case).
    package func header(_ name: String) -> String? {
        let wanted = HTTPHeaderField.folded(name)
        return headers.first { HTTPHeaderField.folded($0.name) == wanted }?.value
    }

    /// The values of every header field named `name` (ASCII case ignored), in the order received.
    package func headers(named name: String) -> [String] {
        let wanted = HTTPHeaderField.folded(name)
        return headers.filter { HTTPHeaderField.folded($0.name) == wanted }.map(\.value)
    }

    /// Its W3C trace context, when it sent a valid `traceparent`.
    package var trace: TraceContext? {
        let sent = headers(named: "traceparent")
        return sent.count == 1 ? TraceContext(traceparent: sent[0]) : nil
    }

    /// The parameters of the query string, decoded, in order.
    package var parameters: [QueryParameter] { QueryString.parse(query) }
}

/// One header field of a request or a response.
package struct HTTPHeaderField: Sendable, Equatable {
    package var name: String
    package var value: String

    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// `name` with ASCII capitals made small: header names are case-insensitive.
    static func folded(_ name: String) -> String {
        String(decoding: name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
