/// How every request of a `TileHTTPClient` is made.
struct HTTPSettings: Sendable {
    let userAgent: String
    /// Seconds a tile may take, each attempt.
    let timeout: Double
    let allowPrivateNetwork: Bool

    /// At least 1: libcurl reads 0 as "no timeout".
    var timeoutMilliseconds: Int {
        max(1, Int((timeout * 1000).rounded()))
    }

    /// The timeout as people write it: `10`, `1.5`.
    var timeoutText: String {
        timeout == timeout.rounded() && abs(timeout) < 1e9 ? String(Int(timeout)) : String(timeout)
    }
}
