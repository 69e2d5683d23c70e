#if canImport(Glibc)
import Glibc
#endif
import InfoWinKit

/// The descriptor a worker process takes its items from.
let workerQueueDescriptor: Int32 = 4

/// The queue a round's worker processes share (`WorkerProcess`): a pipe that the parent fills with positions
/// in the round's list of items, 4 bytes each (little-endian), and that every child reads on descriptor 4,
/// 4 bytes at a time, just before it starts an item. The parent writes whole records, at most `PIPE_BUF`
/// bytes at once, and a pipe's reads and writes of that size are atomic: each position goes to exactly one
/// child, and a child that is free first takes the next, so a slow item never holds the others back.
struct ItemQueue {
    /// The end the children read: the parent keeps it until the round ends, for the children it starts late.
    let readEnd: Int32
    /// The end the parent writes, without blocking; -1 once every position is written and it is closed.
    private(set) var writeEnd: Int32
    private let count: Int
    private var next = 0

    /// A queue of the positions 0..<count, nil when no pipe can be made.
    init?(count: Int) {
        var ends: [Int32] = [0, 0]
        guard WorkerChild.pipeClosedOnExec(&ends) else { return nil }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        readEnd = ends[0]
        writeEnd = ends[1]
        self.count = count
        fill()
    }

    /// True while some positions are not written yet (the parent then waits for room: `POLLOUT` on `writeEnd`).
    var isFilling: Bool { writeEnd >= 0 }

    /// Writes as many positions as the pipe takes; closes the write end after the last, which the children
    /// read as the queue's end once it is empty.
    mutating func fill() {
        let perWrite = Int(PIPE_BUF) / 4
        while next < count {
            var records: [UInt8] = []
            records.reserveCapacity(4 * perWrite)
            for position in next..<min(count, next + perWrite) {
                withUnsafeBytes(of: UInt32(truncatingIfNeeded: position).littleEndian) { records += $0 }
            }
            let written = records.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            // Full (EAGAIN), or no reader left: the rest waits for room or for the round's end.
            guard written == records.count else { return }
            next += records.count / 4
        }
        closeWriteEnd()
    }

    /// Ends the round's queue: no position not yet written will be.
    mutating func close() {
        closeWriteEnd()
        Glibc.close(readEnd)
    }

    private mutating func closeWriteEnd() {
        guard writeEnd >= 0 else { return }
        Glibc.close(writeEnd)
        writeEnd = -1
    }

    /// The next position a worker process takes from descriptor 4, nil at the queue's end (or when there is
    /// no queue: a worker started by hand).
    static func claim() -> Int? {
        var record: [UInt8] = [0, 0, 0, 0]
        while true {
            let count = record.withUnsafeMutableBytes { read(workerQueueDescriptor, $0.baseAddress, 4) }
            if count < 0 && errno == EINTR { continue }
            guard count == 4 else { return nil }
            return Int(record[0]) | Int(record[1]) << 8 | Int(record[2]) << 16 | Int(record[3]) << 24
        }
    }
}
