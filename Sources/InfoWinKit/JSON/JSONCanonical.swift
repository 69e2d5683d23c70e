extension JSONValue.Kind {
    /// 16 hexadecimal digits hashing the value in a canonical form, the same for two texts that differ only
    /// in spacing, member order (keys that repeat keep their order) and how numbers are written (`1`, `1.0`,
    /// `1e0`): what a spec's input hash reads. The value is fed to FNV-1a as it is walked, each string by
    /// its length and UTF-8 bytes and each number by its bits, without writing any text (a spec with a
    /// 10,000-point polyline hashes in a fraction of its decoding time).
    var canonicalDigest: String {
        var hasher = CanonicalHasher()
        hasher.add(self)
        let digits = String(hasher.state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// FNV-1a over a JSON value's canonical form.
private struct CanonicalHasher {
    var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ kind: JSONValue.Kind) {
        switch kind {
        case .null: byte(0x6E)
        case .bool(let value): byte(value ? 0x74 : 0x66)
        case .number(let value):
            byte(0x64)
            word(value == 0 ? 0 : value.bitPattern)
        case .string(let value):
            byte(0x73)
            string(value)
        case .array(let elements):
            byte(0x5B)
            word(UInt64(elements.count))
            for element in elements { add(element.kind) }
        case .object(let members):
            byte(0x7B)
            word(UInt64(members.count))
            if zip(members, members.dropFirst()).allSatisfy({ $0.key <= $1.key }) {
                for member in members { self.member(member) }
            } else {
                for (_, member) in members.enumerated().sorted(by: { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }) {
                    self.member(member)
                }
            }
        }
    }

    private mutating func member(_ member: JSONMember) {
        string(member.key)
        add(member.value.kind)
    }

    private mutating func string(_ text: String) {
        word(UInt64(text.utf8.count))
        for unit in text.utf8 { byte(unit) }
    }

    private mutating func word(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { byte(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    private mutating func byte(_ value: UInt8) {
        state = (state ^ UInt64(value)) &* 0x0000_0100_0000_01B3
    }
}
