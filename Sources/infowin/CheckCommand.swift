import InfoWinCheck
import InfoWinKit

/// `infowin check SPEC_OR_DIR… --golden DIR [--record MODE] [--report DIR] [--junit FILE]`.
struct CheckCommand: WorkerCommand {
    static let name = "check"
    static let summary = "render specs and compare each with its golden image; write HTML and JUnit reports"
    static let usage = "infowin check SPEC_OR_DIR… --golden DIR [--record never|missing|failed|all] [--report DIR] [--junit FILE] [--summary FILE] [options]"
    static let discussion = """
        Renders every spec as `infowin batch` finds them and compares each with DIR/<relative path>.png
        (perceptually, see `infowin diff`). A failure says its cause first (an icon, photo or font file,
        or the map tiles, that changed: from the fingerprint kept in the golden), then what the text says
        now, then what moved (from the layout report), then how many pixels differ. Each failure has a
        kind (pixels, size, missing-golden, truncated, clipped, missing-glyphs, missing-tiles,
        untranslated, stale-hash, error, crash): JUnit's type. A --fail-on failure never suggests
        re-recording.
        --record: never writes no golden; missing (the default, or never when CI is set) records the
        goldens that do not exist; failed also re-records the ones that fail; all re-records every one.
        A golden recorded by this run still counts as a failure unless --record all was asked.
        --report writes the actual, expected and difference images of every failure, an index.html
        showing them side by side and results.json (every spec's status, failure kind, messages and
        images; `infowin report merge` joins several shards' folders); --junit writes a JUnit XML report
        for CI servers; --summary writes a Markdown summary (the failures with their messages, then the
        counts) as GitHub's job summaries show it: --summary "$GITHUB_STEP_SUMMARY". The reports are
        written all or none.
        The specs render in --jobs child processes of one thread each, which take them from one queue: a
        spec that crashes its child fails alone (a Crash error in the report and JUnit) and a new child
        takes its place.
        A spec whose input hash (its build, libraries, spec as rendered, every file read, fonts, tiles and
        options: the PNG's infowin:inputs) equals its golden's, and whose golden's pixels still hash to its
        infowin:pixels, passes without being drawn ("skipped": "unchanged" in results.json, counted in the
        summaries); with --hermetic-fonts such a spec is not even laid out (infowin:inputs-before-layout).
        --verify draws every spec anyway, and --record failed or all never skips. --verify-sample P draws
        P percent of the skipped specs all the same (1 by default, and at least one): one that then differs
        from its golden fails the run as stale-hash, "input hash missed a change".
        A golden whose text chunks name this very build and the same library versions is compared exactly:
        any changed pixel fails (anti-aliased ones are told apart, but counted). A golden from another build
        or library version, or not made by infowin, is compared with the tolerance (threshold 0.1), and the
        run says so once, naming both. A tolerance option given (or set in infowin.json) applies to all.
        --shard K/N checks one share of the renders (each spec in each variant), as `infowin batch --help`
        tells; its report and results.json name the shard, and `infowin report merge` of every shard's
        folder is the whole run. results.json gives each render's time (ms), which --shard-by time
        --timings FILE balances the next run's shares by. With --shard auto under Bazel
        (TEST_SHARD_INDEX/TEST_TOTAL_SHARDS) and no --junit, the JUnit report goes to XML_OUTPUT_FILE.
        Unused goldens are looked for only by a run that is not sharded.
        Exit status 0 only when every spec matches.
        """
    static let options = [
        OptionSpec(names: ["--golden"], valueName: "DIR", help: "the folder of golden images (and their layout reports)"),
        OptionSpec(names: ["--record"], valueName: "MODE", help: "never, missing, failed or all (default: missing; never when CI is set)"),
        OptionSpec(names: ["--report"], valueName: "DIR", help: "write failures' images, index.html and results.json into DIR"),
        OptionSpec(names: ["--junit"], valueName: "FILE", help: "write a JUnit XML report to FILE"),
        OptionSpec(names: ["--verify"], valueName: nil, help: "draw every spec, even one whose inputs are its golden's (no skipping)"),
        OptionSpec(
            names: ["--verify-sample"], valueName: "P",
            help: "draw P percent of the skipped specs anyway, at least one (default 1; 0 turns it off)"),
        OptionSpec(names: ["--summary"], valueName: "FILE", help: "write a Markdown summary of the failures and the counts to FILE ($GITHUB_STEP_SUMMARY)"),
        OptionSpec(
            names: ["--unused"], valueName: "MODE",
            help: "goldens no checked spec made (folders checked whole): warn (default), fail or delete"),
    ] + CommonOptions.toleranceOptions + CommonOptions.batchOptions + CommonOptions.rendering

    let inputs: [String]
    let checker: GoldenChecker
    let sharding: ShardOptions
    let junitPath: String?
    let summaryPath: String?
    let base: String?
    let unused: UnusedGoldens.Mode
    /// True when every input is a folder: only then can a golden no spec made be called unused.
    let checksWholeFolders: Bool
    let arguments: ParsedArguments

