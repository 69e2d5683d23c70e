#if canImport(Glibc)
import Glibc
#endif

/// A client's address as the per-address connection share counts it.
enum ClientAddress {
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
}
