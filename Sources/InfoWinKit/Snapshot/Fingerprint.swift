import Graphics

/// What made an image, kept in its PNG text chunks so that a failed golden check can say that a font or
/// a library changed: infowin's version, Cairo, Pango, HarfBuzz and FreeType versions, the scale, and a
/// hash of every font file the text was drawn with.
package struct Fingerprint: Sendable, Equatable {
    /// infowin's version.
    package var infowin: String
    /// The C libraries' versions.
    package var libraries: LibraryVersions
    /// Output pixels per point.
    package var scale: Double
    /// Font file names (without folder) and their content hashes, sorted by name.
    package var fonts: [FontFileHash]
    /// `digest` of the layout report's text, or nil for an image made before reports were hashed.
    package var layout: String?
    /// A hash of the map tiles drawn (their source, ids and bytes), or nil for a map without tiles.
    package var tiles: String? = nil

    static let prefix = "infowin:"

    /// The fingerprint as PNG text entries.
    package var textEntries: [PNGTextEntry] {
        [
            ("version", infowin), ("cairo", libraries.cairo), ("pango", libraries.pango),
            ("harfbuzz", libraries.harfbuzz), ("freetype", libraries.freetype), ("scale", JSONWriter.format(scale)),
            ("fonts", fonts.map { "\($0.name) \($0.hash)" }.joined(separator: "; ")),
        ].map { PNGTextEntry(key: Self.prefix + $0.0, value: $0.1) }
            + (tiles.map { [PNGTextEntry(key: Self.prefix + "tiles", value: $0)] } ?? [])
            + (layout.map { [PNGTextEntry(key: Self.prefix + "layout", value: $0)] } ?? [])
    }

    /// Reads a fingerprint from a PNG's text entries; nil when the image has none (not made by infowin).
    package init?(entries: [PNGTextEntry]) {
        var values: [String: String] = [:]
        for entry in entries where entry.key.hasPrefix(Self.prefix) {
            values[String(entry.key.dropFirst(Self.prefix.count))] = entry.value
        }
        guard let version = values["version"] else { return nil }
        infowin = version
        libraries = LibraryVersions(
            cairo: values["cairo"] ?? "?", pango: values["pango"] ?? "?", harfbuzz: values["harfbuzz"] ?? "?",
            freetype: values["freetype"] ?? "?")
        scale = Double(values["scale"] ?? "") ?? 0
        tiles = values["tiles"]
        fonts = (values["fonts"] ?? "").split(separator: "; ").compactMap { item in
            // The hash has no space; the name may have some.
            guard let space = item.lastIndex(of: " ") else { return nil }
            return FontFileHash(name: String(item[..<space]), hash: String(item[item.index(after: space)...]))
        }
        layout = values["layout"]
    }

    /// Makes a fingerprint.
    package init(infowin: String, libraries: LibraryVersions, scale: Double, fonts: [FontFileHash], layout: String? = nil) {
        self.infowin = infowin
        self.libraries = libraries
        self.scale = scale
        self.fonts = fonts
        self.layout = layout
    }

    /// 16 hexadecimal digits of the FNV-1a hash of `bytes`: stable across machines and runs.
    package static func digest<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let digits = String(fnv1a(bytes), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Sentences saying how this (actual) fingerprint differs from the one `golden` was made with (the
    /// layout is told by the layout report itself, in more detail).
    package func differences(from golden: Fingerprint) -> [String] {
        var changes: [String] = []
        let versions: [(String, String, String)] = [
            ("infowin", golden.infowin, infowin), ("Cairo", golden.libraries.cairo, libraries.cairo),
            ("Pango", golden.libraries.pango, libraries.pango), ("HarfBuzz", golden.libraries.harfbuzz, libraries.harfbuzz),
            ("FreeType", golden.libraries.freetype, libraries.freetype),
        ]
        for (name, old, new) in versions where old != new {
            changes.append("\(name) is \(new); the golden was made with \(old)")
        }
        if golden.scale != scale {
            changes.insert("rendered at scale \(JSONWriter.format(scale)); the golden is at \(JSONWriter.format(golden.scale))", at: 0)
        }
        for font in fonts {
            if let old = golden.fonts.first(where: { $0.name == font.name }) {
                if old.hash != font.hash { changes.append("font file \(font.name) differs from the one the golden was made with") }
            } else {
                changes.append("font file \(font.name) is used now but was not when the golden was made")
            }
        }
        for old in golden.fonts where !fonts.contains(where: { $0.name == old.name }) {
            changes.append("font file \(old.name) made the golden but is not used now")
        }
        if golden.tiles != tiles {
            changes.append(tiles == nil || golden.tiles == nil ? "the map tiles were added or removed" : "map tiles changed")
        }
        return changes
    }
}

/// A font file's name and a hash of its bytes.
package struct FontFileHash: Hashable, Sendable {
    /// The file name, without its folder (folders differ between machines).
    package let name: String
    /// 16 hexadecimal digits of the FNV-1a hash of the file's bytes.
    package let hash: String
}
