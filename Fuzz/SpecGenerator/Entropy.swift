/// Where a generator's choices come from: a seeded sequence (property tests) or a fuzzer's bytes
/// (libFuzzer mutates them, so each byte steers one choice).
public protocol Entropy {
    /// The next raw choice.
    mutating func next() -> UInt64
}

/// A seeded generator (SplitMix64): the same seed gives the same specs on every machine.
public struct SeededEntropy: Entropy {
    private var state: UInt64

    /// Starts the sequence at `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A fuzzer's input read one byte a choice; once it runs out every choice is 0 (the first option), so
/// any input, even an empty one, makes a finite, valid spec.
public struct ByteEntropy: Entropy {
    private let bytes: [UInt8]
    private var position = 0

    /// Reads `bytes` from the start.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public mutating func next() -> UInt64 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return UInt64(bytes[position])
    }
}
