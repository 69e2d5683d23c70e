#if canImport(Glibc)
import Glibc
#endif

/// Fast hashes of whole files for the input hash (SPEC.md, "Unchanged specs"): font files, and this
/// process's own executable, since a rebuilt or patched binary may draw otherwise. Every byte is hashed
/// (not the linker's build id, nor a font's first tables, which a patched byte leaves as they were).
package enum ContentHash {
    /// The hash of `/proc/self/exe`, or `unreadable` (no input hash then equals a golden's, so nothing is
    /// skipped). Computed once, by whichever thread first asks (`startEarly` asks on a thread of its own).
    package static let binary: String = ofFile("/proc/self/exe") ?? "unreadable"

    /// Starts hashing the binary on a thread of its own, so that a cold render finds it done: about
    /// 3 ms for 20 MB, on the core that loading fonts leaves idle.
    package static func startEarly() {
        let thread = ParallelRunner.startThread { _ = ContentHash.binary }
        pthread_detach(thread)
    }

    /// 32 hexadecimal digits hashing the file at `path` (mapped rather than read: four 64-bit lanes over its
    /// words, then its size); nil when it cannot be opened or mapped.
    static func ofFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
        let size = Int(status.st_size)
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0), mapped != MAP_FAILED else { return nil }
        defer { munmap(mapped, size) }
        return hash(UnsafeRawBufferPointer(start: mapped, count: size))
    }

    /// Four independent multiply-xor lanes over 8-byte words (so the multiplications overlap), the tail
    /// bytes and the length folded in at the end; each lane then mixed (SplitMix64's finaliser).
    static func hash(_ bytes: UnsafeRawBufferPointer) -> String {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xcbf2_9ce4_8422_2325, 0x9e37_79b9_7f4a_7c15, 0xbf58_476d_1ce4_e5b9, 0x94d0_49bb_1331_11eb)
        let words = bytes.count / 32 * 4
        var index = 0
        while index < words {
            lanes.0 = (lanes.0 ^ bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* prime
            lanes.1 = (lanes.1 ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 8, as: UInt64.self)) &* prime
            lanes.2 = (lanes.2 ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 16, as: UInt64.self)) &* prime
            lanes.3 = (lanes.3 ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 24, as: UInt64.self)) &* prime
            index += 4
        }
        for byte in bytes[(words * 8)...] {
            lanes.0 = (lanes.0 ^ UInt64(byte)) &* prime
        }
        lanes.1 ^= UInt64(bytes.count)
        func mixed(_ value: UInt64) -> String {
            var z = value
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            z ^= z >> 31
            let digits = String(z, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return mixed(lanes.0 ^ lanes.2 &* 31) + mixed(lanes.1 ^ lanes.3 &* 31)
    }
}
