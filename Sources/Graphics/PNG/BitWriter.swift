/// Writes bits least significant first, as deflate wants, into a buffer the caller sized: whole 32-bit
/// words are stored at once, so writing a code costs a shift, an or and sometimes a store.
struct BitWriter {
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private(set) var bytes: [UInt8]
    private(set) var count = 0

    init(capacity: Int) {
        bytes = [UInt8](repeating: 0, count: capacity)
    }

    /// Makes room for at least `more` bytes beyond what was written.
    mutating func reserve(_ more: Int) {
        let needed = count + more + 16
        if needed > bytes.count { bytes += [UInt8](repeating: 0, count: max(needed - bytes.count, bytes.count / 2)) }
    }

    /// Appends the low `bitCount` (at most 32) bits of `value`; room must have been reserved.
    @inline(__always)
    mutating func write(_ value: UInt32, bits bitCount: Int) {
        pending |= UInt64(value) << UInt64(pendingCount)
        pendingCount += bitCount
        if pendingCount >= 32 {
            let word = UInt32(truncatingIfNeeded: pending).littleEndian
            let at = count
            bytes.withUnsafeMutableBytes { $0.storeBytes(of: word, toByteOffset: at, as: UInt32.self) }
            count += 4
            pending >>= 32
            pendingCount -= 32
        }
    }

    /// Pads with zero bits to a whole byte and writes out everything pending.
    mutating func alignToByte() {
        while pendingCount > 0 {
            bytes[count] = UInt8(truncatingIfNeeded: pending)
            count += 1
            pending >>= 8
            pendingCount = max(0, pendingCount - 8)
        }
        pending = 0
    }

    /// Appends whole bytes; the writer must be aligned.
    mutating func append(_ more: [UInt8]) {
        precondition(pendingCount == 0, "append needs a byte-aligned writer")
        reserve(more.count)
        for byte in more {
            bytes[count] = byte
            count += 1
        }
    }

    /// The bytes written, once aligned.
    mutating func finish() -> [UInt8] {
        alignToByte()
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}
