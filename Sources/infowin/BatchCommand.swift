import InfoWinCheck
import InfoWinKit

/// `infowin batch SPEC_OR_DIR… -o DIR [--jobs N] [--shard K/N] [--format F] [--quality Q]`.
struct BatchCommand: WorkerCommand {
    static let name = "batch"
    static let summary = "draw many specs (files and folders) into a folder of images and layout reports"
    static let usage = "infowin batch SPEC_OR_DIR… -o DIR [--jobs N] [--shard K/N|auto] [--shard-by rank|hash|time] [--timings FILE] [--format F] [--quality Q] [--scale N|1,2,3] [options]"
    static let discussion = """
        Renders every *.json spec given or found in the folders given (recursively; *.layout.json files are
        not specs) to DIR/<relative path>.png with DIR/<relative path>.layout.json beside it, where the
        relative path is the spec's path inside the folder given (a spec given by name: its name).
        --format jpeg, webp, svg or pdf writes that format instead, the files named .jpg, .webp, .svg, .pdf.
        --scale 1,2,3 writes each spec once per scale: name.png, name@2x.png, name@3x.png, each with its
        .layout.json (name@2x.layout.json).
        A failing spec is reported and the others still render; the exit status is 1 if any failed.
        The specs render in --jobs child processes of one thread each, which take them from one queue: a
        spec that crashes its child fails alone ("crashed (signal 11, SIGSEGV) while rendering") and a new
        child takes its place.
        Output bytes never depend on --jobs. --shard K/N shares out renders, not files: a render is a
        spec in one variant (data row × locale × trait, with its --scale list), and --shard K/N does the
        K-th of N contiguous runs of the renders sorted by path, every share's count within one of the
        others (--shard-by hash: a share chosen by a hash of each render's name, which keeps a render in
        its share as others come and go; --shard-by time --timings results.json: balanced by the times
        an earlier check run recorded, a render it has no time for counting as the median of the known
        ones); the N shares together are every render exactly once. --shard auto reads the index and
        total from INFOWIN_SHARD_INDEX/INFOWIN_SHARD_TOTAL (1-based), Bazel (TEST_SHARD_INDEX, 0-based,
        with TEST_TOTAL_SHARDS; it then touches TEST_SHARD_STATUS_FILE), GitLab CI (CI_NODE_INDEX/
        CI_NODE_TOTAL), CircleCI (CIRCLE_NODE_INDEX/CIRCLE_NODE_TOTAL), Buildkite
        (BUILDKITE_PARALLEL_JOB/_COUNT), Semaphore (SEMAPHORE_JOB_INDEX/SEMAPHORE_JOB_COUNT), Azure
        Pipelines (SYSTEM_JOBPOSITIONINPHASE/SYSTEM_TOTALJOBSINPHASE) or a Kubernetes indexed Job
        (JOB_COMPLETION_INDEX with INFOWIN_SHARD_TOTAL).
        """
    static let options = [
        OptionSpec(names: ["-o", "--output"], valueName: "DIR", help: "the folder the images and layout reports go into"),
        OutputOptions.format, OutputOptions.quality,
    ] + CommonOptions.batchOptions + CommonOptions.rendering

    let inputs: [String]
    let output: String
    let jobs: Int
    let sharding: ShardOptions
    let settings: RenderSettings
    /// Whole scales each spec is written at (`--scale 1,2,3`), or nil for one.
    let scales: [Int]?
    let base: String?
    let arguments: ParsedArguments

    init(_ arguments: ParsedArguments) throws(UsageError) {
        self.arguments = arguments
        inputs = try CommonOptions.specInputs(arguments, command: Self.name)
        output = try arguments.required("--output", missing: "missing -o DIR (the folder the images go into)")
        jobs = try CommonOptions.jobs(arguments)
        sharding = try ShardOptions(arguments)
        var settings = try CommonOptions.settings(arguments, scaleLists: true)
        settings.drawing.format = try OutputOptions.format(arguments) ?? .png
        settings.drawing.quality = try OutputOptions.quality(arguments, format: settings.drawing.format)
        self.settings = settings
        scales = try OutputOptions.scaleList(arguments)
        base = arguments.value("--base")
    }

    func run() -> ExitStatus {
        Interruption.catchSignals()
        let start = FileSystem.monotonicSeconds()
        guard let specs = CommonOptions.findSpecs(inputs, base: base) else { return .failure }
        let renderer = BatchRenderer(settings: settings, jobs: jobs, scales: scales)
        let total = renderer.job.itemCount(of: specs)
        let (mine, planned) = sharding.items(of: specs, job: renderer.job)
        guard planned else { return .failure }
        let count = mine?.count ?? total
        // Over every spec, not this share's: the shares agree on what collides.
        if let collision = renderer.nameCollision(in: specs, to: output) {
            Console.error("infowin batch: \(collision.message)")
            return .usage
        }
        do throws(FileSystemError) {
            try FileSystem.createFolders(output)
        } catch {
            Console.error("\(output): cannot make the output folder: \(error.reason)")
            return .failure
        }
        let progress = Progress(total: count)
        // Printed in the order of the specs' paths as they are done, whatever the order they finished in.
        var tally = SpecReport.Tally()
        // Each spec's items are its versions (variant × scale), one render each.
        let versions = renderer.job.versionCount
        workers.run(specs, variants: versions, items: mine, finished: { item, done in
            progress.clear()
            progress.show(done: done, current: item.spec.relativePath)
        }, inOrder: { spec in
            if SpecReport.printsAnything(spec) { progress.clear() }
            tally.printAndCount(spec, variants: versions)
        })
        progress.clear()
        let failed = tally.failed
        let seconds = FileSystem.monotonicSeconds() - start
        if tally.done < count {
            Console.error(
                "\(Interruption.isRequested ? "interrupted" : "stopped"): \(Format.grouped(tally.done)) of \(Format.count(count, "render")) were done "
                    + "(\(Format.grouped(tally.done - failed)) written whole, \(failed) failed); the rest were not started")
            return .failure
        }
        let share = sharding.describe(mine, of: total)
        Console.print(
            "rendered \(Format.grouped(tally.done - failed)) of \(Format.count(tally.done, "spec")) into \(output)\(share), \(failed) failed"
                + CommonOptions.silencedNote(tally.silenced, settings.quiet) + ", in \(Format.seconds(seconds))")
        return failed == 0 ? .success : .failure
    }

    func work(_ specs: SpecList, channel: WorkerChannel<SpecReport>) {
        _ = BatchRenderer(settings: settings, jobs: jobs, scales: scales).render(specs, to: output, hooks: channel.hooks { item, outcome in
            SpecReport(item: item, error: outcome.error, problems: outcome.problems, warnings: outcome.warnings, silenced: outcome.silenced)
        })
    }
}
