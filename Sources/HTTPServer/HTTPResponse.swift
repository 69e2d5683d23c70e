/// An HTTP response to send: the status, header fields and body.
package struct HTTPResponse: Sendable {
    package var status: Int
    package var headers: [HTTPHeaderField]
    package var body: [UInt8]

    package init(status: Int, headers: [HTTPHeaderField] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A plain-text response (a line and a newline).
    package static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeaderField("Content-Type", "text/plain; charset=utf-8")], body: Array((text + "\n").utf8))
    }

    /// The value of the first header field named `name` (ASCII case ignored).
    package func header(_ name: String) -> String? {
        let wanted = HTTPHeaderField.folded(name)
        return headers.first { HTTPHeaderField.folded($0.name) == wanted }?.value
    }
}
