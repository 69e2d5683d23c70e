import InfoWinKit

/// The specs of a batch as the batch functions read them (`BatchRenderer`, `GoldenChecker`, `SpecValidator`):
/// an array, or a packed `SpecList`.
package protocol FoundSpecs: RandomAccessCollection, Sendable where Element == FoundSpec, Index == Int {}

extension Array: FoundSpecs where Element == FoundSpec {}

/// Specs kept packed: every spec's path (and its relative path, when that is not the path's end) in one
/// buffer of bytes, 16 bytes a spec beside it, and each folder the specs were found in once for a run of
/// specs, where a `[FoundSpec]` costs about 120 bytes a spec (a 56-byte element and a string of its own
/// for each path). A batch of 100,000 specs holds its list in the parent process and in each worker
/// (Documentation/performance.md). Its specs are made as they are read.
package struct SpecList: FoundSpecs {
    /// Where one spec's bytes are: they start at `start` and end where the next spec's start.
    private struct Entry: Sendable {
        var start: Int
        /// 0 or more: the bytes are the path, and the relative path is its last `relative` bytes.
        /// Below 0: the bytes are the path, then a relative path of its own, `-relative - 1` bytes long.
        var relative: Int
    }

    private var bytes: [UInt8] = []
    private var entries: [Entry] = []
    /// The specs' roots, from spec `first` on until the next run's first (nil: given by name). Specs found
    /// in one folder come one after another, so a batch has a run a folder given.
    private var rootRuns: [(first: Int, root: String?)] = []

    /// An empty list, with room for `capacity` specs.
    package init(capacity: Int = 0) {
        entries.reserveCapacity(capacity)
    }

    /// The list of `specs`.
    package init(_ specs: some Sequence<FoundSpec>) {
        for spec in specs { append(spec) }
    }

    /// Adds `spec` at the end.
    package mutating func append(_ spec: FoundSpec) {
        let start = bytes.count
        bytes += spec.path.utf8
        var relative = spec.relativeEnd ?? -1
        if relative < 0 {
            let own = spec.relativePath.utf8
            bytes += own
            relative = -own.count - 1
        }
        if rootRuns.last.map({ $0.root != spec.root }) ?? true { rootRuns.append((entries.count, spec.root)) }
        entries.append(Entry(start: start, relative: relative))
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { entries.count }

    package subscript(position: Int) -> FoundSpec {
        let entry = entries[position]
        let end = position + 1 < entries.count ? entries[position + 1].start : bytes.count
        let root = root(of: position)
        guard entry.relative < 0 else {
            return FoundSpec(path: text(entry.start..<end), relativeEnd: entry.relative, root: root)
        }
        let pathEnd = end - (-entry.relative - 1)
        return FoundSpec(path: text(entry.start..<pathEnd), relativePath: text(pathEnd..<end), root: root)
    }

    /// The root of the run `position` is in: the last run starting at or before it.
    private func root(of position: Int) -> String? {
        var low = 0, high = rootRuns.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if rootRuns[middle].first <= position { low = middle } else { high = middle }
        }
        return rootRuns[low].root
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}

extension SpecList: Equatable {
    /// The same specs in the same order, however they are packed.
    package static func == (left: SpecList, right: SpecList) -> Bool {
        left.elementsEqual(right)
    }
}

extension SpecList: ExpressibleByArrayLiteral {
    package init(arrayLiteral specs: FoundSpec...) {
        self.init(specs)
    }
}
