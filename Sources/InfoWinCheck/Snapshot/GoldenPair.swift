import InfoWinKit

/// A golden image and the layout report recorded with it, read from the golden folder without following
/// a link below it (a golden that is a link, a pipe, a device or a folder is an error naming it).
struct GoldenPair {
    /// The golden image's bytes (empty when only its place was checked).
    let image: [UInt8]
    /// What made it (its text chunks), or nil for an image infowin did not make.
    let fingerprint: Fingerprint?
    /// The layout report's bytes, when it is there and was recorded with the image.
    private let reportBytes: [UInt8]?
    private let reportPath: String
    /// What is wrong with the report file: missing, unreadable, or not the image's own.
    private let fileProblems: [String]

    /// The layout report, parsed (only when a check needs it: an unchanged spec's never is).
    var report: LayoutReport? { parsedReport.report }
    /// What is wrong with the report: missing, unreadable, not JSON, or not the image's own.
    var reportProblems: [String] { fileProblems + parsedReport.problems }

    private var parsedReport: (report: LayoutReport?, problems: [String]) {
        guard let reportBytes, fileProblems.isEmpty else { return (nil, []) }
        do {
            return (LayoutReportReader.report(try JSONParser.parse(reportBytes).kind), [])
        } catch {
            return (nil, ["the golden layout report \(reportPath) is not valid JSON (line \(error.line), column \(error.column): \(error.message))"])
        }
    }

    /// True when the golden was made from exactly `inputs` (its `infowin:inputs`) and is as it was made:
    /// its pixels still hash to its `infowin:pixels`, and its layout report is there and its own (the
    /// digest its fingerprint names). Drawing the spec again would then give the golden's bytes: `check`
    /// passes it without drawing.
    func wasMade(from inputs: String) -> Bool {
        isAsMade { $0.inputs == inputs }
    }

    /// True when the golden was made from exactly these inputs before layout (`infowin:inputs-before-layout`)
    /// and is as it was made: `check` passes it without laying it out.
    func wasMade(fromInputsBeforeLayout inputs: String) -> Bool {
        isAsMade { $0.inputsBeforeLayout == inputs }
    }

    private func isAsMade(_ madeFrom: (Fingerprint) -> Bool) -> Bool {
        guard reportBytes != nil, fileProblems.isEmpty, let fingerprint, madeFrom(fingerprint), fingerprint.layout != nil,
              let pixels = fingerprint.pixels
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
        self.reportPath = reportPath
        guard reading else {
            (image, fingerprint, reportBytes, fileProblems) = ([], nil, nil, [])
            return
        }
        do {
            image = try folder.read(name + ".png", limit: 512 << 20)
        } catch {
            throw .io(file: imagePath, message: "cannot read the golden image: \(error.reason)")
        }
        fingerprint = Fingerprint(entries: PNGText.entries(of: image))
        let recordedWith = fingerprint?.layout
        let bytes: [UInt8]
        do {
            if folder.kind(of: name + ".layout.json") == .missing {
                (reportBytes, fileProblems) = (nil, recordedWith == nil ? [] : ["the golden layout report \(reportPath) is missing"])
                return
            }
            bytes = try folder.read(name + ".layout.json", limit: 64 << 20)
        } catch {
            (reportBytes, fileProblems) = (nil, ["the golden layout report \(reportPath) cannot be read: \(error.reason)"])
            return
        }
        if let recordedWith, Fingerprint.digest(bytes) != recordedWith {
            (reportBytes, fileProblems) = (nil, ["the golden layout report \(reportPath) was not recorded with \(imagePath) (the image's fingerprint names another)"])
            return
        }
        (reportBytes, fileProblems) = (bytes, [])
    }
}
