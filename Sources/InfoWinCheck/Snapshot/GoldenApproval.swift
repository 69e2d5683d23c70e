import InfoWinKit

/// Approving failures of a check report (`infowin review`): each approved spec's actual image and its
/// layout report, from the report folder, are copied over its golden image and layout report in the golden
/// folder. Nothing is written outside the golden folder, no link is followed or written through (in either
/// folder), and the goldens of one approval are written all or none.
package struct GoldenApproval: Sendable {
    /// The results the report was written from (`DIR/results.json`).
    package let results: CheckResults
    package let reportFolder: String
    package let goldenFolder: String

    /// The largest actual image or layout report copied.
    package static let fileLimit = 512 << 20

    /// Reads `reportFolder/results.json`; an unreadable or wrong one is an error naming it.
    package init(reportFolder: String, goldenFolder: String) throws(InfoWinError) {
        let file = Path.join(reportFolder, "results.json")
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(file, limit: CheckResultsReader.byteLimit)
        } catch {
            throw .io(file: file, message: "cannot read the check results: \(error.reason) (write them with infowin check --report \(reportFolder))")
        }
        self.init(results: try CheckResultsReader.results(bytes, file: file), reportFolder: reportFolder, goldenFolder: goldenFolder)
    }

    package init(results: CheckResults, reportFolder: String, goldenFolder: String) {
        self.results = results
        self.reportFolder = reportFolder
        self.goldenFolder = goldenFolder
    }

    /// The names of the specs that can be approved: failures with an actual image.
    package var approvable: [String] {
        results.specs.filter { $0.fails && $0.images?.actual != nil }.map(\.name)
    }

    /// One golden file an approval wrote.
    package struct Change: Sendable, Equatable {
        /// The spec's name, as the report lists it.
        package var name: String
        /// The files written over (or as) its golden, inside the golden folder, as `goldenFolder/…`.
        package var files: [String]
    }

    /// Why an approval was refused; nothing was written.
    package struct Refusal: Error, Equatable {
        package enum Reason: Sendable, Equatable {
            /// No spec of that name is in the report.
            case unknown
            /// The spec did not fail, or has no actual image to approve.
            case notApprovable
            /// A file would be read or written outside its folder, or through a link.
            case outside
            /// The report's files are missing or do not belong together.
            case report
            /// The goldens could not be written (the machine's fault).
            case write
        }

        package var reason: Reason
        package var message: String
    }

    /// Copies the actual image and layout report of every spec in `names` over its golden, all or none;
    /// returns what changed, in the order of `names` (each name once).
    package func approve(_ names: [String]) throws(Refusal) -> [Change] {
        var seen: Set<String> = []
        var files: [OutputFile] = []
        var changes: [Change] = []
        for name in names where seen.insert(name).inserted {
            let (entryFiles, change) = try self.files(approving: name)
            files += entryFiles
            changes.append(change)
        }
        do throws(InfoWinError) {
            try OutputWriter.write(files, creatingFolders: true)
        } catch {
            throw Refusal(reason: .write, message: error.message)
        }
        return changes
    }

    /// The two goldens `name`'s approval writes, read and checked.
    private func files(approving name: String) throws(Refusal) -> ([OutputFile], Change) {
        guard let entry = results.specs.first(where: { $0.name == name }) else {
            throw Refusal(reason: .unknown, message: "\(JSONWriter.quoted(name.abbreviated(80))) is not a spec of this report")
        }
        guard entry.fails, let images = entry.images, let actual = images.actual, let actualLayout = images.actualLayout else {
            throw Refusal(reason: .notApprovable, message: "\(name): \(entry.fails ? "has no actual image to approve" : "did not fail: there is nothing to approve")")
        }
        let golden = try goldenImage(of: entry)
        let goldenLayout = CheckResults.Images.layoutReport(of: golden)
        let image = try reportFile(actual, of: name), layout = try reportFile(actualLayout, of: name)
        guard let fingerprint = Fingerprint(entries: PNGText.entries(of: image)), fingerprint.layout == Fingerprint.digest(layout) else {
            throw Refusal(reason: .report, message: "\(name): \(Path.join(reportFolder, actualLayout)) is not the layout report of \(Path.join(reportFolder, actual)) (check again to write them together)")
        }
        for target in [golden, goldenLayout] {
            let kind: EntryKind
            do throws(FileSystemError) { kind = try FolderHandle.kind(of: target, inside: goldenFolder) } catch {
                throw Refusal(reason: .outside, message: "\(name): \(error.reason)")
            }
            guard kind == .missing || kind == .regularFile else {
                throw Refusal(reason: .outside, message: "\(name): \(Path.join(goldenFolder, target)) is \(kind), not a regular file: infowin never writes through one inside \(goldenFolder)")
            }
        }
        let files = [OutputFile(inside: goldenFolder, at: golden, bytes: image), OutputFile(inside: goldenFolder, at: goldenLayout, bytes: layout)]
        return (files, Change(name: name, files: files.map(\.path)))
    }

    /// The bytes of the golden image `entry` links to, read inside the golden folder without following a
    /// link (as `review` serves it); nil when it is missing.
    package func goldenBytes(of entry: CheckResults.Entry) throws(Refusal) -> [UInt8]? {
        let golden = try goldenImage(of: entry)
        do throws(FileSystemError) { return try FolderHandle.read(golden, inside: goldenFolder, limit: Self.fileLimit) } catch {
            throw Refusal(reason: .outside, message: "\(entry.name): cannot read \(Path.join(goldenFolder, golden)): \(error.reason)")
        }
    }

    /// The golden image of `entry` as a path inside the golden folder: the report names it relative to
    /// the report folder, and it must lead into the golden folder (no `..` out of it, not absolute).
    private func goldenImage(of entry: CheckResults.Entry) throws(Refusal) -> String {
        let inside = Path.relative(Path.join(reportFolder, entry.golden), from: goldenFolder)
        let parts = inside.split(separator: "/", omittingEmptySubsequences: false)
        guard inside.hasSuffix(".png"), !inside.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw Refusal(reason: .outside, message: "\(entry.name): its golden \(entry.golden) is not inside the golden folder \(goldenFolder): infowin review writes only there")
        }
        return inside
    }

    /// The bytes of `relative` in the report folder, read without following a link.
    private func reportFile(_ relative: String, of name: String) throws(Refusal) -> [UInt8] {
        let bytes: [UInt8]?
        do throws(FileSystemError) { bytes = try FolderHandle.read(relative, inside: reportFolder, limit: Self.fileLimit) } catch {
            throw Refusal(reason: .outside, message: "\(name): cannot read \(Path.join(reportFolder, relative)): \(error.reason)")
        }
        guard let bytes else {
            throw Refusal(reason: .report, message: "\(name): \(Path.join(reportFolder, relative)) is missing (check again with --report to write it)")
        }
        return bytes
    }
}
