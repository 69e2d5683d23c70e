import InfoWinCheck
import InfoWinKit

/// `infowin validate SPEC_OR_DIR… [--fail-on LIST] [--jobs N]`.
struct ValidateCommand: WorkerCommand {
    static let name = "validate"
    static let summary = "check specs (files and folders) without drawing: decode, assets, fonts and layout"
    static let usage = "infowin validate SPEC_OR_DIR… [--fail-on truncated,clipped,missing-glyphs,missing-tiles,untranslated] [--jobs N] [--shard K/N|auto] [options]"
    static let discussion = """
        Decodes every *.json spec given or found in the folders given, resolves the icons, images and fonts
        it names and lays it out, but draws and writes nothing: fast enough for a pre-commit hook. Prints
        one line per failure (the file, the JSON path and what was expected, or with --fail-on the marker
        and the text that was cut) and the warnings render prints for the spec (a window cut by the canvas,
        markers off it, untranslated strings; missing tiles only a fetch finds), in the order of the specs'
        paths, and exits 0 only when every spec is valid (warnings do not fail it). With --locale all,
        --data or --pseudo-locale an error of the spec itself (the same in every variant) is one line
        naming no variant; one that only some variants have names it: spec.json [de].
        A map's tile source is opened (an MBTiles or PMTiles file must be one), but no tile is fetched.
        The specs are checked in --jobs child processes of one thread each: a spec that crashes its child
        fails alone, and a new child takes its place.
        --shard K/N validates one share of the renders (each spec in each variant), as
        `infowin batch --help` tells.
        """
    static let options = [
        OptionSpec(names: ["--jobs"], valueName: "N", help: "check in N worker processes at once, one thread each (default: the number of processors)"),
    ] + ShardOptions.options + CommonOptions.rendering

    let inputs: [String]
    let jobs: Int
    let settings: RenderSettings
    let sharding: ShardOptions
    let arguments: ParsedArguments

    init(_ arguments: ParsedArguments) throws(UsageError) {
        self.arguments = arguments
        inputs = try CommonOptions.specInputs(arguments, command: Self.name)
        jobs = try CommonOptions.jobs(arguments)
        settings = try CommonOptions.settings(arguments)
        sharding = try ShardOptions(arguments)
    }

    func run() -> ExitStatus {
        Interruption.catchSignals()
        let start = FileSystem.monotonicSeconds()
        guard let specs = CommonOptions.findSpecs(inputs) else { return .failure }
        let job = RenderJob(settings: settings), total = job.itemCount(of: specs)
        let (mine, planned) = sharding.items(of: specs, job: job)
        guard planned else { return .failure }
        let count = mine?.count ?? total
        var tally = SpecReport.Tally()
        workers.run(specs, variants: settings.variants.count, items: mine, finished: { _, _ in }) { spec in
            tally.printAndCount(spec, variants: settings.variants.count)
        }
        let invalid = tally.failed
        if tally.done < count {
            Console.error("\(Interruption.isRequested ? "interrupted" : "stopped"): \(Format.grouped(tally.done)) of \(Format.count(count, "render")) were checked")
            return .failure
        }
        let seconds = FileSystem.monotonicSeconds() - start
        Console.print(
            "checked \(Format.count(tally.done, "spec"))\(sharding.describe(mine, of: total)): \(Format.grouped(tally.done - invalid)) valid, \(invalid) invalid"
                + CommonOptions.silencedNote(tally.silenced, settings.quiet) + ", in \(Format.seconds(seconds))")
        return invalid == 0 ? .success : .failure
    }

    func work(_ specs: SpecList, channel: WorkerChannel<SpecReport>) {
        // The layout's warnings are render's own (one layout, one list), printed as batch prints them.
        _ = SpecValidator(settings: settings, jobs: jobs).validate(specs, hooks: channel.hooks { item, outcome in
            SpecReport(item: item, error: outcome.error, problems: outcome.problems, warnings: outcome.warnings, silenced: outcome.silenced)
        })
    }
}
