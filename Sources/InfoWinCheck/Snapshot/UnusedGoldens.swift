import InfoWinKit

/// Goldens that no checked spec made: left behind when specs are deleted or renamed (SPEC.md, "unused
/// goldens"). Found by walking the golden folder without following links.
package enum UnusedGoldens {
    /// What `check --unused` does with them.
    package enum Mode: String, Sendable, CaseIterable {
        /// Say so, and pass.
        case warn
        /// Say so, and fail.
        case fail
        /// Remove them (with their layout reports), and say so.
        case delete
    }

    /// The golden images (paths relative to `folder`, sorted) that are not in `made` (`stem.png` names).
    package static func find(in folder: String, made: Set<String>) -> [String] {
        var images: [String] = []
        collect(folder, relative: "", into: &images)
        return images.filter { !made.contains($0) }.sorted()
    }

    private static func collect(_ folder: String, relative: String, into images: inout [String]) {
        guard let names = try? FileSystem.list(folder) else { return }
        for name in names where !name.hasPrefix(".") {
            let path = Path.join(folder, name), relativePath = relative.isEmpty ? name : relative + "/" + name
            switch FileSystem.entryKind(of: path) {
            case .folder: collect(path, relative: relativePath, into: &images)
            case .regularFile where name.hasSuffix(".png"): images.append(relativePath)
            default: continue
            }
        }
    }

    /// Removes the golden `image` (relative to `folder`) and its layout report beside it.
    package static func remove(_ image: String, in folder: String) {
        let stem = String(image.dropLast(".png".count))
        OutputWriter.remove(inside: folder, at: [image, stem + ".layout.json"])
    }
}
