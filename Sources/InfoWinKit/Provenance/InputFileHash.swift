/// An icon, photo or ground overlay file a render read: its kind, its name as the spec's folder sees it and a hash of
/// its bytes, kept in the fingerprint so that `check` can say `icon icons/cup@2x.png changed`.
package struct InputFileHash: Hashable, Sendable {
    /// What the file is drawn as.
    package enum Kind: String, Sendable, CaseIterable {
        /// A marker's icon image or a pin's glyph image.
        case icon
        /// An image view's picture.
        case photo
        /// A ground overlay's image (`groundOverlays[].image`).
        case overlay
    }

    package let kind: Kind
    /// The path relative to the spec's folder (`icons/cup@2x.png`), or the file's name when it is
    /// elsewhere: folders differ between machines.
    package let name: String
    /// 16 hexadecimal digits of the FNV-1a hash of the file's bytes.
    package let hash: String

    /// `path` (a real path) as named from `specFolder`, the folder the spec's relative paths start from.
    static func name(of path: String, inside specFolder: String) -> String {
        let folder = FileSystem.realPath(specFolder.isEmpty ? "." : specFolder)
        if let folder, Path.isInside(path, folder: folder), path != folder {
            return String(path.dropFirst(folder == "/" ? 1 : folder.count + 1))
        }
        return Path.lastComponent(of: path)
    }

    /// `icon 0123456789abcdef icons/cup@2x.png`: the hash has no space, the name may have some.
    var line: String { "\(kind.rawValue) \(hash) " + name.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "?") }

    /// A `line` read back; nil when it is not one.
    init?(line: Substring) {
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let kind = Kind(rawValue: String(parts[0])) else { return nil }
        self.init(kind: kind, name: String(parts[2]), hash: String(parts[1]))
    }

    init(kind: Kind, name: String, hash: String) {
        self.kind = kind
        self.name = name
        self.hash = hash
    }
}
