#if canImport(Glibc)
import Glibc
#endif
import InfoWinKit

extension ProjectConfig {
    /// The deepest a config nests is a list in an object; anything much deeper is not a config.
    static let depthLimit = 16

    /// Decodes a config file's bytes; `file` names it in errors and `folder` (absolute) is where its
    /// relative paths start. An unknown key, a wrong type or an input path that does not exist is an error
    /// naming the file and the JSON path (`$.failOn[1]`); malformed JSON names the line and column.
    package static func decode(_ bytes: [UInt8], file: String, folder: String) throws(InfoWinError) -> ProjectConfig {
        let root = try JSONParser.parse(bytes, file: file, maxDepth: depthLimit)
        let reader = ProjectConfigReader(file: file, folder: folder)
        guard case .object(let members) = root.kind else {
            throw reader.mismatch(root, .root, expected: "an object of settings ({ \"fonts\": […], \"golden\": \"goldens\", … })")
        }
        var config = ProjectConfig(file: file, folder: folder)
        let keys = Self.keys
        for member in members {
            let path = JSONPath.root.appending(member.key)
            guard let key = keys.first(where: { $0.name == member.key }) else {
                let names = keys.map(\.name)
                let hint = closestName(to: member.key, among: names).map { " (did you mean \(ProjectConfigReader.quoted($0))?)" } ?? ""
                throw reader.failure(path, "unknown key \(ProjectConfigReader.quoted(member.key))\(hint); the keys are \(names.joined(separator: ", "))")
            }
            try key.read(reader, member.value, path, &config)
        }
        return config
    }

    /// Reads and decodes the config file at `path`, named `file` in messages. It must be a regular file
    /// of at most `sizeLimit` bytes: a folder, a pipe (which would wait for a writer), a device or a link
    /// that leads nowhere is an error saying so.
    package static func read(_ path: String, shownAs file: String) throws(InfoWinError) -> ProjectConfig {
        let kind = FileSystem.kind(of: path)
        switch kind {
        case .regularFile:
            break
        case .missing:
            let reason = FileSystem.entryKind(of: path) == .symbolicLink
                ? "it is a link that leads nowhere (a broken link, or a loop of links)" : FileSystem.missingReason(path)
            throw .io(file: file, message: "cannot read the config file: \(reason)")
        default:
            throw .io(file: file, message: "cannot read the config file: it is \(kind), not a regular file")
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: sizeLimit)
        } catch {
            throw .io(file: file, message: "cannot read the config file: \(error.reason)")
        }
        let folder = Path.normalized(Path.join(FileSystem.currentFolder(), Path.folder(of: path)))
        return try decode(bytes, file: file, folder: folder)
    }

    /// The config file that holds for `folder` (absolute): `infowin.json` there, else in the nearest folder
    /// above that has one, up to `/`; nil when none has. The walk is lexical (the current folder as the
    /// system gives it has no links), so links cannot make it go round; any entry of that name counts,
    /// so that a folder or a broken link there is reported rather than passed over.
    package static func find(from folder: String) -> String? {
        guard folder.hasPrefix("/") else { return nil }
        var current = Path.normalized(folder)
        while true {
            let candidate = Path.join(current, fileName)
            if FileSystem.entryKind(of: candidate) != .missing { return candidate }
            guard current != "/" else { return nil }
            current = Path.folder(of: current)
        }
    }

    /// True when the file at `path` (and, if it is a link, the link itself) is owned by the user running
    /// infowin or by root: a config file found above the project that another user wrote could widen the
    /// sandbox (its asset roots) or point outputs elsewhere, so, as git's `safe.directory` does, only a
    /// file the user or root owns is read.
    package static func isTrusted(_ path: String) -> Bool {
        var link = stat(), target = stat()
        guard lstat(path, &link) == 0 else { return true }
        let user = geteuid()
        let trusted = { (owner: uid_t) in owner == user || owner == 0 }
        guard trusted(link.st_uid) else { return false }
        return stat(path, &target) != 0 || trusted(target.st_uid)
    }

    /// How messages name the config file `find` found at `path` from `folder`: `infowin.json`,
    /// `../infowin.json`.
    package static func shownName(of path: String, from folder: String) -> String {
        let found = Path.folder(of: path), start = Path.normalized(folder)
        guard Path.isInside(start, folder: found) else { return path }
        let depth = { (folder: String) in folder.split(separator: "/").count }
        return String(repeating: "../", count: depth(start) - depth(found)) + Path.lastComponent(of: path)
    }
}
