import InfoWinCheck
import InfoWinKit

/// `--shard K/N|auto`, `--shard-by rank|hash|time` and `--timings FILE`, as `batch`, `check` and `validate`
/// take them: which renders this run does (SPEC.md, "Shards by render, causes, CI engines"), and what
/// Bazel's test protocol asks of a run that `--shard auto` placed.
struct ShardOptions {
    static let options = [
        OptionSpec(names: ["--shard"], valueName: "K/N", help: "do only share K of N of the renders (spec × data row × locale × trait), counts within one; 'auto' reads CI variables"),
        OptionSpec(names: ["--shard-by"], valueName: "HOW", help: "rank (default: contiguous runs of the renders sorted by path), hash (a stable share by a hash of the render's name) or time (balanced by --timings)"),
        OptionSpec(names: ["--timings"], valueName: "FILE", help: "with --shard-by time: the results.json of an earlier check --report, whose entries' ms are the renders' times"),
    ]

    /// The share asked for (`.all` without `--shard`).
    let shard: Shard
    let strategy: Shard.Strategy
    /// The results file `--shard-by time` balances by.
    let timingsFile: String?
    /// True for `--shard auto`: Bazel's status file and JUnit file are then this run's to write.
    let isAuto: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        isAuto = arguments.value("--shard") == "auto"
        shard = try Self.shard(arguments)
        if let text = arguments.value("--shard-by") {
            guard let strategy = Shard.Strategy(rawValue: text) else {
                throw UsageError(message: "--shard-by: expected rank, hash or time, got '\(text)'")
            }
            self.strategy = strategy
        } else {
            strategy = .rank
        }
        timingsFile = arguments.value("--timings")
        if strategy == .time && timingsFile == nil {
            throw UsageError(message: "--shard-by time: needs --timings FILE (the results.json of an earlier infowin check --report)")
        }
        if let file = timingsFile, strategy != .time {
            throw UsageError(message: "--timings \(file): only --shard-by time reads timings (got --shard-by \(strategy.rawValue))")
        }
    }

    /// `--shard K/N` or `--shard auto` (default: everything).
    private static func shard(_ arguments: ParsedArguments) throws(UsageError) -> Shard {
        guard let text = arguments.value("--shard") else { return .all }
        if text == "auto" {
            let found: Shard?
            do throws(ShardError) {
                found = try Shard.fromEnvironmentChecked(FileSystem.environment)
            } catch {
                throw UsageError(message: "--shard auto: \(error.message)")
            }
            guard let shard = found else {
                let names = Shard.environmentVariableNames.joined(separator: ", ")
                throw UsageError(message: "--shard auto: no CI shard variables are set (looked for \(names))")
            }
            return shard
        }
        guard let shard = Shard.parse(text) else {
            throw UsageError(message: "--shard: expected K/N with 1 ≤ K ≤ N (like 2/4) or 'auto', got '\(text)'")
        }
        return shard
    }

    /// This share's items of `job` over `specs` (nil: every one), the timings read when balancing by time;
    /// with `--shard auto` under Bazel, `TEST_SHARD_STATUS_FILE` is touched first (the test runner's sign that
    /// the test shards). Prints the error and returns false when either cannot be done.
    func items(of specs: some FoundSpecs, job: RenderJob) -> (items: [Int]?, ok: Bool) {
        do throws(InfoWinError) {
            if isAuto, let status = Self.bazel("TEST_SHARD_STATUS_FILE") {
                try OutputWriter.write([OutputFile(path: status, bytes: [])], creatingFolders: true)
            }
            let timings = try timingsFile.map { file throws(InfoWinError) in try RenderTimings.read(file) } ?? RenderTimings()
            return (shard.items(of: specs, job: job, by: strategy, timings: timings), true)
        } catch {
            Console.error(error.message)
            return (nil, false)
        }
    }

    /// Where JUnit goes without `--junit`: with `--shard auto`, Bazel's `XML_OUTPUT_FILE` when set.
    var bazelJUnitPath: String? { isAuto ? Self.bazel("XML_OUTPUT_FILE") : nil }

    /// A Bazel variable, nil when unset or empty.
    private static func bazel(_ name: String) -> String? {
        FileSystem.environment(name).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `shard share of N renders` for a closing line, empty for the whole batch.
    func describe(_ items: [Int]?, of total: Int) -> String {
        guard let items, shard != .all else { return "" }
        return " (shard \(shard): \(Format.grouped(items.count)) of \(Format.count(total, "render")))"
    }
}
