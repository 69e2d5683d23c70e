#if canImport(Glibc)
import Glibc
#endif

/// Fast hashes of whole files for the input hash (SPEC.md, "Unchanged specs"): font files, icons and the
/// like. Every byte is hashed (not a font's first tables, which a patched byte leaves as they were). The
/// build itself is named by `InfoWin.build` (a hash of its source code), not by the binary's bytes, which
/// stripping or packaging changes.
enum ContentHash {
    /// 32 hexadecimal digits hashing the file at `path`, read a megabyte at a time into one buffer (a mapped
    /// file's pages would count in this process's resident memory: the binary and a CJK font are 50 MB);
    /// nil when it cannot be read.
    static func ofFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 32)
        defer { chunk.deallocate() }
        var lanes = Lanes()
        var total = 0
        while true {
            guard let filled = readFully(descriptor, into: chunk) else { return nil }
            total += filled
            let used = lanes.addBlocks(UnsafeRawBufferPointer(rebasing: chunk[..<filled]))
            if filled < chunk.count {
                return lanes.finish(tail: UnsafeRawBufferPointer(rebasing: chunk[used..<filled]), count: total)
            }
        }
    }

    /// Fills `buffer` from `descriptor` (less only at the file's end); the count read, or nil on an error.
    private static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        var filled = 0
        while filled < buffer.count {
            let count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    /// The hash of `bytes` in memory (the same as a file of those bytes).
    static func hash(_ bytes: UnsafeRawBufferPointer) -> String {
        var lanes = Lanes()
        let used = lanes.addBlocks(bytes)
        return lanes.finish(tail: UnsafeRawBufferPointer(rebasing: bytes[used...]), count: bytes.count)
    }

    /// Four independent multiply-xor lanes over 8-byte words (so the multiplications overlap), the tail
    /// bytes and the length folded in at the end; each lane then mixed (SplitMix64's finaliser).
    private struct Lanes {
        private static let prime: UInt64 = 0x0000_0100_0000_01B3
        private var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xcbf2_9ce4_8422_2325, 0x9e37_79b9_7f4a_7c15, 0xbf58_476d_1ce4_e5b9, 0x94d0_49bb_1331_11eb)

        /// Hashes the whole 32-byte blocks of `bytes`, returning how many bytes that was.
        mutating func addBlocks(_ bytes: UnsafeRawBufferPointer) -> Int {
            let words = bytes.count / 32 * 4
            var index = 0
            while index < words {
                lanes.0 = (lanes.0 ^ bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* Self.prime
                lanes.1 = (lanes.1 ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 8, as: UInt64.self)) &* Self.prime
                lanes.2 = (lanes.2 ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 16, as: UInt64.self)) &* Self.prime
                lanes.3 = (lanes.3 ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 24, as: UInt64.self)) &* Self.prime
                index += 4
            }
            return words * 8
        }

        /// The hash, after the last bytes (fewer than 32) and the whole length.
        mutating func finish(tail: UnsafeRawBufferPointer, count: Int) -> String {
            for byte in tail {
                lanes.0 = (lanes.0 ^ UInt64(byte)) &* Self.prime
            }
            lanes.1 ^= UInt64(count)
            return Self.mixed(lanes.0 ^ lanes.2 &* 31) + Self.mixed(lanes.1 ^ lanes.3 &* 31)
        }

        private static func mixed(_ value: UInt64) -> String {
            var z = value
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            z ^= z >> 31
            let digits = String(z, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
    }
}
