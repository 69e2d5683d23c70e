import InfoWinKit

/// `infowin play SPEC -o DIR`.
struct PlayCommand: Command {
    static let name = "play"
    static let summary = "play a scenario's events: a frame per step and the delegate callbacks"
    static let usage = "infowin play SPEC -o DIR [--animate OUT.webp|OUT.png [--frame-ms N]] [options]"
    static let discussion = """
        Plays the spec's "events" from the state it describes, as the Google Maps SDK would: taps select
        markers, open and close windows and centre the camera; windows keep stale contents unless their
        marker tracks info-window changes. Writes DIR/frame-000.png (the state before any event) and one
        frame per event, each with its .layout.json, and DIR/events.jsonl: one JSON object per delegate
        callback, in order ({"step", "callback", "marker"}, with "coordinate" or "camera" where they apply;
        step 0 for calls the initial state makes). Every camera move is willMove ({"gesture": true} for a
        tap or a pan, false for auto-pan and moveCamera), didChangeCameraPosition, idleAtCameraPosition.
        --animate OUT.webp (or OUT.png, an APNG) also writes the scenario as one animation looping forever:
        each frame held --frame-ms (default 600), the first frame again at the end for 1 s, every frame
        whole and exact (WebP lossless). With --animate, -o DIR may be left out. All files are written, or
        none.
        """
    static let options = [
        OptionSpec(names: ["-o", "--output"], valueName: "DIR", help: "the folder the frames and events.jsonl go into"),
        OptionSpec(
            names: ["--animate"], valueName: "OUT.webp|OUT.png",
            help: "also write the scenario as one looping animation: animated WebP (lossless) or APNG, told by the extension"),
        OptionSpec(names: ["--frame-ms"], valueName: "N", help: "with --animate: how long each frame is held, 1 to 65535 ms (default 600)"),
    ] + CommonOptions.rendering

    let specPath: String
    let output: String?
    let animation: (path: String, format: ScenarioAnimation.Format)?
    let frameMilliseconds: Int
    let settings: RenderSettings

    init(_ arguments: ParsedArguments) throws(UsageError) {
        specPath = try arguments.oneSpec()
        animation = try arguments.value("--animate").map { path throws(UsageError) in
            guard let format = ScenarioAnimation.Format(path: path) else {
                throw UsageError(message: "--animate: expected a path ending in .webp (animated WebP) or .png (APNG), got '\(path)'")
            }
            return (path, format)
        }
        output = arguments.value("--output")
        if output == "-" || (output == nil && animation == nil) {
            throw UsageError(message: "missing -o DIR (the folder the frames go into)")
        }
        let frameText = arguments.value("--frame-ms")
        if frameText != nil && animation == nil { throw UsageError(message: "--frame-ms is for --animate, which is not given") }
        guard let frames = Int(frameText ?? String(ScenarioAnimation.defaultFrameMilliseconds)),
            (1...ScenarioAnimation.frameMillisecondsLimit).contains(frames)
        else {
            throw UsageError(message: "--frame-ms: expected a whole number of milliseconds from 1 to 65535, got '\(frameText ?? "")'")
        }
        frameMilliseconds = frames
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
            let job = RenderJob(settings: settings), variant = settings.variants[0]
            let spec = try settings.loadSpec(specPath, variant: variant)
            let played = try job.play(spec, as: RenderVersion(variant: variant), with: Renderer(tiles: settings.tiles))
            let run = played.run
            var files: [OutputFile] = []
            var silenced = 0
            for (index, frame) in run.frames.enumerated() {
                let name = "frame-" + String(repeating: "0", count: max(0, 3 - String(index).count)) + String(index)
                if let output {
                    files.append(OutputFile(inside: output, at: name + ".png", bytes: frame.png))
                    files.append(OutputFile(inside: output, at: name + ".layout.json", bytes: Array(frame.report.text.utf8)))
                }
                let warnings = frame.report.warnings(quieting: settings.quiet)
                for warning in warnings.shown { Console.warning("\(spec.file): \(name): \(warning)") }
                silenced += warnings.silenced
            }
            if let output {
                let lines = run.callbacks.map { $0.jsonLine + "\n" }.joined()
                files.append(OutputFile(inside: output, at: "events.jsonl", bytes: Array(lines.utf8)))
            }
            if let animation {
                let bytes = try ScenarioAnimation.encode(run, as: animation.format, frameMilliseconds: frameMilliseconds, file: spec.file)
                files.append(OutputFile(path: animation.path, bytes: bytes))
            }
            for warning in run.warnings { Console.warning("\(spec.file): \(warning)") }
            try OutputWriter.write(files, creatingFolders: output != nil)
            let written = [output, animation?.path].compactMap { $0 }.joined(separator: " and ")
            Console.print(
                "played \(Format.count(spec.events.count, "event")): \(Format.count(run.frames.count, "frame")) and "
                    + "\(Format.count(run.callbacks.count, "callback")) in \(written)" + CommonOptions.silencedNote(silenced, settings.quiet))
            // As render does: the frames are written (to look at), and what --fail-on found fails the command.
            let problems = played.problems
            for problem in problems { Console.error("\(spec.file): \(problem)") }
            return problems.isEmpty ? .success : .failure
        } catch {
            Console.error(error.message)
            return .failure
        }
    }
}
