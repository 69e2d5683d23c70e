import CCairo
import CPango

/// The versions of the C libraries that shape and draw, as a golden image's fingerprint records them.
public struct LibraryVersions: Hashable, Sendable {
    /// Cairo, at run time.
    public let cairo: String
    /// Pango, at run time.
    public let pango: String
    /// HarfBuzz, at run time.
    public let harfbuzz: String
    /// FreeType, as built against.
    public let freetype: String

    /// Makes a record of versions.
    public init(cairo: String, pango: String, harfbuzz: String, freetype: String) {
        self.cairo = cairo
        self.pango = pango
        self.harfbuzz = harfbuzz
        self.freetype = freetype
    }

    /// The versions in this process.
    public static var current: LibraryVersions {
        LibraryVersions(
            cairo: String(cString: cairo_version_string()), pango: String(cString: pango_version_string()),
            harfbuzz: String(cString: hb_version_string()),
            freetype: "\(FREETYPE_MAJOR).\(FREETYPE_MINOR).\(FREETYPE_PATCH)")
    }
}
