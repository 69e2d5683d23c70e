import InfoWinKit

/// Shares out renders, not files (SPEC.md, "Shards by render, causes, CI engines"): the items of a render
/// job (a spec in one version: data row × locale × trait × scale) are what the `count`
/// shares split, so that a suite whose cost is in its variants splits evenly. Every share computes the
/// whole plan from the same specs, variants and timings, and keeps its own part: the shares together are
/// every render exactly once.
extension Shard {
    /// The numbers of this share's items of `job` over `specs`, ascending, or nil for the whole batch.
    /// By rank: the items sorted by spec path (then variant) cut into `count` contiguous runs, run k holding
    /// ranks ⌊(k−1)·n/N⌋ up to ⌊k·n/N⌋. By hash: the items whose render name hashes to `index` modulo
    /// `count`. By time: `timings` balanced (`timeShares`); by rank when no render has a time.
    package func items(of specs: some FoundSpecs, job: RenderJob, by strategy: Strategy, timings: RenderTimings = RenderTimings()) -> [Int]? {
        guard count > 1 else { return nil }
        let total = job.itemCount(of: specs)
        switch strategy {
        case .hash:
            return (0..<total).filter { contains(job.renderName($0, of: specs)) }
        case .time where !timings.isEmpty:
            let weights = timings.weights((0..<total).map { job.renderName($0, of: specs) })
            return Self.timeShares(ranked: Self.ranked(specs, job: job), weights: weights, count: count)[index - 1].sorted()
        case .rank, .time:
            let ranked = Self.ranked(specs, job: job)
            let lower = (index - 1) * total / count, upper = index * total / count
            return ranked[lower..<upper].sorted()
        }
    }

    /// Every item of `job` over `specs` in rank order: by the spec's relative path (then its place), each
    /// spec's versions in the job's order.
    private static func ranked(_ specs: some FoundSpecs, job: RenderJob) -> [Int] {
        let order = specs.indices.sorted { (specs[$0].relativePath, $0) < (specs[$1].relativePath, $1) }
        let versions = job.versionCount
        return order.flatMap { spec in spec * versions..<(spec + 1) * versions }
    }

    /// `count` shares of the items `ranked` lists, by weight: longest first (ties in rank order), each to the
    /// share with the least weight so far (ties to the one with fewer items, then the lower share, so that
    /// renders timed at 0 ms still spread). The same inputs give the same shares
    /// in every process.
    static func timeShares(ranked: [Int], weights: [Double], count: Int) -> [[Int]] {
        let order = ranked.enumerated().sorted { left, right in
            let (a, b) = (weights[left.element], weights[right.element])
            return a != b ? a > b : left.offset < right.offset
        }.map(\.element)
        var shares = [[Int]](repeating: [], count: count)
        var loads = [Double](repeating: 0, count: count)
        for item in order {
            var lightest = 0
            for share in 1..<count where (loads[share], shares[share].count) < (loads[lightest], shares[lightest].count) { lightest = share }
            shares[lightest].append(item)
            loads[lightest] += weights[item]
        }
        return shares
    }
}
