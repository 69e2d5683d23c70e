import HTTPServer
import InfoWinKit

/// A marker's custom icon (`markers=icon:…`): an `http(s)` URL on a host `--allow-icon-host` names,
/// fetched as map tiles are, or a path relative to the first asset root, read as a spec's icons are.
package struct StaticMapIcon: Hashable {
    /// The URL or the path as the request wrote it: the spec's `icon.image`.
    let reference: String
    /// True for an `http(s)` URL.
    let isURL: Bool

    /// Google draws at most five different custom icons in one request; so does infowin.
    package static let distinctLimit = 5
    /// The largest icon fetched from a host, in bytes: an icon is a few kilobytes.
    package static let fetchedSizeLimit = 1 << 20

    /// The icon `text` names; a URL whose `HOST[:PORT]` no `--allow-icon-host` names (`allowedHosts`) is a 400.
    static func parse(_ text: String, allowedHosts: Set<String>) throws(Problem) -> StaticMapIcon {
        guard !text.isEmpty, !text.utf8.contains(0) else {
            throw Problem(400, "markers: icon: expected an http(s) URL or a path in the first asset root, got \(JSONWriter.quoted(text))")
        }
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            guard !lower.contains("://") else {
                throw Problem(400, "markers: icon: only http and https URLs are fetched, got \(JSONWriter.quoted(text))")
            }
            return StaticMapIcon(reference: text, isURL: false)
        }
        guard let host = hostAndPort(ofURL: text) else {
            throw Problem(400, "markers: icon: expected an http(s) URL with a host name or address (and no user name), got \(JSONWriter.quoted(text))")
        }
        guard allows(host, among: allowedHosts, secure: lower.hasPrefix("https://")) else {
            let allowed = allowedHosts.isEmpty ? "the server allows none" : "the server allows \(allowedHosts.sorted().joined(separator: ", "))"
            throw Problem(400, "markers: icon: the host \(host) is not one --allow-icon-host names (\(allowed)); start serve with --allow-icon-host \(host) to fetch icons from it")
        }
        return StaticMapIcon(reference: text, isURL: true)
    }

    /// True when `host` (`HOST` or `HOST:PORT`) is allowed: named as it is, or without its port when that is
    /// the scheme's default.
    private static func allows(_ host: String, among allowedHosts: Set<String>, secure: Bool) -> Bool {
        if allowedHosts.contains(host) { return true }
        let defaultPort = secure ? ":443" : ":80"
        return host.hasSuffix(defaultPort) && allowedHosts.contains(String(host.dropLast(defaultPort.count)))
            || allowedHosts.contains(host + defaultPort)
    }

    /// The URL's `HOST[:PORT]`, the host lower case; nil unless the authority is a plain host name, an IPv4
    /// address or a bracketed IPv6 address with an optional port (no user name, no escapes: what is allowed
    /// must be what libcurl connects to).
    static func hostAndPort(ofURL url: String) -> String? {
        let parts = url.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0].hasSuffix(":"), parts[1].isEmpty else { return nil }
        let rest = parts[2]
        let authority = String(rest.prefix { !"/?#".contains($0) })
        return isHostAndPort(authority) ? authority.lowercased() : nil
    }

    /// True for `HOST`, `HOST:PORT`, `[IPv6]` or `[IPv6]:PORT`, as `--allow-icon-host` takes them.
    package static func isHostAndPort(_ text: String) -> Bool {
        var host = Substring(text), port: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return false }
            host = text[...close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return false }
                port = after.dropFirst()
            }
            guard host.dropFirst().dropLast().allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }), host.count > 2 else { return false }
        } else {
            if let colon = text.firstIndex(of: ":") {
                host = text[..<colon]
                port = text[text.index(after: colon)...]
            }
            guard !host.isEmpty, host.count <= 253, !host.hasPrefix("."), !host.hasPrefix("-"),
                  host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) else { return false }
        }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port), (1...65535).contains(number) else {
                return false
            }
        }
        return true
    }
}
