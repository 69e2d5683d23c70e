extension Path {
    /// `path` as seen from `folder`, both taken from the current folder when relative, links not
    /// followed: `specs/a.json` from `report` is `../specs/a.json`.
    package static func relative(_ path: String, from folder: String) -> String {
        let current = FileSystem.currentFolder()
        let target = normalized(join(current, path)).split(separator: "/"), base = normalized(join(current, folder)).split(separator: "/")
        let shared = zip(target, base).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: base.count - shared) + target.dropFirst(shared).map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// A relative or absolute path with `.` segments and `x/..` pairs removed, lexically: `report/../specs/a.json`
    /// is `specs/a.json`; `..` that climbs above a relative start is kept.
    package static func tidied(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." { parts.removeLast() } else if !absolute { parts.append(part) }
            default: parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
