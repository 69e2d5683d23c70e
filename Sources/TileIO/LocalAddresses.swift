import Glibc

/// This host's own addresses, from `getifaddrs`: a tile server that resolves to one of them is this
/// machine, whatever block the address lies in.
enum LocalAddresses {
    /// The addresses of every interface now (read afresh each time: interfaces come and go).
    static func current() -> Set<IPAddress> {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: Set<IPAddress> = []
        var next = first
        while let entry = next {
            if let address = entry.pointee.ifa_addr, let ip = IPAddress(UnsafePointer(address)) {
                addresses.insert(ip)
            }
            next = entry.pointee.ifa_next
        }
        return addresses
    }
}
