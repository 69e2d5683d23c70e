import InfoWinKit

/// `infowin render SPEC -o OUT.png [--layout L.json] [--scale N] [--select ID]`.
struct RenderCommand: Command {
    static let name = "render"
    static let summary = "draw one spec as a PNG image (and its layout report)"
    static let usage = "infowin render SPEC -o OUT.png [--layout L.json] [--scale N] [--select ID] [options]"
    static let discussion = """
        Draws the map of SPEC (a JSON spec; - reads standard input) with its markers and the selected
        marker's info window. Files are written whole or not at all: a failed render leaves none.
        Icons and fonts the spec names must be inside the spec's folder (or --asset-root).
        """
    static let options = [
        OptionSpec(names: ["-o", "--output"], valueName: "OUT.png", help: "where the PNG goes; - writes it to standard output"),
        OptionSpec(names: ["--layout"], valueName: "L.json", help: "also write the layout report (geometry and text, in pixels); - for standard output"),
        OptionSpec(names: ["--select"], valueName: "ID", help: "show this marker's info window (overrides selectedMarker)"),
    ] + CommonOptions.rendering

    let specPath: String
    let output: String
    let layoutPath: String?
    let select: String?
    let settings: RenderSettings

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
        settings = try CommonOptions.settings(arguments)
    }

    func run() -> ExitStatus {
        let variants = settings.variants
        if variants.count > 1 && (output == "-" || layoutPath == "-") {
            Console.error("infowin render: \(variants.count) renders (locales or data rows) cannot all go to standard output")
            return .usage
        }
        let renderer = Renderer()
        var files: [OutputFile] = []
        var failed = false
        do {
            for variant in variants {
                let spec = try settings.loadSpec(specPath, variant: variant)
                guard let selection = CommonOptions.selection(select, in: spec, command: Self.name) else { return .usage }
                let result = try renderer.render(spec, options: settings.options(selection: selection))
                let name = spec.file + CommonOptions.variantNote(variant.nameSuffix)
                for warning in result.report.warnings { Console.warning("\(name): \(warning)") }
                files.append(OutputFile(path: Path.inserting(variant.nameSuffix, into: output), bytes: result.png))
                if let layoutPath {
                    files.append(OutputFile(path: Path.inserting(variant.nameSuffix, into: layoutPath), bytes: Array(result.report.text.utf8)))
                }
                let problems = settings.failOn.problems(in: result.report)
                for problem in problems { Console.error("\(name): \(problem)") }
                failed = failed || !problems.isEmpty
            }
            // Every render's files, or none.
            try OutputWriter.write(files)
            return failed ? .failure : .success
        } catch {
            Console.error(error.message)
            return .failure
        }
    }
}
