/// A golden image and the layout report recorded with it, read from the golden folder without following
/// a link below it (a golden that is a link, a pipe, a device or a folder is an error naming it).
struct GoldenPair {
    /// The golden image's bytes (empty when only its place was checked).
    let image: [UInt8]
    /// The layout report, read, when it is there and was recorded with the image.
    let report: LayoutReport?
    /// What is wrong with the report: missing, unreadable, not JSON, or not the image's own.
    let reportProblems: [String]

    /// True when the golden was made from exactly `inputs` (its `infowin:inputs`) and is as it was made:
    /// its pixels still hash to its `infowin:pixels`, and its layout report is there and its own. Drawing
    /// the spec again would then give the golden's bytes: `check` passes it without drawing.
    func wasMade(from inputs: String) -> Bool {
        guard !inputs.isEmpty, report != nil, reportProblems.isEmpty, let fingerprint = Fingerprint(entries: PNGText.entries(of: image)),
              fingerprint.inputs == inputs, fingerprint.layout != nil, let pixels = fingerprint.pixels
        else { return false }
        return PNGText.imageDataDigest(of: image) == pixels
    }

    /// Reads the golden of `spec` in `goldenFolder`; nil when there is none yet. Without `reading`, only
    /// checks that the golden is a regular file in real folders (before it is re-recorded).
    init?(_ spec: FoundSpec, in goldenFolder: String, reading: Bool) throws(InfoWinError) {
        let imagePath = spec.output(in: goldenFolder, suffix: ".png")
        let reportPath = spec.output(in: goldenFolder, suffix: ".layout.json")
        guard FileSystem.realPath(goldenFolder) != nil else { return nil }
        let folder: FolderHandle
        do {
            let root = try FolderHandle.open(goldenFolder, creating: false)
            let inner = Path.folder(of: spec.stem)
            guard let found = inner == "." ? root : try root.subfolder(inner, creating: false) else { return nil }
            folder = found
        } catch {
            throw .io(file: imagePath, message: "cannot look for the golden image: \(error.reason)")
        }
        let name = Path.lastComponent(of: spec.stem)
        switch folder.kind(of: name + ".png") {
        case .missing: return nil
        case .regularFile: break
        case let kind:
            throw .io(file: imagePath, message: "is \(kind), not a golden image: goldens are regular PNG files (remove it, then record it)")
        }
        guard reading else {
            (image, report, reportProblems) = ([], nil, [])
            return
        }
        do {
            image = try folder.read(name + ".png", limit: 512 << 20)
        } catch {
            throw .io(file: imagePath, message: "cannot read the golden image: \(error.reason)")
        }
        let recordedWith = Fingerprint(entries: PNGText.entries(of: image))?.layout
        let bytes: [UInt8]
        do {
            if folder.kind(of: name + ".layout.json") == .missing {
                (report, reportProblems) = (nil, recordedWith == nil ? [] : ["the golden layout report \(reportPath) is missing"])
                return
            }
            bytes = try folder.read(name + ".layout.json", limit: 64 << 20)
        } catch {
            (report, reportProblems) = (nil, ["the golden layout report \(reportPath) cannot be read: \(error.reason)"])
            return
        }
        if let recordedWith, Fingerprint.digest(bytes) != recordedWith {
            (report, reportProblems) = (nil, ["the golden layout report \(reportPath) was not recorded with \(imagePath) (the image's fingerprint names another)"])
            return
        }
        do {
            (report, reportProblems) = (LayoutReportReader.report(try JSONParser.parse(bytes).kind), [])
        } catch {
            (report, reportProblems) = (nil, ["the golden layout report \(reportPath) is not valid JSON (line \(error.line), column \(error.column): \(error.message))"])
        }
    }
}
