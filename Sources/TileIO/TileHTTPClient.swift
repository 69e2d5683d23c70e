import CCurl

/// Fetches tiles over HTTP(S) with libcurl, as SPEC.md's "Map tiles" says: in parallel, at most 6
/// connections a host, a timeout per tile, redirects followed, two retries on 5xx and network errors, and
/// no connection to a private network unless allowed. Holds only its settings: each `fetch` runs its own
/// transfers on the calling thread, so one client may serve several threads at once.
package final class TileHTTPClient: Sendable {
    /// Attempts per URL: the first and two retries.
    static let attempts = 3
    static let maximumConnectionsPerHost = 6
    /// Connections of one fetch in all, whatever the number of hosts.
    static let maximumConnections = 12

    /// libcurl's global setup must run once before any handle is made, and is not safe to race; a static
    /// `let` is initialised exactly once, under a lock.
    private static let globalSetup: CURLcode = infowin_curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    private let settings: HTTPSettings

    /// A client sending `userAgent`, giving each attempt at a tile `timeout` seconds (at least 1 ms, at most
    /// a million seconds), refusing hosts on private networks unless `allowPrivateNetwork`, and following
    /// redirects unless `followsRedirects` is false.
    package init(userAgent: String, timeout: Double, allowPrivateNetwork: Bool, followsRedirects: Bool = true) {
        let refusePrivate: @Sendable (IPAddress) -> String? = { $0.specialPurpose }
        settings = HTTPSettings(
            userAgent: userAgent, timeout: timeout, refusal: allowPrivateNetwork ? nil : refusePrivate, followsRedirects: followsRedirects)
    }

    /// The file name libcurl is opened by.
    package static let libraryName = INFOWIN_LIBCURL

    /// The version of the libcurl this process can open, or nil when it cannot open one (HTTP tiles then fail).
    package static var libraryVersion: String? {
        infowin_curl_version().map { String(cString: $0) }
    }

        init(settings: HTTPSettings) {
        self.settings = settings
    }

    /// Fetches every URL in parallel and gives their results in the order of `urls`; the URLs not fetched
    /// when `deadline` passes have failed.
    package func fetch(_ urls: [String], deadline: Deadline = Deadline(seconds: .infinity)) -> [HTTPTileResult] {
        guard !urls.isEmpty else { return [] }
        guard infowin_curl_available() != 0 else {
            return urls.map { _ in .failed("libcurl (\(Self.libraryName)) cannot be opened: install the libcurl4 package") }
        }
        guard Self.globalSetup == CURLE_OK, let run = TileFetch(urls: urls, settings: settings, deadline: deadline) else {
            return urls.map { _ in .failed("libcurl cannot be set up") }
        }
        return run.run()
    }
}
