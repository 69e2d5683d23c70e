#if canImport(Glibc)
import Glibc
#endif

/// A client's address as the per-address connection share counts it.
package enum ClientAddress {
    /// The address's bytes without its port (the IPv4 or IPv6 address), or none for another family.
    static func key(of address: UnsafePointer<sockaddr>) -> [UInt8] {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { withUnsafeBytes(of: $0.pointee.sin_addr) { Array($0) } }
        case AF_INET6:
            address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) } }
        default:
            []
        }
    }

    /// The address `key` holds as text (`192.0.2.1`, `2001:db8::1`), an IPv4 client of a dual-stack socket
    /// (`::ffff:192.0.2.1`) as IPv4; "" for none.
    package static func text(of key: [UInt8]) -> String {
        if key.count == 16, key[0..<10].allSatisfy({ $0 == 0 }), key[10] == 0xFF, key[11] == 0xFF {
            return text(of: Array(key[12...]))
        }
        let family = key.count == 4 ? AF_INET : key.count == 16 ? AF_INET6 : -1
        guard family >= 0 else { return "" }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let made = key.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
        guard made != nil else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
