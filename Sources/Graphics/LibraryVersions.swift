import CCairo
import CPango

/// The versions of the C libraries that shape and draw, read from the libraries themselves at run time,
/// as a golden image's fingerprint records them.
package struct LibraryVersions: Hashable, Sendable {
    /// Cairo.
    package let cairo: String
    /// Pango.
    package let pango: String
    /// HarfBuzz.
    package let harfbuzz: String
    /// FreeType.
    package let freetype: String

    /// Makes a record of versions.
    package init(cairo: String, pango: String, harfbuzz: String, freetype: String) {
        self.cairo = cairo
        self.pango = pango
        self.harfbuzz = harfbuzz
        self.freetype = freetype
    }

    /// The versions in this process, read once.
    package static let current = LibraryVersions(
        cairo: String(cString: cairo_version_string()), pango: String(cString: pango_version_string()),
        harfbuzz: String(cString: hb_version_string()), freetype: freeTypeVersion())

    /// FreeType's own answer (a library opened and closed for it); the headers' version if none can be opened.
    private static func freeTypeVersion() -> String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            return "\(FREETYPE_MAJOR).\(FREETYPE_MINOR).\(FREETYPE_PATCH)"
        }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}

/// Every C library a render's pixels depend on, as `infowin version` and `infowin doctor` show them: the
/// drawing ones a fingerprint records, then fontconfig (which picks the fonts) and libpng.
package struct LinkedLibraries: Sendable {
    /// Cairo, Pango, HarfBuzz and FreeType.
    package let drawing: LibraryVersions
    /// fontconfig.
    package let fontconfig: String
    /// libpng.
    package let libpng: String

    /// The versions in this process, read once.
    package static let current = LinkedLibraries(
        drawing: .current, fontconfig: dotted(Int(FcGetVersion())), libpng: dotted(Int(png_access_version_number())))

    /// Every library by the name `infowin version --json` gives it, in that order.
    package var named: [(name: String, version: String)] {
        [("cairo", drawing.cairo), ("pango", drawing.pango), ("harfbuzz", drawing.harfbuzz), ("freetype", drawing.freetype),
         ("fontconfig", fontconfig), ("libpng", libpng)]
    }

    /// `21401` → `2.14.1`: fontconfig's and libpng's versions as numbers (major × 10000 + minor × 100 + patch).
    private static func dotted(_ number: Int) -> String {
        "\(number / 10000).\(number / 100 % 100).\(number % 100)"
    }
}
