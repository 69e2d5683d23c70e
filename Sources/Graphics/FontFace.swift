import CPango

/// A face fontconfig chose: its family and style names (`Inter`, `SemiBold`) and its file.
package struct FontFace: Hashable, Sendable {
    /// The family's name, the first fontconfig gives (the font's English name).
    package let family: String
    /// The style's name, as the font names it.
    package let style: String
    /// The font file's path.
    package let file: String

    /// The first string value of `key` in a fontconfig pattern.
    static func string(_ key: String, in pattern: OpaquePointer?) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, key, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
    }
}