    init(_ arguments: ParsedArguments) throws(UsageError) {
        self.arguments = arguments
        inputs = try CommonOptions.specInputs(arguments, command: Self.name)
        let golden = try arguments.required("--golden", missing: "missing --golden DIR (the folder of golden images)")
        let mode: RecordMode
        if let text = arguments.value("--record") {
            guard let parsed = RecordMode(rawValue: text) else {
                throw UsageError(message: "--record: expected never, missing, failed or all, got '\(text)'")
            }
            mode = parsed
        } else {
            mode = .defaultMode(ciVariable: FileSystem.environment("CI"))
        }
        var checker = GoldenChecker(
            goldenFolder: golden, recordMode: mode, tolerance: try CommonOptions.tolerance(arguments),
            reportFolder: arguments.value("--report"), settings: try CommonOptions.settings(arguments),
            jobs: try CommonOptions.jobs(arguments))
        checker.verify = arguments.flags.contains("--verify")
        if let text = arguments.value("--verify-sample") {
            guard let percent = Double(text), (0...100).contains(percent) else {
                throw UsageError(message: "--verify-sample: expected a percentage from 0 to 100, got '\(text)'")
            }
            checker.sample = VerifySample(percent: percent)
        }
        self.checker = checker
        sharding = try ShardOptions(arguments)
        junitPath = arguments.value("--junit") ?? sharding.bazelJUnitPath
        summaryPath = arguments.value("--summary")
        base = arguments.value("--base")
        if let text = arguments.value("--unused") {
            guard let mode = UnusedGoldens.Mode(rawValue: text) else {
                throw UsageError(message: "--unused: expected warn, fail or delete, got '\(text)'")
            }
            unused = mode
        } else {
            unused = .warn
        }
        let folders = inputs, baseFolder = base
        checksWholeFolders = folders.allSatisfy { FileSystem.isFolder($0) }
            && (baseFolder == nil || folders.count == 1 && baseFolder.map { Path.sameFile($0, folders[0]) } == true)
    }

    func run() -> ExitStatus {
        Interruption.catchSignals()
        let start = FileSystem.monotonicSeconds()
        let specs: SpecList
        do {
            specs = try SpecDiscovery.find(inputs, base: base)
        } catch {
            Console.error(error.message)
            return .failure
        }
        let variants = checker.settings.variants.count
        let (mine, planned) = sharding.items(of: specs, job: RenderJob(settings: checker.settings))
        guard planned else { return .failure }
        let count = mine?.count ?? specs.count * variants
        let progress = Progress(total: count)
        let shard = sharding.shard
        // A golden is unused only when no render of any shard makes it: one shard cannot tell.
        let findsUnused = checksWholeFolders && shard == .all
        if shard != .all, arguments.value("--unused") != nil {
            Console.warning("--unused: goldens are not looked for in a shard (shard \(shard)); a run without --shard finds the unused ones")
        }
        // What the end needs: the counts, the outcomes only when a report is written, and the goldens made
        // when the golden folder is searched for unused ones. The rest is printed as it comes.
        var tally = CheckTally(keepsOutcomes: checker.reportFolder != nil || junitPath != nil || summaryPath != nil)
        var made: Set<String> = []
        workers.run(specs, variants: variants, items: mine, finished: { item, done in
            progress.clear()
            progress.show(done: done, current: item.spec.relativePath)
        }, inOrder: { spec in
            if spec.contains(where: { $0.map { $0.status != .passed || $0.recorded || !$0.warnings.isEmpty } ?? false }) { progress.clear() }
            Self.print(spec, variants: variants)
            tally.count(spec)
            if findsUnused { made.formUnion(spec.compactMap { $0.map { $0.spec.stem + ".png" } }) }
        })
        progress.clear()
        // The safety net under the input hash: at least one skipped spec is drawn.
        if checker.sample.isOn, tally.sampled == 0, let lowest = tally.lowestSkipped {
            let drawn = checker.drawSample(of: lowest)
            tally.replace(lowest, with: drawn)
            Self.print([drawn], variants: 1)
        }
        Self.printFailures(tally.failures)
        for note in tally.toleranceNotes { Console.print(note) }
        let outcomes = tally.outcomes
        var status: ExitStatus = tally.failed == 0 ? .success : .failure
        var unusedGoldens: [String] = []
        if findsUnused && tally.done == count {
            unusedGoldens = UnusedGoldens.find(in: checker.goldenFolder, made: made)
            for image in unusedGoldens {
                switch unused {
                case .warn: Console.warning("unused golden \(Path.join(checker.goldenFolder, image)): no checked spec made it")
                case .fail: Console.error("unused golden \(Path.join(checker.goldenFolder, image)): no checked spec made it")
                case .delete:
                    UnusedGoldens.remove(image, in: checker.goldenFolder)
                    Console.print("deleted unused golden \(Path.join(checker.goldenFolder, image)) and its layout report")
                }
            }
            if unused == .fail && !unusedGoldens.isEmpty { status = .failure }
        }
        if tally.done < count {
            Console.error("\(Interruption.isRequested ? "interrupted" : "stopped"): \(Format.grouped(tally.done)) of \(Format.count(count, "render")) were checked; the rest were not started")
            status = .failure
        }
        do {
            if tally.keepsOutcomes { try writeReports(outcomes, unused: unused == .delete ? [] : unusedGoldens, silenced: tally.silenced) }
        } catch {
            Console.error(error.message)
            status = .failure
        }
        let failed = tally.failed, recorded = tally.recorded, skipped = tally.skipped
        var summary = "checked \(Format.count(tally.done, "spec")) against \(checker.goldenFolder): \(tally.done - failed) passed, \(failed) failed"
        if skipped > 0 { summary += ", \(Format.grouped(skipped)) skipped (unchanged, not drawn)" }
        if recorded > 0 { summary += ", \(Format.count(recorded, "golden image")) recorded" }
        summary += CommonOptions.silencedNote(tally.silenced, checker.settings.quiet)
        if shard != .all { summary += " (shard \(shard))" }
        summary += ", in \(Format.seconds(FileSystem.monotonicSeconds() - start))"
        if let report = checker.reportFolder, failed > 0 { summary += "; report: \(Path.join(report, "index.html"))" }
        Console.print(summary)
        return status
    }

