/// One request while the server reads and answers it: owned by the connection's `con_cls` from the first
/// call of the access handler to the completion callback.
final class HTTPExchange {
    var request: HTTPRequest
    let responder: HTTPResponder
    /// When the request line arrived (seconds on the monotonic clock).
    let started: Double
    /// True once the handler was given the request.
    var dispatched = false
    /// The status and body size queued, for the access log.
    var sent: (status: Int, bytes: Int)?

    init(request: HTTPRequest, responder: HTTPResponder, started: Double) {
        self.request = request
        self.responder = responder
        self.started = started
    }

    /// Keeps `chunk` of the body unless the body grows past `limit`, when it is dropped whole.
    func append(_ chunk: UnsafeBufferPointer<UInt8>, limit: Int) {
        guard !request.bodyTooLarge else { return }
        guard chunk.count <= limit - request.body.count else {
            request.bodyTooLarge = true
            request.body = []
            return
        }
        request.body.append(contentsOf: chunk)
    }
}

/// What the server knows of one connection between requests: its socket, where it is in its request (for
/// the `ConnectionWatch`'s limits, changed under its lock), and the raw URI of the request being read (MHD
/// hands the path and the query apart, decoded; the URI log callback sees it whole first).
final class HTTPConnectionState {
    /// Where a connection is in its request, and since when (seconds on the monotonic clock).
    enum Phase {
        case head(since: Double)
        case body(since: Double, bytes: Int)
        case answering
    }

    let descriptor: Int32
    /// The client's address, as the per-address share counts it.
    let address: [UInt8]
    var phase = Phase.answering
    var pendingURI: String?

    init(descriptor: Int32, address: [UInt8]) {
        self.descriptor = descriptor
        self.address = address
    }
}
