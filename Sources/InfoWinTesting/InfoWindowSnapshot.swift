#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import InfoWinCheck
import InfoWinKit

/// One snapshot check, as `infowin check` makes it: the map is drawn in every variant the options ask for
/// (`RenderJob`'s, from the same options as the command line's) and each is compared by `GoldenChecker` with
/// its golden image and layout report, `__Snapshots__/<test file name without .swift>/<name><variant>.png`
/// (and `.layout.json`) beside the test file, as swift-snapshot-testing keeps its goldens.
enum InfoWindowSnapshot {
    /// The failures of the snapshot as one message, nil when it matches its golden in every variant (the
    /// render's warnings aside).
    static func failure(
        of map: MapView, named name: String, testFile: String,
        environment variables: [String: String] = SnapshotEnvironment.processVariables
    ) -> String? {
        let findings = check(of: map, named: name, testFile: testFile, environment: variables)
        return findings.failures.isEmpty ? nil : findings.failures.joined(separator: "\n")
    }

    /// Everything the snapshot found: a failure for each variant that does not match its golden (`check`'s
    /// message, with the images written to the artefacts folder named), and the render's warnings.
    static func check(
        of map: MapView, named name: String, options: SnapshotOptions = SnapshotOptions(), testFile: String,
        environment variables: [String: String] = SnapshotEnvironment.processVariables
    ) -> SnapshotFindings {
        var findings = SnapshotFindings(warningsAreNotes: options.warningsAreNotes)
        do {
            let environment = try SnapshotEnvironment(variables, record: options.record, testFile: testFile)
            let testFolder = Path.folder(of: testFile)
            var suite = Path.lastComponent(of: testFile)
            if suite.hasSuffix(".swift") { suite.removeLast(".swift".count) }
            var settings = RenderSettings(assetRoots: MapView.assetRoots)
            settings.variants = try options.variants { findings.notes.append("\(name): \($0)") }
            settings.failOn = SnapshotProblem.failOn(options.failOn ?? [])
            let reportFolder = Path.join(environment.artifactsFolder, suite)
            var checker = GoldenChecker(
                goldenFolder: testFolder + "/__Snapshots__/" + suite, recordMode: environment.recordMode, tolerance: DiffTolerance(),
                reportFolder: reportFolder, settings: settings, jobs: 1)
            checker.scales = try options.checkedScales()
            checker.recordAdvice = environment.recordAdvice
            let spec = try writeSpec(of: map, named: name, suite: suite, temporary: variables["TMPDIR"] ?? "/tmp")
            defer { removeSpec(spec) }
            for outcome in drawingOne(checker.check([spec]), with: checker) {
                findings.warnings += outcome.warnings.map { "\(outcome.spec.stem): \($0)" }
                guard outcome.status != .passed else { continue }
                var message = "\(outcome.spec.stem): \(outcome.message)"
                if let images = outcome.reportImages {
                    let files = [images.expected, images.actual, images.difference].compactMap { $0.map { Path.join(reportFolder, $0) } }
                    message += " (images: " + files.joined(separator: ", ") + ")"
                }
                findings.failures.append(message)
            }
        } catch let error as SnapshotSetupError {
            findings.failures.append("\(name): \(error.message)")
        } catch let error as InfoWinError {
            findings.failures.append("\(name): \(error.message)")
        } catch {
            findings.failures.append("\(name): \(error)")
        }
        return findings
    }

    /// `outcomes` with, as `check` does, the lowest-ranked of those skipped by their input hash drawn all
    /// the same when none was drawn for the verification sample (its "at least one").
    private static func drawingOne(_ outcomes: [CheckOutcome], with checker: GoldenChecker) -> [CheckOutcome] {
        guard !outcomes.contains(where: \.sampled) else { return outcomes }
        let skipped = outcomes.indices.filter { outcomes[$0].skipped }
        guard let lowest = skipped.min(by: { (outcomes[$0].sampleRank ?? .max) < (outcomes[$1].sampleRank ?? .max) }) else { return outcomes }
        var drawn = outcomes
        drawn[lowest] = checker.drawSample(of: outcomes[lowest])
        return drawn
    }

    /// Snapshots taken so far by this process, and how many specs each of its folders
    /// (`<temporary>/infowin-snapshots-PID`) still holds: each writes its spec to a folder of its own, as
    /// tests run in parallel may check maps of one name from one suite at once.
    private static let taken = Locked((count: 0, inFlight: [String: Int]()))

    /// The map's spec, written to a private temporary folder as `<name>.json` (the checker reads files).
    private static func writeSpec(of map: MapView, named name: String, suite: String, temporary: String) throws(InfoWinError) -> FoundSpec {
        let processFolder = Path.join(temporary, "infowin-snapshots-\(getpid())")
        let number = taken.withLock { taken in
            taken.count += 1
            taken.inFlight[processFolder, default: 0] += 1
            return taken.count
        }
        let folder = Path.join(processFolder, "\(number)/\(suite)")
        let spec = FoundSpec(path: Path.join(folder, name + ".json"), relativePath: name + ".json")
        do {
            try OutputWriter.write([OutputFile(inside: folder, at: name + ".json", bytes: Array(try map.jsonText.utf8))], creatingFolders: true)
        } catch {
            removeSpec(spec)
            throw error
        }
        return spec
    }

    /// Removes the spec and the folders `writeSpec` made for it; the process's own folder goes with the
    /// last of its specs (under the lock, so no other snapshot is making it meanwhile): a test run leaves
    /// nothing in the temporary folder.
    private static func removeSpec(_ spec: FoundSpec) {
        let suiteFolder = Path.folder(of: spec.path), numberFolder = Path.folder(of: suiteFolder)
        let processFolder = Path.folder(of: numberFolder)
        OutputWriter.remove(inside: suiteFolder, at: [spec.relativePath])
        rmdir(suiteFolder)
        rmdir(numberFolder)
        taken.withLock { taken in
            let left = (taken.inFlight[processFolder] ?? 1) - 1
            taken.inFlight[processFolder] = left > 0 ? left : nil
            if left <= 0 { rmdir(processFolder) }
        }
    }
}
