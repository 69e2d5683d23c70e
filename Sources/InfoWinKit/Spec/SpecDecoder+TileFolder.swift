extension SpecDecoder {
    /// A folder tile template's fixed part (up to its first `{`) names folders that must exist: a typo
    /// (`tile/{z}/{x}/{y}.png` for `tiles/…`) would otherwise find no tile and draw an empty map. The first
    /// folder missing is an error naming it as the template writes it, with the nearest of its siblings.
    /// Nothing outside the allowed folders is looked at: reading a tile there is refused when it is drawn.
    func checkTileFolder(_ template: String, _ path: JSONPath) throws(InfoWinError) {
        let fixed = template.prefix { $0 != "{" }
        guard let slash = fixed.lastIndex(of: "/") else { return }
        let absolute = template.hasPrefix("/")
        let parts = fixed[..<slash].split(separator: "/").map(String.init)
        let allowed = sandbox.allowedFolders
        // A template whose tiles lie outside is refused as such when a tile is read, whatever exists.
        let firstTile = TileTemplate(text: template, scheme: .xyz).filled(TileID(z: 0, x: 0, y: 0), retina: false)
        guard allowed.contains(where: { Path.isInside(Path.normalized(Path.join(sandbox.baseFolder, firstTile)), folder: $0) }) else { return }
        var current = absolute ? "/" : sandbox.baseFolder
        for (index, part) in parts.enumerated() {
            let next = Path.normalized(Path.join(current, part))
            guard allowed.contains(where: { Path.isInside(next, folder: $0) }) else { return }
            let written = (absolute ? "/" : "") + parts[...index].joined(separator: "/")
            switch FileSystem.kind(of: next) {
            case .folder:
                // A link out of the sandbox is not followed further; the tiles' reads refuse it.
                guard let real = FileSystem.realPath(next), allowed.contains(where: { Path.isInside(real, folder: $0) }) else { return }
                current = next
            case .missing:
                let folders = ((try? FileSystem.list(current)) ?? []).filter { FileSystem.isFolder(Path.join(current, $0)) }
                let hint = closestName(to: part, among: folders).map { guess in
                    " (did you mean \(JSONWriter.quoted((absolute ? "/" : "") + (parts[..<index] + [guess]).joined(separator: "/")))?)"
                } ?? ""
                throw reader.failure(
                    path, "the folder \(JSONWriter.quoted(written)) does not exist\(hint): the tile template \(JSONWriter.quoted(template.abbreviated(80))) reads its tiles from it")
            default:
                throw reader.failure(
                    path, "\(JSONWriter.quoted(written)) is not a folder: the tile template \(JSONWriter.quoted(template.abbreviated(80))) reads its tiles from it")
            }
        }
    }
}
