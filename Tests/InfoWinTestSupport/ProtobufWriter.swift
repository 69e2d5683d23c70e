/// Writes protocol buffer wire format byte by byte, for tests that build vector tiles (and damaged
/// ones) without a protobuf library.
public struct ProtobufWriter {
    /// What has been written.
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// A varint, as is: no field key.
    public mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// A field's key: its number and wire type (0 varint, 1 fixed64, 2 length-delimited, 5 fixed32).
    public mutating func key(_ field: Int, wireType: Int) {
        varint(UInt64(field) << 3 | UInt64(wireType))
    }

    /// A varint field.
    public mutating func varint(_ field: Int, _ value: UInt64) {
        key(field, wireType: 0)
        varint(value)
    }

    /// A length-delimited field of `payload`.
    public mutating func bytes(_ field: Int, _ payload: [UInt8]) {
        key(field, wireType: 2)
        varint(UInt64(payload.count))
        bytes += payload
    }

    /// A length-delimited field of UTF-8 text.
    public mutating func string(_ field: Int, _ text: String) {
        bytes(field, Array(text.utf8))
    }

    /// A little-endian field of 4 bytes (wire type 5) or 8 (wire type 1).
    public mutating func fixed(_ field: Int, _ value: UInt64, size: Int) {
        key(field, wireType: size == 4 ? 5 : 1)
        bytes += (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// A packed repeated field of unsigned integers.
    public mutating func packed(_ field: Int, _ values: [UInt32]) {
        var payload = ProtobufWriter()
        for value in values { payload.varint(UInt64(value)) }
        bytes(field, payload.bytes)
    }

    /// Raw bytes, as they are.
    public mutating func raw(_ more: [UInt8]) {
        bytes += more
    }

    /// The zigzag code of a signed parameter: 0, −1, 1, −2… as 0, 1, 2, 3…
    public static func zigzag(_ value: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: (value << 1) ^ (value >> 63))
    }
}
