import InfoWinKit

/// One share of a batch's renders (a spec in one variant; `Shard+Renders.swift` makes the shares). By rank
/// (the default): sorted by path and cut into `count` contiguous runs whose sizes differ by at most one. By
/// hash (`--shard-by hash`): those whose name hashes to `index` modulo `count`, so that one stays in its
/// share when others are added or removed. By time (`--shard-by time`): balanced by an earlier run's times.
/// Every way, the `count` shares hold every render exactly once.
package struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based share number.
    package let index: Int
    /// How many shares there are.
    package let count: Int

    /// The whole batch.
    package static let all = Shard(index: 1, count: 1)

    /// A shard; `index` is 1…`count`.
    package init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "a shard is K/N with 1 ≤ K ≤ N")
        self.index = index
        self.count = count
    }

    /// `K/N`.
    package var description: String { "\(index)/\(count)" }

    /// How the renders are shared out.
    package enum Strategy: String, Sendable, CaseIterable {
        /// Contiguous runs of the renders sorted by path, balanced to within one render.
        case rank
        /// A stable share by a hash of the render's name.
        case hash
        /// Balanced by the times of an earlier run (`--timings`); by rank when none is known.
        case time
    }

    /// True when the render named `name` (a spec's relative path, and its variant: `a.json [de]`) belongs to
    /// this share by hash.
    package func contains(_ name: String) -> Bool {
        Int(fnv1a(name.utf8) % UInt64(count)) == index - 1
    }

    /// Parses `K/N`; nil when it is not two whole numbers with 1 ≤ K ≤ N.
    package static func parse(_ text: String) -> Shard? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index)
        else { return nil }
        return Shard(index: index, count: count)
    }

    /// The variables CI systems set for parallel jobs: index variable, count variable, and the first index.
    package static let environmentConventions: [(index: String, count: String, base: Int)] = [
        ("INFOWIN_SHARD_INDEX", "INFOWIN_SHARD_TOTAL", 1),
        ("TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS", 0),  // Bazel's test sharding
        ("CI_NODE_INDEX", "CI_NODE_TOTAL", 1),  // GitLab CI `parallel:`
        ("CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", 0),  // CircleCI `parallelism`
        ("BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", 0),  // Buildkite `parallelism`
        ("SEMAPHORE_JOB_INDEX", "SEMAPHORE_JOB_COUNT", 1),  // Semaphore `parallelism`
        ("SYSTEM_JOBPOSITIONINPHASE", "SYSTEM_TOTALJOBSINPHASE", 1),  // Azure Pipelines `parallel`
        ("JOB_COMPLETION_INDEX", "INFOWIN_SHARD_TOTAL", 0),  // a Kubernetes indexed Job
    ]

    /// Every variable name `fromEnvironment` looks at, index then count, convention by convention.
    package static var environmentVariableNames: [String] {
        environmentConventions.flatMap { [$0.index, $0.count] }
    }

    /// The shard the environment names (`--shard auto`): the first convention whose two variables are set.
    package static func fromEnvironment(_ lookup: (String) -> String?) -> Shard? {
        try? fromEnvironmentChecked(lookup)
    }

    /// Like `fromEnvironment`, but says which variables are wrong when a convention's are set and bad.
    package static func fromEnvironmentChecked(_ lookup: (String) -> String?) throws(ShardError) -> Shard? {
        for convention in environmentConventions {
            guard let indexText = lookup(convention.index), let countText = lookup(convention.count) else { continue }
            guard let index = Int(indexText), let count = Int(countText),
                  let shard = parse("\(index - convention.base + 1)/\(count)")
            else {
                throw ShardError(
                    message: "\(convention.index)=\(indexText) and \(convention.count)=\(countText) do not name a share "
                        + "(the index counts from \(convention.base), below the total)")
            }
            return shard
        }
        return nil
    }
}

/// CI variables that are set but do not name a share.
package struct ShardError: Error, Sendable {
    /// What is wrong.
    package let message: String
}
