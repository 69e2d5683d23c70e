import InfoWinKit

/// A spec file found for a batch, and the path its outputs take inside the output folder.
package struct FoundSpec: Sendable, Equatable {
    /// The spec file as it can be opened.
    package let path: String
    /// Its relative path: the end of `path` (its last bytes, not kept twice: a batch holds 100,000), or a
    /// text of its own when it is not.
    private let relative: Relative
    /// The real path of the folder it was found in, which the file read must be inside (a link found
    /// there may lead to a file beside it, never out); nil for a spec given by name.
    package var root: String? = nil

    private enum Relative: Sendable, Equatable {
        /// The last bytes of `path`, this many.
        case end(Int)
        case own(String)
    }

    /// A spec at `path`, its outputs named after `relativePath`, found in the folder `root` (nil: given by name).
    package init(path: String, relativePath: String, root: String? = nil) {
        self.path = path
        let end = path.utf8.suffix(relativePath.utf8.count)
        let isEnd = end.elementsEqual(relativePath.utf8)
            && (path.utf8.count == relativePath.utf8.count || path.utf8[path.utf8.index(before: end.startIndex)] == UInt8(ascii: "/"))
        relative = isEnd ? .end(relativePath.utf8.count) : .own(relativePath)
        self.root = root
    }

    /// A spec at `path` whose relative path is the path's last `relativeEnd` bytes (`SpecList` keeps it so).
    init(path: String, relativeEnd: Int, root: String?) {
        self.path = path
        relative = .end(relativeEnd)
        self.root = root
    }

    /// How many of the path's last bytes its relative path is, or nil when it is a text of its own.
    var relativeEnd: Int? {
        if case .end(let count) = relative { count } else { nil }
    }

    /// Its path relative to the folder it was found in (a file given by name: its name), `.json` kept.
    package var relativePath: String {
        switch relative {
        case .end(let count): String(Substring(path.utf8.suffix(count)))
        case .own(let text): text
        }
    }

    /// `relativePath` without `.json`: what every output's path starts with.
    package var stem: String {
        relativePath.hasSuffix(".json") ? String(relativePath.dropLast(5)) : relativePath
    }

    /// `folder/stem` with `suffix` (`.png`, `.layout.json`).
    package func output(in folder: String, suffix: String) -> String {
        Path.join(folder, stem + suffix)
    }

    /// The output `folder/stem` with `suffix`, holding `bytes`: a file in a folder infowin manages.
    package func outputFile(in folder: String, suffix: String, bytes: [UInt8]) -> OutputFile {
        OutputFile(inside: folder, at: stem + suffix, bytes: bytes)
    }
}

/// Finds the specs of a batch: files given by name, and every `*.json` in folders given, recursively
/// (layout reports, styles, sprite indexes and project config files (`livesBesideSpecs`), and a check report's
/// `results.json` beside its `index.html` are not specs; one that is not a regular file fails when read).
/// Folders are walked in byte order of their names, each real folder once. Discovery never leaves the
/// folders given: a link to a folder is not entered, and a spec found there carries its folder as `root`,
/// so a link to a file outside is refused by name when read.
package enum SpecDiscovery {
    /// The JSON files that live beside specs and are none: layout reports, basemap styles
    /// (`NAME.style.json`), sprite indexes of a sprite named `NAME.sprite` (`NAME.sprite.json`,
    /// `NAME.sprite@2x.json`) and the project's `infowin.json`.
    static func livesBesideSpecs(_ name: String) -> Bool {
        [".layout.json", ".style.json", ".sprite.json", ".sprite@2x.json"].contains { name.hasSuffix($0) } || name == ProjectConfig.fileName
    }

    /// Every spec under `arguments`, in a stable order; an argument that does not exist is an error. With
    /// `base` (`--base DIR`), names are paths relative to it, for folders and single specs alike, so that
    /// checking one spec of a suite uses the same golden as checking the suite; a spec outside it is an error.
    package static func find(_ arguments: [String], base: String?) throws(InfoWinError) -> SpecList {
        let found = try find(arguments)
        guard let base else { return found }
        guard let root = FileSystem.realPath(base), FileSystem.isFolder(root) else {
            throw .io(file: base, message: "--base names no folder")
        }
        var renamed = SpecList(capacity: found.count)
        for spec in found {
            guard let real = FileSystem.realPath(spec.path), Path.isInside(real, folder: root), real != root else {
                throw .io(file: spec.path, message: "is not inside the --base folder \(base)")
            }
            renamed.append(FoundSpec(path: spec.path, relativePath: String(real.dropFirst(root.count).drop { $0 == "/" }), root: spec.root))
        }
        return renamed
    }

    /// Every spec under `arguments`, in a stable order; an argument that does not exist is an error.
    package static func find(_ arguments: [String]) throws(InfoWinError) -> SpecList {
        var found = SpecList()
        var visited = Set<String>()
        for argument in arguments {
            if FileSystem.isFolder(argument) {
                try walk(argument, relative: "", root: FileSystem.realPath(argument) ?? argument, visited: &visited, into: &found)
            } else if FileSystem.isRegularFile(argument) || argument == "-" {
                found.append(FoundSpec(path: argument, relativePath: Path.lastComponent(of: argument)))
            } else if FileSystem.realPath(argument) != nil {
                throw .io(file: argument, message: "is \(FileSystem.kind(of: argument)), not a spec file or folder: specs are read from regular files only")
            } else {
                throw .io(file: argument, message: "no spec file or folder there (\(FileSystem.missingReason(argument)))")
            }
        }
        return found
    }

    private static func walk(
        _ folder: String, relative: String, root: String, visited: inout Set<String>, into found: inout SpecList
    ) throws(InfoWinError) {
        guard visited.insert(FileSystem.realPath(folder) ?? folder).inserted else { return }
        let names: [String]
        do {
            names = try FileSystem.list(folder)
        } catch {
            throw .io(file: folder, message: "cannot list the folder: \(error.reason)")
        }
        for name in names where !name.hasPrefix(".") {
            let path = Path.join(folder, name)
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            switch FileSystem.entryKind(of: path) {
            case .folder:
                try walk(path, relative: relativePath, root: root, visited: &visited, into: &found)
            case .symbolicLink where FileSystem.isFolder(path):
                continue
            default:
                if name.hasSuffix(".json") && !Self.livesBesideSpecs(name) && !(name == "results.json" && names.contains("index.html")) {
                    found.append(FoundSpec(path: path, relativePath: relativePath, root: root))
                }
            }
        }
    }
}
