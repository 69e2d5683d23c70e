import Graphics

/// Loads a style's `sprite` (SPEC.md, "Vector basemaps"): `NAME.json` and `NAME.png` beside each other, or
/// `NAME@2x.json` and `NAME@2x.png` at a render scale of 2 and more when both exist (else the 1× sheet,
/// scaled); both inside the folders assets may come from, read within their limits.
package struct SpriteLoader {
    /// The style file, as errors name it.
    let styleFile: String
    /// The folders assets may come from (`--asset-root`).
    let allowedFolders: [String]

    /// The largest sheet (`NAME.png`) read; its pixels are at most 4,096 on a side, as every image's.
    package static let sheetSizeLimit = 16 << 20

    /// The sprite at `base` (the path without `.json`/`.png`) for a picture of `scale` output pixels a point.
    func load(_ base: String, scale: Double) throws(InfoWinError) -> SpriteSheet {
        let chosen = scale >= 2 && exists(base + "@2x") ? base + "@2x" : base
        let indexBytes = try read(chosen + ".json", limit: SpriteIndex.sizeLimit)
        let sheetBytes = try read(chosen + ".png", limit: Self.sheetSizeLimit)
        let sheetFile = Path.lastComponent(of: chosen) + ".png"
        guard ImageEncoding(sniffing: sheetBytes) == .png else { throw failure("\(sheetFile) is not a PNG image") }
        let sheet: ImageSurface
        do throws(GraphicsError) {
            sheet = try ImageSurface(encoded: sheetBytes)
        } catch {
            throw failure("cannot decode \(sheetFile): \(error.message)")
        }
        let index = try SpriteIndex.read(indexBytes, file: chosen + ".json", sheetWidth: sheet.width, sheetHeight: sheet.height)
        let digest = Fingerprint.digest(Fingerprint.digest(indexBytes).utf8 + Array(" ".utf8) + Fingerprint.digest(sheetBytes).utf8)
        return try SpriteSheet(index: index, sheet: sheet, file: Path.lastComponent(of: chosen) + ".json", digest: digest)
    }

    /// True when both of a sprite's files are there and inside the sandbox.
    private func exists(_ base: String) -> Bool {
        [base + ".json", base + ".png"].allSatisfy { file in
            FileSystem.realPath(file).map { real in allowedFolders.contains { Path.isInside(real, folder: $0) } } ?? false
        }
    }

    private func read(_ file: String, limit: Int) throws(InfoWinError) -> [UInt8] {
        let name = Path.lastComponent(of: file)
        let bytes: [UInt8]?
        do throws(FileSystemError) {
            bytes = try FileSystem.read(file, limit: limit, confinedTo: allowedFolders)
        } catch {
            throw failure("cannot read \(name): \(error.reason) (at most \(Format.bytes(limit)))")
        }
        guard let bytes else { throw failure("\(name) is outside the folders assets may come from (--asset-root)") }
        return bytes
    }

    private func failure(_ message: String) -> InfoWinError {
        .invalid(file: styleFile, path: .root.appending("sprite"), message: message)
    }
}
