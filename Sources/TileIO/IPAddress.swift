import Glibc

/// An IPv4 or IPv6 address (whether a tile fetch may reach it is in `IPAddress+SpecialPurpose.swift`).
package struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address in network byte order: 4 bytes for IPv4, 16 for IPv6.
    package let bytes: [UInt8]

    /// Parses a numeric address such as `10.0.0.1` or `fe80::1`; nil for anything else (host names too).
    package init?(_ text: String) {
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

    /// The usual text form (`127.0.0.1`, `::ffff:10.0.0.1`).
    package var description: String {
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let ok = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) } != nil
        return ok ? String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
    }

    init(unchecked bytes: [UInt8]) {
        self.bytes = bytes
    }

    private static func parse(_ text: String, family: Int32, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        return inet_pton(family, text, &bytes) == 1 ? bytes : nil
    }
}

/// A network prefix (`10.0.0.0/8`) and the kind of network it is.
struct AddressRange: Sendable {
    let prefix: [UInt8]
    let bits: Int
    let kind: String

    /// `cidr` as written in IANA's registries (`100.64.0.0/10`, `64:ff9b::/96`); a mistyped one is a
    /// programmer's mistake.
    init(_ cidr: String, _ kind: String) {
        let parts = cidr.split(separator: "/")
        guard parts.count == 2, let address = IPAddress(String(parts[0])), let bits = Int(parts[1]),
              (0...address.bytes.count * 8).contains(bits) else { preconditionFailure("not a network prefix: \(cidr)") }
        prefix = address.bytes
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
