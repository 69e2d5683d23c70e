import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// The proxies `--trust-proxy` names (addresses and CIDR ranges), and the client address a request comes
/// from through them: `Forwarded`'s `for=` (RFC 7239) or `X-Forwarded-For` is believed only when the
/// connection comes from a trusted proxy, and then its right-most address that is not itself a trusted
/// proxy is the client (the ones left of it were written by the client and may be anything). A value that
/// is not an address there (`unknown`, an obfuscated name, garbage) leaves the connection's own address.
package struct TrustedProxies: Sendable {
    /// An address (4 or 16 bytes) and how many of its leading bits a match shares.
    struct Range: Sendable {
        let bytes: [UInt8]
        let bits: Int
    }

    let ranges: [Range]

    /// No proxy trusted: every request's client is its connection's address.
    package static let none = TrustedProxies(ranges: [])

    private init(ranges: [Range]) {
        self.ranges = ranges
    }

    /// Why a `--trust-proxy` value is refused.
    package struct Failure: Error {
        package let message: String
    }

    /// The proxies `values` name: each `ADDRESS` or `ADDRESS/BITS`, IPv4 or IPv6.
    package init(_ values: [String]) throws(Failure) {
        var ranges: [Range] = []
        for value in values {
            let parts = value.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard let bytes = Self.address(String(parts[0])) else {
                throw Failure(message: "--trust-proxy: expected an IP address or a CIDR range (10.0.0.0/8, 2001:db8::/32), got '\(value)'")
            }
            let bits = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
            guard let bits, (0...bytes.count * 8).contains(bits), parts.count == 1 || parts[1].utf8.allSatisfy({ (48...57).contains($0) }) else {
                throw Failure(message: "--trust-proxy: the prefix length of '\(value)' must be 0 to \(bytes.count * 8)")
            }
            ranges.append(Range(bytes: bytes, bits: bits))
        }
        self.ranges = ranges
    }

    /// True when `address`'s bytes lie in a trusted range.
    func contains(_ address: [UInt8]) -> Bool {
        ranges.contains { range in
            guard range.bytes.count == address.count else { return false }
            var left = range.bits
            for (a, b) in zip(range.bytes, address) where left > 0 {
                let mask: UInt8 = left >= 8 ? 0xFF : ~(0xFF >> UInt8(left))
                if a & mask != b & mask { return false }
                left -= 8
            }
            return true
        }
    }

    /// The address `request`'s client connects from, as text, through the trusted proxies.
    package func client(of request: HTTPRequest) -> String {
        guard !ranges.isEmpty, let own = Self.address(request.clientAddress), contains(own) else { return request.clientAddress }
        let forwarded = request.headers(named: "Forwarded")
        let chain = forwarded.isEmpty
            ? request.headers(named: "X-Forwarded-For").flatMap { Self.split($0) }.map(Self.host)
            : forwarded.flatMap { Self.split($0) }.map(Self.forValue)
        for hop in chain.reversed() {
            guard let hop, let bytes = Self.address(hop) else { return request.clientAddress }
            if !contains(bytes) { return ClientAddress.text(of: bytes) }
        }
        // Every hop is a trusted proxy: the first of them is where the request entered.
        return chain.first.flatMap { $0 }.flatMap(Self.address).map { ClientAddress.text(of: $0) } ?? request.clientAddress
    }

    /// `header`'s comma-separated elements, commas inside a quoted string kept.
    static func split(_ header: String) -> [String] {
        var elements: [String] = [], current = "", quoted = false
        for character in header {
            if character == "\"" { quoted.toggle() }
            if character == ",", !quoted {
                elements.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        return elements + [current]
    }

    /// A `Forwarded` element's `for=` value (a token or a quoted string), or nil when it has none.
    static func forValue(_ element: String) -> String? {
        for pair in element.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingSpaces.lowercased() == "for" else { continue }
            var value = parts[1].trimmingSpaces
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return host(value)
        }
        return nil
    }

    /// The address part of `value`: `[IPv6]:port`, `[IPv6]`, `IPv4:port` or an address alone.
    static func host(_ value: String) -> String {
        let value = Substring(value).trimmingSpaces
        if value.hasPrefix("["), let close = value.firstIndex(of: "]") {
            return String(value[value.index(after: value.startIndex)..<close])
        }
        if value.filter({ $0 == ":" }).count == 1 { return String(value.prefix { $0 != ":" }) }
        return value
    }

    /// The bytes of IP address `text` (an IPv4 address inside IPv6, `::ffff:a.b.c.d`, as IPv4), or nil.
    static func address(_ text: String) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: 16)
        guard text.utf8.count <= 64 else { return nil }
        if inet_pton(AF_INET, text, &bytes) == 1 { return Array(bytes.prefix(4)) }
        guard inet_pton(AF_INET6, text, &bytes) == 1 else { return nil }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF { return Array(bytes[12...]) }
        return bytes
    }
}
