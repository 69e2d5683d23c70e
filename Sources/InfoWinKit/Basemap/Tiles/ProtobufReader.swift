/// The protocol buffer wire types (field kinds on the wire).
enum ProtobufWireType: Int {
    case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5
}

/// Reads protocol buffer wire format from a span of bytes, for the vector tile decoder: varints,
/// fixed-size numbers, length-delimited fields (read as readers of their own span, without copying)
/// and skipping unknown fields by their wire type. Every read is checked against the span's end, so a
/// damaged or hostile message is an error, never a read past the bytes.
struct ProtobufReader {
    private let bytes: [UInt8]
    private var position: Int
    private let end: Int

    /// A reader of all of `bytes`.
    init(_ bytes: [UInt8]) {
        self.init(bytes, from: 0, to: bytes.count)
    }

    private init(_ bytes: [UInt8], from start: Int, to end: Int) {
        self.bytes = bytes
        position = start
        self.end = end
    }

    /// True once every byte of the span is read.
    var isAtEnd: Bool { position >= end }

    /// Bytes left in the span.
    var remaining: Int { end - position }

    /// The next field's number and wire type, or nil at the end of the span. Wire types 3 and 4 (groups,
    /// which no vector tile uses) and the others undefined are errors, as is field number 0.
    mutating func field(in message: String) throws(VectorTileError) -> (number: UInt64, wireType: ProtobufWireType)? {
        guard !isAtEnd else { return nil }
        let key = try varint(in: message)
        guard let wireType = ProtobufWireType(rawValue: Int(key & 7)) else {
            throw .badWireType(field: "a field of \(message)", wireType: Int(key & 7))
        }
        guard key >> 3 > 0 else { throw .malformed("\(message) has a field numbered 0") }
        return (key >> 3, wireType)
    }

    /// A varint: at most ten bytes, the tenth holding only the 64th bit.
    mutating func varint(in what: String) throws(VectorTileError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw .truncated(what) }
            let byte = bytes[position]
            position += 1
            guard shift < 63 || (shift == 63 && byte <= 1) else { throw .badVarint }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }

    /// A little-endian number of `count` bytes (4 or 8).
    mutating func fixed(_ count: Int, in what: String) throws(VectorTileError) -> UInt64 {
        guard remaining >= count else { throw .truncated(what) }
        var value: UInt64 = 0
        for index in 0..<count { value |= UInt64(bytes[position + index]) << (8 * UInt64(index)) }
        position += count
        return value
    }

    /// A length-delimited field's bytes, as a reader of their span.
    mutating func message(in what: String) throws(VectorTileError) -> ProtobufReader {
        let length = try varint(in: what)
        guard length <= UInt64(remaining) else { throw .truncated(what) }
        let start = position
        position += Int(length)
        return ProtobufReader(bytes, from: start, to: position)
    }

    /// A length-delimited field's bytes as UTF-8 text (invalid sequences become U+FFFD).
    mutating func string(in what: String) throws(VectorTileError) -> String {
        let span = try message(in: what)
        return String(decoding: bytes[span.position..<span.end], as: UTF8.self)
    }

    /// Passes over a field of `wireType` that the reader does not use.
    mutating func skip(_ wireType: ProtobufWireType, in what: String) throws(VectorTileError) {
        switch wireType {
        case .varint: _ = try varint(in: what)
        case .fixed64: _ = try fixed(8, in: what)
        case .fixed32: _ = try fixed(4, in: what)
        case .lengthDelimited: _ = try message(in: what)
        }
    }

    /// The unsigned 32-bit integers of a repeated field, packed (wire type 2: appends them all) or not
    /// (wire type 0: appends one), as protocol buffers allow either; each must fit in 32 bits.
    mutating func appendUInt32s(_ wireType: ProtobufWireType, to values: inout [UInt32], in what: String) throws(VectorTileError) {
        switch wireType {
        case .varint:
            values.append(try uint32(in: what))
        case .lengthDelimited:
            var packed = try message(in: what)
            while !packed.isAtEnd { values.append(try packed.uint32(in: what)) }
        default:
            throw .badWireType(field: what, wireType: wireType.rawValue)
        }
    }

    private mutating func uint32(in what: String) throws(VectorTileError) -> UInt32 {
        let value = try varint(in: what)
        guard value <= UInt64(UInt32.max) else { throw .malformed("\(what) holds \(value), more than 32 bits") }
        return UInt32(value)
    }
}
