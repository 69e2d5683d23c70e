#if canImport(Glibc)
import Glibc
#endif
import CPango

extension FontLibrary {
    /// Prefixes of the environment variables that Cairo, Pango, HarfBuzz, FreeType and fontconfig read
    /// (`PANGO_*`, `PANGOCAIRO_*`, `CAIRO_*`, `HB_*`, `FREETYPE_PROPERTIES`, `FC_*`, `FONTCONFIG_FILE`,
    /// `FONTCONFIG_PATH`, `FONTCONFIG_SYSROOT`): any of them may change the pixels drawn.
    static let environmentPrefixes = ["PANGO", "CAIRO", "HB_", "FREETYPE", "FC_", "FONTCONFIG"]

    /// What of fontconfig's configuration and the environment changes the pixels this library draws, as
    /// lines for the input hash (SPEC.md, "Comparing, round four"): every configuration file fontconfig
    /// loaded for it (the machine's `/etc/fonts`, the user's `fonts.conf`, `FONTCONFIG_FILE`'s), each by
    /// path and a hash of its bytes, then every environment variable the drawing libraries read, by name and
    /// value, sorted. Hermetic fonts load no file: their rules are part of the build. Read once
    /// (`configurationLines`), when the first input hash needs it.
    func readConfigurationLines() -> [String] {
        configurationFiles().map { "fontconfig file \($0.path) \($0.hash)" }
            + Self.drawingEnvironment().map { "environment \($0)" }
    }

    /// The configuration files of the font map's fontconfig configuration (the process's current one for
    /// the machine's fonts), in the order loaded, each with the SHA-256 of its bytes (`unreadable` when it
    /// cannot be read now).
    private func configurationFiles() -> [(path: String, hash: String)] {
        TextLayout.pangoLock.withLock {
            let config = pango_fc_font_map_get_config(OpaquePointer(fontMap)) ?? FcConfigGetCurrent()
            guard let list = FcConfigGetConfigFiles(config) else { return [] }
            defer { FcStrListDone(list) }
            var files: [(path: String, hash: String)] = []
            while let name = FcStrListNext(list) {
                let path = String(cString: UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
                files.append((path, Self.fileHash(path)))
            }
            return files
        }
    }

    /// The environment variables the drawing libraries read, as `NAME=VALUE`, sorted.
    static func drawingEnvironment() -> [String] {
        var found: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            let name = text.prefix { $0 != "=" }
            if environmentPrefixes.contains(where: { name.hasPrefix($0) }) { found.append(text) }
            entry += 1
        }
        return found.sorted()
    }

    /// The SHA-256 of a configuration file's bytes (a few kilobytes), or `unreadable`.
    private static func fileHash(_ path: String) -> String {
        guard let file = fopen(path, "rb") else { return "unreadable" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            bytes += chunk[..<count]
            // A configuration file is small; one that is not is hashed by its first 16 MB and its size.
            if count < chunk.count || bytes.count >= 16 << 20 { break }
        }
        return SHA256.hex(bytes)
    }
}
