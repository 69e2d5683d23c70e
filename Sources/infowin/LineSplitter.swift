#if canImport(Glibc)
import Glibc
#endif
import InfoWinKit

/// Bytes read in chunks, handed on as whole lines (without their `\n`) as soon as each is complete: the
/// worker's work order and the reports it sends back, which for 100,000 specs are megabytes that need
/// never be held at once.
struct LineSplitter {
    private var pending: [UInt8] = []

    /// Adds a chunk, calling `line` with each line it completes.
    mutating func add(_ chunk: ArraySlice<UInt8>, line: ([UInt8]) -> Void) {
        var start = chunk.startIndex
        while let end = chunk[start...].firstIndex(of: 0x0A) {
            if pending.isEmpty {
                line(Array(chunk[start..<end]))
            } else {
                pending += chunk[start..<end]
                line(pending)
                pending.removeAll(keepingCapacity: true)
            }
            start = end + 1
        }
        pending += chunk[start...]
    }

    /// Calls `line` with each line read from `descriptor` until its end (a last line without `\n` is
    /// dropped: the writer died writing it); false when reading failed.
    static func readLines(from descriptor: Int32, line: ([UInt8]) -> Void) -> Bool {
        var splitter = LineSplitter()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return false }
            if count == 0 { return true }
            splitter.add(chunk[..<count], line: line)
        }
    }
}
