import CCurl

/// The scheme, host and port of a URL, as libcurl's URL parser reads them: the host a connection limit
/// counts against, and the host a refusal names.
struct URLOrigin: Hashable {
    let scheme: String
    /// Lower case; an IPv6 address keeps its brackets.
    let host: String
    /// The URL's port, or the scheme's default.
    let port: String

    /// Nil when libcurl cannot parse `url`.
    init?(_ url: String) {
        guard let parsed = infowin_curl_url() else { return nil }
        defer { infowin_curl_url_cleanup(parsed) }
        guard infowin_curl_url_set(parsed, CURLUPART_URL, url, UInt32(CURLU_NON_SUPPORT_SCHEME)) == CURLUE_OK,
              let scheme = Self.part(CURLUPART_SCHEME, of: parsed),
              let host = Self.part(CURLUPART_HOST, of: parsed),
              let port = Self.part(CURLUPART_PORT, of: parsed) else { return nil }
        self.scheme = scheme.lowercased()
        self.host = host.lowercased()
        self.port = port
    }

    private static func part(_ part: CURLUPart, of url: OpaquePointer) -> String? {
        var text: UnsafeMutablePointer<CChar>?
        guard infowin_curl_url_get(url, part, &text, UInt32(CURLU_DEFAULT_PORT)) == CURLUE_OK, let text else { return nil }
        defer { infowin_curl_free(text) }
        return String(cString: text)
    }
}
