import Glibc

/// An IPv4 or IPv6 address, and whether it lies in a network a tile fetch must not reach without
/// `--allow-private-network`.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address in network byte order: 4 bytes for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    /// Parses a numeric address such as `10.0.0.1` or `fe80::1`; nil for anything else (host names too).
    public init?(_ text: String) {
        if let bytes = Self.parse(text, family: AF_INET, count: 4) ?? Self.parse(text, family: AF_INET6, count: 16) {
            self.bytes = bytes
        } else {
            return nil
        }
    }

    /// Reads an `AF_INET` or `AF_INET6` socket address; nil for any other family.
    init?(_ address: UnsafePointer<sockaddr>) {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let raw = UnsafeRawPointer(address).withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            bytes = withUnsafeBytes(of: raw) { Array($0) }
        case AF_INET6:
            let raw = UnsafeRawPointer(address).withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            bytes = withUnsafeBytes(of: raw) { Array($0) }
        default:
            return nil
        }
    }

    /// True for loopback, private, link-local, unspecified and carrier-grade NAT addresses, and for the
    /// IPv4-mapped IPv6 form of any of them.
    public var isPrivateNetwork: Bool { privateRange != nil }

    /// The kind of network the address lies in ("loopback", "private", …), or nil for a public address.
    var privateRange: String? {
        if bytes.count == 16, bytes.prefix(12).elementsEqual(Self.ipv4MappedPrefix) {
            return IPAddress(unchecked: Array(bytes.suffix(4))).privateRange
        }
        let ranges = bytes.count == 4 ? Self.privateIPv4 : Self.privateIPv6
        return ranges.first { $0.contains(bytes) }?.kind
    }

    /// The usual text form (`127.0.0.1`, `::ffff:10.0.0.1`).
    public var description: String {
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let ok = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) } != nil
        return ok ? String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
    }

    private init(unchecked bytes: [UInt8]) {
        self.bytes = bytes
    }

    private static func parse(_ text: String, family: Int32, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        return inet_pton(family, text, &bytes) == 1 ? bytes : nil
    }

    private static let ipv4MappedPrefix: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]

    // The whole of 0.0.0.0/8 rather than 0.0.0.0 alone: Linux connects 0.x.y.z to the local host too.
    private static let privateIPv4: [AddressRange] = [
        AddressRange([0, 0, 0, 0], bits: 8, kind: "unspecified"),
        AddressRange([10, 0, 0, 0], bits: 8, kind: "private"),
        AddressRange([100, 64, 0, 0], bits: 10, kind: "carrier-grade NAT"),
        AddressRange([127, 0, 0, 0], bits: 8, kind: "loopback"),
        AddressRange([169, 254, 0, 0], bits: 16, kind: "link-local"),
        AddressRange([172, 16, 0, 0], bits: 12, kind: "private"),
        AddressRange([192, 168, 0, 0], bits: 16, kind: "private"),
    ]

    private static let privateIPv6: [AddressRange] = [
        AddressRange([UInt8](repeating: 0, count: 16), bits: 128, kind: "unspecified"),
        AddressRange([UInt8](repeating: 0, count: 15) + [1], bits: 128, kind: "loopback"),
        AddressRange([0xFC] + [UInt8](repeating: 0, count: 15), bits: 7, kind: "private"),
        AddressRange([0xFE, 0x80] + [UInt8](repeating: 0, count: 14), bits: 10, kind: "link-local"),
    ]
}

/// A network prefix (`10.0.0.0/8`) and the kind of network it is.
private struct AddressRange: Sendable {
    let prefix: [UInt8]
    let bits: Int
    let kind: String

    init(_ prefix: [UInt8], bits: Int, kind: String) {
        self.prefix = prefix
        self.bits = bits
        self.kind = kind
    }

    func contains(_ address: [UInt8]) -> Bool {
        guard address.count == prefix.count else { return false }
        for index in 0..<(bits + 7) / 8 {
            let maskBits = min(8, bits - index * 8)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - maskBits))
            if address[index] & mask != prefix[index] & mask { return false }
        }
        return true
    }
}
