/// How every request of a `TileHTTPClient` is made.
struct HTTPSettings: Sendable {
    let userAgent: String
    /// Seconds a tile may take, each attempt.
    let timeout: Double
    /// The kind of network an address is refused for ("loopback", …), nil to connect; no policy at all
    /// connects anywhere. Tests give their own to refuse some local addresses and not others.
    let refusal: (@Sendable (IPAddress) -> String?)?
    /// False to take a redirect as a failure rather than follow it: a host allowed by name must not send
    /// the fetch to one that is not (`/staticmap`'s icons).
    var followsRedirects = true

    /// Between 1 ms (libcurl reads 0 as "no timeout") and a million seconds; NaN is read as the least.
    var timeoutMilliseconds: Int {
        let milliseconds = (timeout * 1000).rounded()
        return milliseconds >= 1 ? Int(min(milliseconds, 1e9)) : 1
    }

    /// The timeout as people write it: `10`, `1.5`.
    var timeoutText: String { Deadline.text(seconds: timeout) }
}
