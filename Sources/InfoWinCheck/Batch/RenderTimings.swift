import InfoWinKit

/// How long each render took in an earlier run (`--shard-by time --timings results.json`): the entries of
/// its `results.json` that carry `ms`, by the entry's name (an older file's entries, with `seconds` alone,
/// have none).
package struct RenderTimings: Sendable, Equatable {
    /// Milliseconds by render name (`pickup.json [de]`).
    package private(set) var milliseconds: [String: Double]

    /// Timings of these renders.
    package init(milliseconds: [String: Double] = [:]) {
        self.milliseconds = milliseconds
    }

    /// The timed entries of `results`.
    package init(_ results: CheckResults) {
        self.init(milliseconds: Dictionary(results.specs.compactMap { entry in entry.ms.map { (entry.name, $0) } }, uniquingKeysWith: { first, _ in first }))
    }

    /// The timings in the results file `file` (a `results.json` that `check --report` wrote).
    package static func read(_ file: String) throws(InfoWinError) -> RenderTimings {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(file, limit: CheckResultsReader.byteLimit)
        } catch {
            throw .io(file: file, message: "cannot read the timings: \(error.reason) (expected the results.json of an earlier infowin check --report)")
        }
        return RenderTimings(try CheckResultsReader.results(bytes, file: file))
    }

    /// True when no render has a time.
    package var isEmpty: Bool { milliseconds.isEmpty }

    /// The weight of each of `names`: its time, or for a render with none the median of the known times.
    package func weights(_ names: [String]) -> [Double] {
        let fallback = median
        return names.map { milliseconds[$0] ?? fallback }
    }

    /// The median of the known times (the mean of the middle two for an even count); 1 when none is known.
    package var median: Double {
        let sorted = milliseconds.values.sorted()
        guard !sorted.isEmpty else { return 1 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
