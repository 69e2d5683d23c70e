import InfoWinKit

/// `infowin report merge DIR… -o OUT`: the report folders of several check runs (CI shards) as one. Each
/// folder's `results.json` is read, its images copied into `OUT/<shard-K-of-N>/`, and one `results.json`,
/// `index.html` (and on request a JUnit file and a Markdown summary) written from them all, all or none.
package struct ReportMerge {
    /// The merged results, paths relative to the output folder.
    package let results: CheckResults
    /// The files to write into the output folder: the copied images (results.json and index.html are
    /// made by `files`).
    private let images: [OutputFile]
    /// The output folder.
    package let output: String

    /// The largest image copied.
    static let imageLimit = 512 << 20

    /// Reads every report folder in `folders`; an unreadable or wrong results.json, an image that is not a
    /// regular file inside its folder, a shard or a spec found in two folders are errors naming the file
    /// and the JSON path.
    package init(_ folders: [String], into output: String) throws(InfoWinError) {
        var runs: [CheckResults] = []
        var images: [OutputFile] = []
        var shardFile: [String: String] = [:]
        var nameFile: [String: (file: String, index: Int)] = [:]
        var subfolders: Set<String> = []
        for (number, folder) in folders.enumerated() {
            let file = Path.join(folder, "results.json")
            if Path.sameFile(folder, output) {
                throw .io(file: output, message: "is also a report folder to merge (\(folder)): write the merged report elsewhere")
            }
            if let earlier = folders[..<number].first(where: { Path.sameFile($0, folder) }) {
                throw .io(file: folder, message: "is given twice (also as \(earlier)): each report folder is merged once")
            }
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.read(file, limit: CheckResultsReader.byteLimit)
            } catch {
                throw .io(file: file, message: "cannot read the check results: \(error.reason) (write them with infowin check --report \(folder))")
            }
            var run = try CheckResultsReader.results(bytes, file: file)
            if let shard = run.shard {
                if let first = shardFile[shard] {
                    throw .invalid(file: file, path: JSONPath.root.appending("shard"), message: "shard \(shard) is also the shard of \(first): each shard is merged once")
                }
                shardFile[shard] = file
            }
            var subfolder = run.shard.map { "shard-" + $0.replacingSlash } ?? "run-\(number + 1)"
            while subfolders.contains(subfolder) { subfolder += "-\(number + 1)" }
            subfolders.insert(subfolder)
            let real = FileSystem.realPath(folder) ?? folder
            for index in run.specs.indices {
                let path = JSONPath.root.appending("specs").appending(index)
                let entry = run.specs[index]
                if let first = nameFile[entry.name], first.file != file {
                    throw .invalid(
                        file: file, path: path.appending("name"),
                        message: "\(JSONWriter.quoted(entry.name)) is also checked in \(first.file) (specs[\(first.index)]): shards must not overlap")
                }
                nameFile[entry.name] = (file, index)
                run.specs[index].spec = Path.relative(Path.join(folder, entry.spec), from: output)
                run.specs[index].golden = Path.relative(Path.join(folder, entry.golden), from: output)
                guard let entryImages = entry.images else { continue }
                var moved = CheckResults.Images(expected: nil, actual: nil, diff: nil)
                // The actual image's layout report goes with it, when check wrote one (`review` approves both).
                let layout = entryImages.actualLayout.flatMap { FileSystem.entryKind(of: Path.join(folder, $0)) == .missing ? nil : $0 }
                for (key, image) in [("expected", entryImages.expected), ("actual", entryImages.actual), ("diff", entryImages.diff), ("actual", layout)] {
                    guard let image else { continue }
                    let source = Path.join(folder, image)
                    let copied: [UInt8]?
                    do {
                        copied = try FileSystem.read(source, limit: Self.imageLimit, confinedTo: [real])
                    } catch {
                        throw .invalid(file: file, path: path.appending("images").appending(key), message: "cannot read \(source): \(error.reason)")
                    }
                    guard let copied else {
                        throw .invalid(file: file, path: path.appending("images").appending(key), message: "\(source) is outside \(folder) (through a link)")
                    }
                    let target = subfolder + "/" + image
                    images.append(OutputFile(inside: output, at: target, bytes: copied))
                    switch key {
                    case "expected": moved.expected = target
                    case "actual" where image == layout: break
                    case "actual": moved.actual = target
                    default: moved.diff = target
                    }
                }
                run.specs[index].images = moved
            }
            runs.append(run)
        }
        results = CheckResults.merged(runs)
        self.images = images
        self.output = output
    }

    /// Shards of the same count that no folder holds (`2/3` when only 1/3 and 3/3 were merged).
    package var missingShards: [String] {
        let shards = Set(results.specs.compactMap(\.shard))
        let counts = Set(shards.compactMap { Shard.parse($0)?.count })
        return counts.sorted().flatMap { count in (1...count).map { "\($0)/\(count)" }.filter { !shards.contains($0) } }
    }

    /// Every file of the merged report: the images, results.json, index.html, and the JUnit file and the
    /// Markdown summary when asked for.
    package func files(junit: String?, summary: String?) -> [OutputFile] {
        var files = images
        files.append(OutputFile(inside: output, at: "results.json", bytes: Array(CheckResultsWriter.text(results).utf8)))
        files.append(OutputFile(inside: output, at: "index.html", bytes: Array(CheckReports.html(results).utf8)))
        if let junit {
            files.append(OutputFile(path: junit, bytes: Array(CheckReports.junit(results, base: output).utf8)))
        }
        if let summary {
            files.append(OutputFile(path: summary, bytes: Array(CheckReports.markdown(results, reportFolder: output).utf8)))
        }
        return files
    }
}

extension String {
    /// `2/3` as a folder name: `2-of-3`.
    fileprivate var replacingSlash: String {
        split(separator: "/").joined(separator: "-of-")
    }
}
