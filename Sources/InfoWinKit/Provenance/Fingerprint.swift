import Graphics

/// What made an image, kept in its PNG text chunks so that a failed golden check can say that a font or
/// a library changed: infowin's version, Cairo, Pango, HarfBuzz and FreeType versions, the scale, a
/// hash of every font file the text was drawn with, of every icon and photo file the render read, and of
/// the map tiles drawn.
package struct Fingerprint: Sendable, Equatable {
    /// infowin's version.
    package var infowin: String
    /// The build that drew it (`InfoWin.build`: version, commit and a hash of the source code), or nil for
    /// an image made before builds were named.
    package var build: String?
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
    /// A hash of the vector basemap's style (the style file or the built-in style's text, and its sprite),
    /// or nil for a map without a basemap.
    var basemapStyle: String? = nil
    /// A hash of the vector basemap's tiles (their source, ids and bytes), or nil for a map without one.
    var basemapTiles: String? = nil
    /// The icon and photo files read, or nil for an image whose fingerprint does not list them (made
    /// before they were hashed, or with none: the entry is only written when there are some).
    package var images: [InputFileHash]? = nil
    /// `infowin:inputs`: a hash of every input of the render (`InputHash`), or nil for an image made before.
    package var inputs: String? = nil
    /// `infowin:inputs-before-layout`: the inputs known before layout (`InputHash.beforeLayout`), or nil for
    /// a spec with map tiles, a scenario frame, or an image made before.
    package var inputsBeforeLayout: String? = nil
    /// `infowin:pixels`: a hash of the PNG's image data, or nil for an image made before (or not a PNG).
    package var pixels: String? = nil
    /// `infowin:spec-keys`: each key path of the spec with its digest (`SpecKeyDigests`), or nil for an
    /// image made before (or of a spec with too many key paths).
    package var specKeys: [String]? = nil
    /// `infowin:catalog-keys`: each catalog key filled in with a digest of its text, or nil for an image
    /// drawn without a catalog (or made before).
    package var catalogKeys: [String]? = nil

    static let prefix = "infowin:"

    /// The fingerprint as PNG text entries.
    package var textEntries: [PNGTextEntry] {
        [
            ("version", infowin), ("cairo", libraries.cairo), ("pango", libraries.pango),
            ("harfbuzz", libraries.harfbuzz), ("freetype", libraries.freetype), ("scale", JSONWriter.format(scale)),
            ("fonts", fonts.map { "\($0.name) \($0.hash)" }.joined(separator: "; ")),
        ].map { PNGTextEntry(key: Self.prefix + $0.0, value: $0.1) }
            + (build.map { [PNGTextEntry(key: Self.prefix + "build", value: $0)] } ?? [])
            + (tiles.map { [PNGTextEntry(key: Self.prefix + "tiles", value: $0)] } ?? [])
            + (basemapStyle.map { [PNGTextEntry(key: Self.prefix + "basemap-style", value: $0)] } ?? [])
            + (basemapTiles.map { [PNGTextEntry(key: Self.prefix + "basemap-tiles", value: $0)] } ?? [])
            + (layout.map { [PNGTextEntry(key: Self.prefix + "layout", value: $0)] } ?? [])
            + (images.flatMap { $0.isEmpty ? nil : [PNGTextEntry(key: Self.prefix + "images", value: $0.map(\.line).joined(separator: "\n"))] } ?? [])
            + (inputs.map { [PNGTextEntry(key: Self.prefix + "inputs", value: $0)] } ?? [])
            + (inputsBeforeLayout.map { [PNGTextEntry(key: Self.prefix + "inputs-before-layout", value: $0)] } ?? [])
            + (pixels.map { [PNGTextEntry(key: Self.prefix + "pixels", value: $0)] } ?? [])
            + (specKeys.map { [PNGTextEntry(key: Self.prefix + "spec-keys", value: $0.joined(separator: "\n"))] } ?? [])
            + (catalogKeys.map { [PNGTextEntry(key: Self.prefix + "catalog-keys", value: $0.joined(separator: "\n"))] } ?? [])
    }

    /// Reads a fingerprint from a PNG's text entries; nil when the image has none (not made by infowin).
    package init?(entries: [PNGTextEntry]) {
        var values: [String: String] = [:]
        for entry in entries where entry.key.hasPrefix(Self.prefix) {
            values[String(entry.key.dropFirst(Self.prefix.count))] = entry.value
        }
        guard let version = values["version"] else { return nil }
        infowin = version
        build = values["build"]
        libraries = LibraryVersions(
            cairo: values["cairo"] ?? "?", pango: values["pango"] ?? "?", harfbuzz: values["harfbuzz"] ?? "?",
            freetype: values["freetype"] ?? "?")
        scale = Double(values["scale"] ?? "") ?? 0
        tiles = values["tiles"]
        basemapStyle = values["basemap-style"]
        basemapTiles = values["basemap-tiles"]
        fonts = (values["fonts"] ?? "").split(separator: "; ").compactMap { item in
            // The hash has no space; the name may have some.
            guard let space = item.lastIndex(of: " ") else { return nil }
            return FontFileHash(name: String(item[..<space]), hash: String(item[item.index(after: space)...]))
        }
        layout = values["layout"]
        images = values["images"].map { $0.split(separator: "\n").compactMap(InputFileHash.init(line:)) }
        inputs = values["inputs"]
        inputsBeforeLayout = values["inputs-before-layout"]
        pixels = values["pixels"]
        specKeys = values["spec-keys"].map { $0.split(separator: "\n").map(String.init) }
        catalogKeys = values["catalog-keys"].map { $0.split(separator: "\n").map(String.init) }
    }

    /// Makes a fingerprint.
    package init(infowin: String, build: String? = nil, libraries: LibraryVersions, scale: Double, fonts: [FontFileHash], layout: String? = nil) {
        self.infowin = infowin
        self.build = build
        self.libraries = libraries
        self.scale = scale
        self.fonts = fonts
        self.layout = layout
    }

    /// True when `golden` was drawn by this very renderer: the same build and the same library versions
    /// (SPEC.md, "Comparing, round four"). Then any changed pixel is a difference.
    package func isSameRenderer(as golden: Fingerprint) -> Bool {
        build != nil && golden.build == build && golden.libraries == libraries
    }

    /// The renderer as the message about tolerance names it: `infowin 0.3.0 (cairo 1.16.0, pango 1.50.12)`,
    /// with the build's commit and code when `other` has the same version (else nothing would tell them apart).
    package func rendererName(beside other: Fingerprint?) -> String {
        var name = "infowin \(infowin)"
        if let other, other.infowin == infowin {
            name += " " + (build.map { $0.split(separator: " ").dropFirst().joined(separator: " ") } ?? "(an unnamed build)")
        }
        return name + " (cairo \(libraries.cairo), pango \(libraries.pango))"
    }

    /// 16 hexadecimal digits of the FNV-1a hash of `bytes`: stable across machines and runs.
    package static func digest<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let digits = String(fnv1a(bytes), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Sentences saying how this (actual) fingerprint differs from the one `golden` was made with, causes
    /// of change in the order people look for them: the scale, the icon and photo files, the fonts, the
    /// map tiles, the catalog's keys, the spec's keys, then the libraries (the layout is told by the layout report itself, in more detail).
    /// A golden that lists no image files cannot say which changed: none is named then.
    package func differences(from golden: Fingerprint) -> [String] {
        var changes: [String] = []
        if let goldenImages = golden.images {
            changes += Self.fileChanges(
                old: goldenImages.map { ("\($0.kind.rawValue) \($0.name)", $0.hash) },
                new: (images ?? []).map { ("\($0.kind.rawValue) \($0.name)", $0.hash) })
        }
        changes += Self.fileChanges(old: golden.fonts.map { ("font \($0.name)", $0.hash) }, new: fonts.map { ("font \($0.name)", $0.hash) })
        if golden.tiles != tiles {
            changes.append(tiles == nil || golden.tiles == nil ? "the map tiles were added or removed" : "map tiles changed")
        }
        if golden.basemapStyle != basemapStyle {
            changes.append(basemapStyle == nil || golden.basemapStyle == nil ? "the basemap was added or removed" : "basemap style changed")
        }
        if golden.basemapTiles != basemapTiles, basemapTiles != nil, golden.basemapTiles != nil {
            changes.append("basemap tiles changed")
        }
        // The catalog's strings, then the spec's own keys, after the files it reads (a changed icon is said
        // before the key naming it).
        if let old = golden.catalogKeys, let new = catalogKeys, let change = SpecKeyDigests.change(golden: old, actual: new, noun: "catalog key") {
            changes.append(change)
        }
        if let old = golden.specKeys, let new = specKeys, let change = SpecKeyDigests.change(golden: old, actual: new) {
            changes.append(change)
        }
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
        return changes
    }

    /// `icon icons/cup@2x.png changed`, `font X.ttf is used now but was not when the golden was made`, …
    /// for input files named (kind and name) with their hashes.
    private static func fileChanges(old: [(name: String, hash: String)], new: [(name: String, hash: String)]) -> [String] {
        let before = Dictionary(old, uniquingKeysWith: { first, _ in first }), after = Set(new.map(\.name))
        var changes: [String] = []
        for file in new {
            guard let hash = before[file.name] else {
                changes.append("\(file.name) is used now but was not when the golden was made")
                continue
            }
            if hash != file.hash { changes.append("\(file.name) changed") }
        }
        for file in old where !after.contains(file.name) {
            changes.append("\(file.name) made the golden but is not used now")
        }
        return changes
    }
}

/// A font file's name and a hash of its bytes.
package struct FontFileHash: Hashable, Sendable {
    /// The file name, without its folder (folders differ between machines).
    package let name: String
    /// 32 hexadecimal digits hashing the file's bytes (`ContentHash.ofFile`).
    package let hash: String
}
