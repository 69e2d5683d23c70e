/// A request's place in a distributed trace, from its W3C Trace Context `traceparent` header
/// (`VERSION-TRACEID-PARENTID-FLAGS`, lowercase hexadecimal), for the access log.
package struct TraceContext: Sendable, Equatable {
    /// 32 hexadecimal digits, not all zero.
    package let traceID: String
    /// The caller's span: 16 hexadecimal digits, not all zero.
    package let parentID: String

    /// The context `header` gives, or nil when it is not a valid `traceparent`: version `00` is exactly
    /// four fields; a later version (never `ff`) may add fields after the flags, each after a `-`, and is
    /// read as far as version 00's fields go, as the recommendation asks.
    package init?(traceparent header: String?) {
        guard let header else { return nil }
        let bytes = Array(header.utf8)
        guard bytes.count >= 55 else { return nil }
        let version = bytes[0..<2]
        guard Self.isHex(version), version != [UInt8(ascii: "f"), UInt8(ascii: "f")] else { return nil }
        let isVersionZero = version == [UInt8(ascii: "0"), UInt8(ascii: "0")]
        guard isVersionZero ? bytes.count == 55 : (bytes.count == 55 || bytes[55] == UInt8(ascii: "-")) else { return nil }
        guard bytes[2] == UInt8(ascii: "-"), bytes[35] == UInt8(ascii: "-"), bytes[52] == UInt8(ascii: "-") else { return nil }
        let trace = bytes[3..<35], parent = bytes[36..<52], flags = bytes[53..<55]
        guard Self.isHex(trace), Self.isHex(parent), Self.isHex(flags),
              trace.contains(where: { $0 != UInt8(ascii: "0") }), parent.contains(where: { $0 != UInt8(ascii: "0") })
        else { return nil }
        traceID = String(decoding: trace, as: UTF8.self)
        parentID = String(decoding: parent, as: UTF8.self)
    }

    /// True when every byte is a lowercase hexadecimal digit.
    private static func isHex(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }
}
