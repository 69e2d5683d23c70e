/// Lexical operations on slash-separated paths (nothing is looked up on disk).
package enum Path {
    /// The folder part: `a/b.json` → `a`, `b.json` → `.`, `/b.json` → `/`.
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last part: `a/b.json` → `b.json`.
    package static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `path` with `suffix` before its extension: `out.png` and `.de` give `out.de.png`; `-` and an empty
    /// suffix leave it as it is.
    static func inserting(_ suffix: String, into path: String) -> String {
        guard !suffix.isEmpty, path != "-" else { return path }
        let name = lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path + suffix }
        let folder = String(path.dropLast(name.count))
        return folder + name[..<dot] + suffix + name[dot...]
    }

    /// `relative` joined to `base` unless it is absolute.
    package static func join(_ base: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return relative }
        return base.hasSuffix("/") ? base + relative : base + "/" + relative
    }

    /// An absolute path with `.`, `..` and repeated slashes removed, links not followed.
    package static func normalized(_ absolute: String) -> String {
        var parts: [Substring] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// True when `path` is `folder` or inside it (both absolute and normalized).
    package static func isInside(_ path: String, folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }

    /// True when two paths name the same file, links followed where they exist.
    package static func sameFile(_ a: String, _ b: String) -> Bool {
        func canonical(_ path: String) -> String {
            FileSystem.realPath(path) ?? normalized(join(FileSystem.currentFolder(), path))
        }
        return canonical(a) == canonical(b)
    }
}
