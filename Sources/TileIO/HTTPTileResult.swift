/// What fetching one tile URL came to.
package enum HTTPTileResult: Sendable, Equatable {
    /// A 2xx response and its body.
    case ok([UInt8])
    /// A 404 or 204 response: the server has no such tile. Never retried.
    case notFound(status: Int)
    /// Another 4xx status (never retried), a 5xx status or a network error that outlived the retries, or a
    /// response that cannot be a tile; the text names the status or the error, lower case.
    case failed(String)
    /// The host resolves to a loopback, private or link-local address and private networks are not
    /// allowed; the text names the host and `--allow-private-network`. Never retried.
    case refused(String)
}
