#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket bound and listening, owned until it is handed to a server (which closes it when stopped).
package struct ListeningSocket: Sendable {
    package let descriptor: Int32
    /// The port bound: the one asked for, or the one the system chose for port 0.
    package let port: Int
    /// The host as given (`[::]` or `0.0.0.0` for every interface).
    package let host: String

    /// A socket listening on `host` (a name or an address; an IPv6 address in brackets or not) and `port`;
    /// "" for every interface (`allInterfaces`).
    package static func bind(host: String, port: Int, backlog: Int32 = 128) throws(HTTPServerError) -> ListeningSocket {
        if host.isEmpty { return try allInterfaces(port: port, backlog: backlog) }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE
        var found: UnsafeMutablePointer<addrinfo>?
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let status = getaddrinfo(name, String(port), &hints, &found)
        guard status == 0, let first = found else {
            throw .cannotListen("cannot resolve the host '\(host)': \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var reason = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { reason = systemReason(); continue }
            var yes: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            guard Glibc.bind(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0, listen(descriptor, backlog) == 0 else {
                reason = systemReason()
                close(descriptor)
                continue
            }
            return ListeningSocket(descriptor: descriptor, port: boundPort(descriptor) ?? port, host: host)
        }
        throw .cannotListen("cannot listen on \(host):\(port): \(reason)")
    }

    /// A socket on every interface: one dual-stack IPv6 socket (`::` with `IPV6_V6ONLY` off, so IPv4 clients
    /// arrive on it too) where the machine has IPv6, else `0.0.0.0`.
    private static func allInterfaces(port: Int, backlog: Int32) throws(HTTPServerError) -> ListeningSocket {
        let dual = socket(AF_INET6, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        if dual >= 0 {
            var no: Int32 = 0, yes: Int32 = 1
            setsockopt(dual, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            address.sin6_addr = in6addr_any
            let bound = setsockopt(dual, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &no, socklen_t(MemoryLayout<Int32>.size)) == 0
                && withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(dual, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
                } == 0
                && listen(dual, backlog) == 0
            if bound { return ListeningSocket(descriptor: dual, port: boundPort(dual) ?? port, host: "[::]") }
            let failure = errno
            close(dual)
            // A port taken is taken for IPv4 as well: only a machine without IPv6 falls back.
            if failure == EADDRINUSE || failure == EACCES { throw .cannotListen("cannot listen on :\(port): \(String(cString: strerror(failure)))") }
        }
        return try bind(host: "0.0.0.0", port: port, backlog: backlog)
    }

    private static func boundPort(_ descriptor: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) } }
        case AF_INET6:
            return withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) } }
        default:
            return nil
        }
    }

    static func systemReason() -> String { String(cString: strerror(errno)) }
}

/// Why a server could not start.
package enum HTTPServerError: Error, Equatable {
    case cannotListen(String)
    case cannotStart(String)

    package var message: String {
        switch self {
        case .cannotListen(let reason), .cannotStart(let reason): reason
        }
    }
}
