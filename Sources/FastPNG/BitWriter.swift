/// Writes bits least significant first, as deflate wants: whole 32-bit words are stored at once, so
/// writing a code costs a shift, an or and sometimes a store. Owns its buffer (freed when the writer
/// ends), which callers grow with `reserve` before a run of writes instead of checking at each one.
struct BitWriter: ~Copyable {
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        buffer = .allocate(capacity: self.capacity)
    }

    deinit {
        buffer.deallocate()
    }

    /// Makes room for at least `more` bytes beyond what was written.
    mutating func reserve(_ more: Int) {
        let needed = count + more + 16
        guard needed > capacity else { return }
        let grown = max(needed, capacity + capacity / 2)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: buffer, count: count)
        buffer.deallocate()
        buffer = larger
        capacity = grown
    }

    /// Appends the low `bitCount` (at most 32) bits of `value`; room must have been reserved.
    @inline(__always)
    mutating func write(_ value: UInt32, bits bitCount: Int) {
        pending |= UInt64(value) << UInt64(pendingCount)
        pendingCount += bitCount
        if pendingCount >= 32 {
            UnsafeMutableRawPointer(buffer + count).storeBytes(of: UInt32(truncatingIfNeeded: pending).littleEndian, as: UInt32.self)
            count += 4
            pending >>= 32
            pendingCount -= 32
        }
    }

    /// Pads with zero bits to a whole byte and writes out everything pending.
    mutating func alignToByte() {
        while pendingCount > 0 {
            buffer[count] = UInt8(truncatingIfNeeded: pending)
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
            buffer[count] = byte
            count += 1
        }
    }

    /// The bytes written, padded to a whole byte.
    consuming func finish() -> [UInt8] {
        alignToByte()
        return Array(UnsafeBufferPointer(start: buffer, count: count))
    }
}