    /// Prints one spec's outcomes (all its variants', nil for those not done): recordings and failures on
    /// standard output, errors on standard error, an error of the spec itself (the same in all its
    /// variants) once.
    private static func print(_ spec: [CheckOutcome?], variants: Int) {
        let shown = SpecErrors.shown(spec, variants: variants) { $0.status == .error ? $0.message : nil }
        for (outcome, shown) in zip(spec, shown) {
            guard let outcome else { continue }
            // The render's warnings, as render prints them (what --quiet leaves of them).
            for warning in outcome.warnings { Console.warning("\(outcome.name): \(warning)") }
            switch outcome.status {
            case .passed where outcome.recorded: Console.print("recorded: \(outcome.name): \(outcome.message)")
            case .passed: break
            case .failed: break  // at the end, in groups by cause
            case .error where shown == .variant: Console.error(SpecErrors.naming(outcome.message, file: outcome.spec.path, variant: outcome.variant))
            case .error where shown == .repeated: break
            case .error, .crash: Console.error(outcome.message)
            }
        }
    }

    /// Prints the failures in groups by cause (SPEC.md, "Shards by render, causes, CI engines"): a failure
    /// alone as `FAILED: NAME: MESSAGE`; a cause several renders share once, with its renders under it and
    /// what each message says besides the cause.
    private static func printFailures(_ failures: [CheckOutcome]) {
        for group in FailureCause.groups(of: failures, cause: \.group) {
            guard group.members.count > 1 else {
                Console.print("FAILED: \(group.members[0].name): \(group.members[0].message)")
                continue
            }
            Console.print("\(Format.grouped(group.members.count)) renders failed from one cause: \(group.cause)")
            for outcome in group.members {
                Console.print("  FAILED: \(outcome.name): \(FailureCause.message(outcome.message, without: group.cause))")
            }
        }
    }

    var jobs: Int { checker.jobs }

    func work(_ specs: SpecList, channel: WorkerChannel<CheckOutcome>) {
        _ = checker.check(specs, hooks: channel.hooks { _, outcome in outcome })
    }

    /// Writes index.html, the JUnit file and the Markdown summary together; if any fails, the failures'
    /// images this run put into the report folder are taken back too, so that the report is all there or
    /// not at all.
    private func writeReports(_ outcomes: [CheckOutcome], unused unusedGoldens: [String], silenced: Int) throws(InfoWinError) {
        let report = checker.reportFolder
        var results = CheckResults(outcomes, shard: sharding.shard == .all ? nil : "\(sharding.shard)", goldenFolder: checker.goldenFolder, reportFolder: report)
        results.silencedWarnings = silenced
        var files: [OutputFile] = []
        if let report {
            files.append(OutputFile(inside: report, at: "index.html", bytes: Array(CheckReports.html(results, unused: unusedGoldens).utf8)))
            files.append(OutputFile(inside: report, at: "results.json", bytes: Array(CheckResultsWriter.text(results).utf8)))
        }
        if let junitPath {
            let junit = CheckReports.junit(results, base: report ?? ".", unused: unusedGoldens, unusedFail: unused == .fail)
            files.append(OutputFile(path: junitPath, bytes: Array(junit.utf8)))
        }
        if let summaryPath {
            let summary = CheckReports.markdown(results, reportFolder: report, unused: unusedGoldens, unusedFail: unused == .fail)
            files.append(OutputFile(path: summaryPath, bytes: Array(summary.utf8)))
        }
        do {
            try OutputWriter.write(files, creatingFolders: true)
        } catch {
            if let report = checker.reportFolder {
                OutputWriter.remove(inside: report, at: outcomes.compactMap(\.reportImages).flatMap(\.files))
            }
            throw error
        }
    }
}
