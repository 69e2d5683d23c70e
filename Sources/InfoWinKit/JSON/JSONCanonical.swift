extension JSONValue {
    /// 16 hexadecimal digits hashing the value in a canonical form, the same for two texts that differ only
    /// in spacing, member order and how numbers are written (`1`, `1.0`, `1e0`): what a spec's input hash
    /// reads. Each value's hash is made from its children's as the parser makes it (`CanonicalHash`), so
    /// the digest costs no walk of its own: a spec with a 10,000-point path has it for a small part of its
    /// parsing time.
    var canonicalDigest: String {
        let digits = String(digest, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// A 64-bit hash of a JSON value's canonical form, from its own bytes or its children's hashes: a type tag,
/// then a number's bits (0 for -0), a string's length and UTF-8 bytes eight to a word, an array's count and
/// its elements' hashes in order, or an object's count and the sum of its members' hashes (each its key's
/// hash mixed with its value's), which no order of the members changes. A word is folded in by a 64 × 64 →
/// 128-bit multiply whose halves are combined (the mixing step of wyhash), so every bit of it reaches every
/// bit of the hash. It tells changed specs from unchanged ones and is no defence against forgery: the
/// input hash around it is SHA-256.
enum CanonicalHash {
    private enum Tag: UInt64 {
        case null = 0x6E, `true` = 0x74, `false` = 0x66, number = 0x64, string = 0x73, array = 0x5B, object = 0x7B
    }

    /// The hash of a value of `kind`, whose elements' and members' values already have theirs.
    static func of(_ kind: JSONValue.Kind) -> UInt64 {
        switch kind {
        case .null: return mix(start, Tag.null.rawValue)
        case .bool(let value): return mix(start, (value ? Tag.true : Tag.false).rawValue)
        case .number(let value): return mix(mix(start, Tag.number.rawValue), value == 0 ? 0 : value.bitPattern)
        case .string(let value): return string(value, after: mix(start, Tag.string.rawValue))
        case .array(let elements):
            var state = mix(mix(start, Tag.array.rawValue), UInt64(elements.count))
            // Through the buffer: reading a hash copies no element (and retains nothing).
            elements.withUnsafeBufferPointer { elements in
                for index in elements.indices { state = mix(state, elements[index].digest) }
            }
            return state
        case .object(let members):
            var sum: UInt64 = 0
            members.withUnsafeBufferPointer { members in
                for index in members.indices { sum &+= mix(string(members[index].key, after: start), members[index].value.digest) }
            }
            return mix(mix(mix(start, Tag.object.rawValue), UInt64(members.count)), sum)
        }
    }

    private static let start: UInt64 = 0xcbf2_9ce4_8422_2325

    /// `state` followed by the length of `text`, then its UTF-8 bytes eight to a word (little-endian, the
    /// last one padded with zeros).
    private static func string(_ text: String, after state: UInt64) -> UInt64 {
        var text = text
        return text.withUTF8 { bytes in
            var state = mix(state, UInt64(bytes.count))
            var packed: UInt64 = 0
            for (index, byte) in bytes.enumerated() {
                packed |= UInt64(byte) << ((index & 7) * 8)
                if index & 7 == 7 {
                    state = mix(state, packed)
                    packed = 0
                }
            }
            return bytes.count & 7 == 0 ? state : mix(state, packed)
        }
    }

    @inline(__always)
    private static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let product = (state ^ word ^ 0xA076_1D64_78BD_642F).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
        return product.high ^ product.low
    }
}
