/// What a server does with each request: answers it through the responder, at once or later from any
/// thread (the connection waits, without holding a server thread, until it is answered).
package protocol HTTPHandler: Sendable {
    /// Called on the server's thread once the whole request is read; must not block for long.
    func handle(_ request: HTTPRequest, responder: HTTPResponder)
}

/// One line of the access log: a request and what it was answered.
package struct HTTPAccessRecord: Sendable {
    package var method: String
    package var path: String
    /// The status sent, or 499 when the client went away before an answer.
    package var status: Int
    /// The body's size in bytes.
    package var bytes: Int
    /// Seconds from the request line to the end of the answer.
    package var seconds: Double
    /// The id its answer carried in `X-Request-Id`.
    package var requestID: String = ""
    /// Its W3C trace context, when it sent a valid `traceparent`.
    package var trace: TraceContext?
}
