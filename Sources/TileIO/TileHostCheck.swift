import Glibc

/// What `validate` learns of a tile server without sending it a request: whether its host name resolves,
/// and whether an address it resolves to is one the private-network rule refuses.
package enum TileHostCheck {
    /// Nil when `url`'s host resolves and, unless `allowPrivateNetwork`, to package addresses only; else
    /// why not, lower case (`could not resolve host "tiles.exmaple.com"`, or the refusal a fetch would give).
    package static func problem(url: String, allowPrivateNetwork: Bool) -> String? {
        guard let origin = URLOrigin(url) else { return "\(url) is not a URL libcurl can read" }
        let host = origin.host.hasPrefix("[") ? String(origin.host.dropFirst().dropLast()) : origin.host
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var first: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, origin.port, &hints, &first)
        guard code == 0 else {
            let why = String(cString: gai_strerror(code)).lowercased()
            return "could not resolve host \"\(origin.host)\" (\(why))"
        }
        defer { freeaddrinfo(first) }
        guard !allowPrivateNetwork else { return nil }
        var next = first
        while let entry = next {
            if let address = entry.pointee.ai_addr, let ip = IPAddress(UnsafePointer(address)), let kind = ip.specialPurpose {
                return refusal(host: origin.host, address: "\(ip), \(kind)")
            }
            next = entry.pointee.ai_next
        }
        return nil
    }

    /// The message of a host refused by the private-network rule, the same from `validate` and a fetch.
    static func refusal(host: String, address: String) -> String {
        "host \(host) resolves to a private address (\(address)): give --allow-private-network to fetch from it"
    }
}
