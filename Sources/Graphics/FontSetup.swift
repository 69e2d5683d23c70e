/// Which fonts a render may use: extra font files, and whether the machine's fonts are left out.
package struct FontSetup: Hashable, Sendable {
    /// Absolute paths of font files added for this render.
    package var files: [String]
    /// True: only `files` are used, never the machine's fonts.
    package var hermetic: Bool

    /// The machine's fonts and nothing else.
    package static let system = FontSetup(files: [], hermetic: false)

    /// Makes a setup from font files and the hermetic flag.
    package init(files: [String], hermetic: Bool) {
        self.files = files
        self.hermetic = hermetic
    }
}
