import InfoWinKit

/// `infowin play SPEC -o DIR`.
struct PlayCommand: Command {
    static let name = "play"
    static let summary = "play a scenario's events: a frame per step and the delegate callbacks"
    static let usage = "infowin play SPEC -o DIR [options]"
    static let discussion = """
        Plays the spec's "events" from the state it describes, as the Google Maps SDK would: taps select
        markers, open and close windows and centre the camera; windows keep stale contents unless their
        marker tracks info-window changes. Writes DIR/frame-000.png (the state before any event) and one
        frame per event, each with its .layout.json, and DIR/events.jsonl: one JSON object per delegate
        callback, in order ({"step", "callback", "marker"}, with "coordinate" or "camera" where they apply;
        step 0 for calls the initial state makes). All files are written, or none.
        """
    static let options = [
        OptionSpec(names: ["-o", "--output"], valueName: "DIR", help: "the folder the frames and events.jsonl go into"),
    ] + CommonOptions.rendering

    let specPath: String
    let output: String
    let settings: RenderSettings

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw UsageError(message: arguments.positionals.isEmpty ? "missing SPEC" : "expected one SPEC, got \(arguments.positionals.count)")
        }
        specPath = arguments.positionals[0]
        guard let output = arguments.value("--output"), output != "-" else {
            throw UsageError(message: "missing -o DIR (the folder the frames go into)")
        }
        self.output = output
        settings = try CommonOptions.settings(arguments)
        if settings.variants.count > 1 {
            throw UsageError(message: "play plays one variant of the spec; --traits, --locale and --data give \(settings.variants.count): name one")
        }
    }

    func run() -> ExitStatus {
        CrashReporter.install(slots: 1)
        CrashReporter.started(specPath, slot: 0)
        defer { CrashReporter.ended(slot: 0) }
        do {
            let spec = try settings.loadSpec(specPath, variant: settings.variants[0])
            let run = try ScenarioPlayer(renderer: Renderer(tiles: settings.tiles), scale: settings.scale, compression: settings.compression).play(spec)
            var files: [OutputFile] = [], problems: [String] = []
            for (index, frame) in run.frames.enumerated() {
                let name = "frame-" + String(repeating: "0", count: max(0, 3 - String(index).count)) + String(index)
                files.append(OutputFile(inside: output, at: name + ".png", bytes: frame.png))
                files.append(OutputFile(inside: output, at: name + ".layout.json", bytes: Array(frame.report.text.utf8)))
                for warning in frame.report.warnings { Console.warning("\(spec.file): \(name): \(warning)") }
                problems += settings.failOn.problems(in: frame.report).filter { !problems.contains($0) }
            }
            let lines = run.callbacks.map { $0.jsonLine + "\n" }.joined()
            files.append(OutputFile(inside: output, at: "events.jsonl", bytes: Array(lines.utf8)))
            for warning in run.warnings { Console.warning("\(spec.file): \(warning)") }
            try OutputWriter.write(files, creatingFolders: true)
            Console.print(
                "played \(Format.count(spec.events.count, "event")): \(Format.count(run.frames.count, "frame")) and "
                    + "\(Format.count(run.callbacks.count, "callback")) in \(output)")
            // As render does: the frames are written (to look at), and what --fail-on found fails the command.
            for problem in problems { Console.error("\(spec.file): \(problem)") }
            return problems.isEmpty ? .success : .failure
        } catch {
            Console.error(error.message)
            return .failure
        }
    }
}
