#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import InfoWinCheck
import InfoWinKit

/// One snapshot check, as `infowin check` makes it: the map is drawn and compared with its golden image
/// and layout report, `__Snapshots__/<test file name without .swift>/<name>.png` (and `.layout.json`)
/// beside the test file, as swift-snapshot-testing keeps its goldens.
enum InfoWindowSnapshot {
    /// nil when the snapshot matches its golden; otherwise the failure message (`check`'s, with the
    /// images written to the artefacts folder named).
    static func failure(
        of map: MapView, named name: String, testFile: String,
        environment variables: [String: String] = SnapshotEnvironment.processVariables
    ) -> String? {
        do {
            let environment = try SnapshotEnvironment(variables)
            let testFolder = Path.folder(of: testFile)
            var suite = String(testFile.split(separator: "/").last ?? "")
            if suite.hasSuffix(".swift") { suite.removeLast(".swift".count) }
            let spec = try writeSpec(of: map, named: name, suite: suite, temporary: variables["TMPDIR"] ?? "/tmp")
            defer { removeSpec(spec) }
            var checker = GoldenChecker(
                goldenFolder: testFolder + "/__Snapshots__/" + suite, recordMode: environment.recordMode, tolerance: DiffTolerance(),
                reportFolder: environment.artifactsFolder + "/" + suite, settings: RenderSettings(assetRoots: MapView.assetRoots), jobs: 1)
            checker.recordAdvice = SnapshotEnvironment.recordAdvice
            let outcomes = checker.check([spec])
            // As `check` does: a golden of this very build is compared exactly, and a run that skipped its
            // one spec by its input hash draws it all the same (the verification sample's "at least one").
            guard var outcome = outcomes.first else { return "\(name): nothing was checked" }
            if outcome.skipped { outcome = checker.drawSample(of: outcome) }
            guard outcome.status != .passed else { return nil }
            var message = "\(name): \(outcome.message)"
            if let images = outcome.reportImages {
                let folder = environment.artifactsFolder + "/" + suite + "/"
                let files = [images.expected, images.actual, images.difference].compactMap { $0.map { folder + $0 } }
                message += " (images: " + files.joined(separator: ", ") + ")"
            }
            return message
        } catch let error as SnapshotSetupError {
            return "\(name): \(error.message)"
        } catch let error as InfoWinError {
            return "\(name): \(error.message)"
        } catch {
            return "\(name): \(error)"
        }
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
