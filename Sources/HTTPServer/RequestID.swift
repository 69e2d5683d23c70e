import PThreadLock

/// The id each answer carries in `X-Request-Id`, so that one request can be followed through a load
/// balancer and the access log: the client's own when it is 1 to 128 characters of `A–Z a–z 0–9 . _ -`
/// (anything else could break a log line or a header), else a new one.
package enum RequestID {
    /// The longest id taken from a request.
    package static let lengthLimit = 128
    /// The header that carries it, both ways.
    package static let header = "X-Request-Id"

    /// `value` when it is an id a client may give, else nil.
    package static func accepted(_ value: String?) -> String? {
        guard let value, (1...lengthLimit).contains(value.utf8.count), value.utf8.allSatisfy(isAllowed) else { return nil }
        return value
    }

    /// The request's own id when it sent a good one, else a new one.
    package static func of(_ sent: String?) -> String {
        accepted(sent) ?? make()
    }

    /// The id for a request refused from its raw `head` (its fields not yet parsed): its `X-Request-Id`
    /// when the head has one such field line with a good id, else a new one.
    static func of(head: ArraySlice<UInt8>) -> String {
        let name = Array("x-request-id:".utf8)
        let lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropFirst().prefix { $0.count > 1 }
        let values = lines.filter { line in line.count > name.count && zip(line, name).allSatisfy { ($0 | 0x20) == $1 } }
        guard values.count == 1 else { return make() }
        var value = values[0].dropFirst(name.count)
        while let first = value.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { value = value.dropFirst() }
        while let last = value.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == UInt8(ascii: "\r") { value = value.dropLast() }
        return of(String(decoding: value, as: UTF8.self))
    }

    /// A new id: 32 hexadecimal digits, a process-wide counter and 64 random bits, so that two ids never
    /// repeat in a process and two processes (replicas) are unlikely ever to give the same one.
    package static func make() -> String {
        let number = counter.next()
        var generator = SystemRandomNumberGenerator()
        return hex(number) + hex(generator.next())
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static let counter = Counter()

    /// A number that goes up by one at each call, from any thread.
    private final class Counter: @unchecked Sendable {
        private let mutex = PThreadMutex()
        private var value: UInt64 = 0

        func next() -> UInt64 {
            mutex.withLock {
                value &+= 1
                return value
            }
        }
    }
}
