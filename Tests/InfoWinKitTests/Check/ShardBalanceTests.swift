import Testing
import InfoWinCheck
@testable import InfoWinKit

/// `--shard K/N` by rank: contiguous runs of the renders sorted by path (here one a spec), every count
/// within one of the others; `--shard-by hash` keeps the stable share by a hash of the path.
@Suite("shards: balanced by rank, or by hash")
struct ShardBalanceTests {
    /// A job of one plain variant: its renders are its specs.
    private static let plain = RenderJob(settings: RenderSettings())

    /// The specs of `shard`'s renders of `all`.
    private static func share(_ shard: Shard, of all: SpecList, by strategy: Shard.Strategy) -> SpecList {
        SpecList((shard.items(of: all, job: plain, by: strategy) ?? Array(all.indices)).map { all[$0] })
    }

    private static func specs(_ count: Int, seed: UInt64 = 7) -> SpecList {
        var random = SplitMix(state: seed)
        return SpecList((0..<count).map { _ in
            let name = "dir\(random.next() % 5)/spec-\(random.next() % 1_000_000).json"
            return FoundSpec(path: "specs/" + name, relativePath: name)
        })
    }

    @Test(arguments: [(30, 3), (7, 3), (1, 4), (0, 2), (200, 7), (1000, 16), (5, 5)])
    func everyShardHoldsWithinOneOfTheOthersAndTogetherEverySpecOnce(_ sizes: (Int, Int)) {
        let (total, count) = sizes
        let all = Self.specs(total)
        let shares = (1...count).map { Self.share(Shard(index: $0, count: count), of: all, by: .rank) }
        let counts = shares.map(\.count)
        #expect((counts.max() ?? 0) - (counts.min() ?? 0) <= 1, "\(counts)")
        #expect(shares.flatMap { $0 }.map(\.relativePath).sorted() == all.map(\.relativePath).sorted())
    }

    @Test func eachShareIsAContiguousRunOfTheSortedPaths() {
        let all = Self.specs(50)
        let sorted = all.map(\.relativePath).sorted()
        var next = 0
        for index in 1...4 {
            let share = Self.share(Shard(index: index, count: 4), of: all, by: .rank).map(\.relativePath).sorted()
            #expect(Array(sorted[next..<next + share.count]) == share, "shard \(index)/4")
            next += share.count
        }
        #expect(next == sorted.count)
    }

    @Test func aShareKeepsTheOrderItWasGivenAndDoesNotDependOnIt() {
        let all = Self.specs(40)
        let shard = Shard(index: 2, count: 3)
        let forward = Self.share(shard, of: all, by: .rank), backward = Self.share(shard, of: SpecList(all.reversed()), by: .rank)
        #expect(Set(forward.map(\.relativePath)) == Set(backward.map(\.relativePath)))
        let positions = forward.compactMap { spec in all.firstIndex { $0.relativePath == spec.relativePath } }
        #expect(positions == positions.sorted())
    }

    @Test func byHashIsTheStableShareOfBefore() {
        let all = Self.specs(120)
        for index in 1...3 {
            let shard = Shard(index: index, count: 3)
            #expect(Self.share(shard, of: all, by: .hash).map(\.relativePath) == all.map(\.relativePath).filter(shard.contains))
        }
    }
}
