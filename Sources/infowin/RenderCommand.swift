import InfoWinCheck
import InfoWinKit

/// `infowin render SPEC -o OUT.png [--layout L.json] [--scale N|1,2,3] [--select ID] [--format F] [--quality Q]`.
struct RenderCommand: Command {
    static let name = "render"
    static let summary = "draw one spec as an image (PNG, JPEG, WebP, SVG or PDF) and its layout report"
    static let usage = "infowin render SPEC -o OUT.png [--layout L.json] [--scale N|1,2,3] [--select ID] [--format F] [--quality Q] [options]"
    static let discussion = """
        Draws the map of SPEC (a JSON spec; - reads standard input) with its markers and the selected
        marker's info window. The format follows OUT's extension: .png, .jpg or .jpeg, .webp, .svg, .pdf
        (any other is an error); --format sets it for - and pipes (default png). SVG and PDF are vectors:
        text is outlines in SVG and selectable text in PDF; shadows and photos are embedded images.
        --scale 1,2,3 writes one file per scale named as asset catalogues name them (out.png, out@2x.png,
        out@3x.png; the layout reports likewise), fonts and icons loaded once.
        Files are written whole or not at all: a failed render leaves none.
        Icons and fonts the spec names must be inside the spec's folder (or --asset-root).
        """
    static let options = [
        OptionSpec(names: ["-o", "--output"], valueName: "OUT.png", help: "where the image goes; - writes it to standard output"),
        OptionSpec(names: ["--layout"], valueName: "L.json", help: "also write the layout report (geometry and text, in pixels); - for standard output"),
        OptionSpec(names: ["--select"], valueName: "ID", help: "show this marker's info window (overrides selectedMarker)"),
        OutputOptions.format, OutputOptions.quality,
    ] + CommonOptions.rendering

    let specPath: String
    let output: String
    let layoutPath: String?
    let select: String?
    /// The settings' variants at the scales asked for (`--scale 1,2,3`), each version to its own files.
    let job: RenderJob
    var settings: RenderSettings { job.settings }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw UsageError(message: arguments.positionals.isEmpty
                ? "missing SPEC (a spec file, or - for standard input)"
                : "expected one SPEC, got \(arguments.positionals.count): \(arguments.positionals.joined(separator: " "))")
        }
        specPath = arguments.positionals[0]
        guard let output = arguments.value("--output") else {
            throw UsageError(message: "missing -o OUT.png (where the image goes; - for standard output)")
        }
        self.output = output
        layoutPath = arguments.value("--layout")
        if output == "-" && layoutPath == "-" {
            throw UsageError(message: "-o - and --layout - cannot both write to standard output")
        }
        if let layoutPath, output != "-", layoutPath != "-", Path.sameFile(output, layoutPath) {
            throw UsageError(message: "-o and --layout name the same file, '\(output)': the image and the report need two")
        }
        for (option, path) in [("-o", output), ("--layout", layoutPath)] {
            if let path, path != "-", specPath != "-", Path.sameFile(path, specPath) {
                throw UsageError(message: "\(option) '\(path)' is the spec itself: it would be overwritten")
            }
        }
        select = arguments.value("--select")
        var settings = try CommonOptions.settings(arguments, scaleLists: true)
        settings.drawing.format = try OutputOptions.format(arguments, output: output)
        settings.drawing.quality = try OutputOptions.quality(arguments, format: settings.drawing.format)
        job = RenderJob(settings: settings, scales: try OutputOptions.scaleList(arguments))
        if job.scales != nil, [output, layoutPath].contains(where: { $0 == "-" || $0.map(FileSystem.isStream) == true }) {
            throw UsageError(message: "--scale with several scales writes several files: it cannot write to standard output or a pipe")
        }
        do throws(OutputNames.Collision) {
            try job.checkNames(image: output, layout: layoutPath)
        } catch {
            throw UsageError(message: error.message)
        }
    }

    func run() -> ExitStatus {
        let variants = settings.variants
        if variants.count > 1 && (output == "-" || layoutPath == "-") {
            Console.error("infowin render: \(variants.count) renders (locales or data rows) cannot all go to standard output")
            return .usage
        }
        CrashReporter.install(slots: 1)
        // One renderer: fonts and icons are loaded once for every variant and scale.
        let renderer = Renderer()
        var files: [OutputFile] = []
        var failed = false
        var current = 0
        var silenced = 0
        do {
            for (index, variant) in variants.enumerated() {
                current = index
                CrashReporter.started(specPath + SpecVariant.note(variant.nameSuffix), slot: 0)
                defer { CrashReporter.ended(slot: 0) }
                let spec = try settings.loadSpec(specPath, variant: variant)
                guard let selection = CommonOptions.selection(select, in: spec, command: Self.name) else { return .usage }
                let name = spec.file + SpecVariant.note(variant.nameSuffix)
                let drawn = try job.draw(spec, in: variant, selection: selection, with: renderer)
                let warnings = drawn.warnings(quieting: settings.quiet)
                for warning in warnings.shown { Console.warning("\(name): \(warning)") }
                silenced += warnings.silenced
                files += job.files(of: drawn, image: output, layout: layoutPath)
                for problem in drawn.problems { Console.error("\(name): \(problem)") }
                failed = failed || !drawn.problems.isEmpty
            }
            // Every render's files, or none.
            try OutputWriter.write(files)
            // render prints no closing line: what --quiet silenced is said as a note, counted.
            if silenced > 0 { Console.note(String(CommonOptions.silencedNote(silenced, settings.quiet).dropFirst(2))) }
            return failed ? .failure : .success
        } catch {
            Console.error(message(of: error, inVariant: current))
            return .failure
        }
    }

    /// The error that stopped variant `index`, naming it (as `validate` does) unless it is the spec's own:
    /// the renders stop at the first that fails, so it is the spec's when the first fails and the next
    /// fails the same way.
    private func message(of failure: InfoWinError, inVariant index: Int) -> String {
        let variants = settings.variants
        guard !variants[index].nameSuffix.isEmpty else { return failure.message }
        if index == 0, variants.count > 1, specPath != "-" {
            do throws(InfoWinError) { _ = try settings.loadSpec(specPath, variant: variants[1]) } catch {
                if error.message == failure.message { return failure.message }
            }
        }
        return SpecErrors.naming(failure.message, file: specPath, variant: variants[index].nameSuffix)
    }
}
