import Testing
import InfoWinCheck
@testable import InfoWinKit

/// `--shard K/N` by rank: contiguous runs of the specs sorted by path, every count within one of the
/// others; `--shard-by hash` keeps the stable share by a hash of the path.
@Suite("shards: balanced by rank, or by hash")
struct ShardBalanceTests {
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
        let shares = (1...count).map { Shard(index: $0, count: count).share(of: all, by: .rank) }
        let counts = shares.map(\.count)
        #expect((counts.max() ?? 0) - (counts.min() ?? 0) <= 1, "\(counts)")
        #expect(shares.flatMap { $0 }.map(\.relativePath).sorted() == all.map(\.relativePath).sorted())
    }

    @Test func eachShareIsAContiguousRunOfTheSortedPaths() {
        let all = Self.specs(50)
        let sorted = all.map(\.relativePath).sorted()
        var next = 0
        for index in 1...4 {
            let share = Shard(index: index, count: 4).share(of: all, by: .rank).map(\.relativePath).sorted()
            #expect(Array(sorted[next..<next + share.count]) == share, "shard \(index)/4")
            next += share.count
        }
        #expect(next == sorted.count)
    }

    @Test func aShareKeepsTheOrderItWasGivenAndDoesNotDependOnIt() {
        let all = Self.specs(40)
        let shard = Shard(index: 2, count: 3)
        let forward = shard.share(of: all, by: .rank), backward = shard.share(of: SpecList(all.reversed()), by: .rank)
        #expect(Set(forward.map(\.relativePath)) == Set(backward.map(\.relativePath)))
        let positions = forward.compactMap { spec in all.firstIndex { $0.relativePath == spec.relativePath } }
        #expect(positions == positions.sorted())
    }

    @Test func byHashIsTheStableShareOfBefore() {
        let all = Self.specs(120)
        for index in 1...3 {
            let shard = Shard(index: index, count: 3)
            #expect(shard.share(of: all, by: .hash).map(\.relativePath) == all.map(\.relativePath).filter(shard.contains))
        }
    }
}
