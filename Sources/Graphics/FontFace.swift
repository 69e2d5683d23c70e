import CPango

/// A face fontconfig chose: its family and style names (`Inter`, `SemiBold`) and its file.
package struct FontFace: Hashable, Sendable {
    /// The family's name, the first fontconfig gives (the font's English name).
    package let family: String
    /// The style's name, as the font names it.
    package let style: String
    /// The font file's path.
    package let file: String
    /// How fontconfig's rules say the face is drawn, after substitution (`embolden=true antialias=true
    /// hinting=false hintstyle=0 autohint=false rgba=0 lcdfilter=1 matrix=1,0,0,1`, `-` for a property the
    /// pattern lacks): a rule that emboldens, turns off antialiasing or skews changes the pixels drawn with
    /// the same file, so the input hash takes this in.
    package var rendering = ""

    /// `rendering` as read from a face's fully resolved fontconfig pattern.
    static func rendering(in pattern: OpaquePointer?) -> String {
        var parts: [String] = []
        for key in [FC_EMBOLDEN, FC_ANTIALIAS, FC_HINTING, FC_AUTOHINT] {
            var value: FcBool = 0
            parts.append("\(key)=" + (FcPatternGetBool(pattern, key, 0, &value) == FcResultMatch ? (value != 0 ? "true" : "false") : "-"))
        }
        for key in [FC_HINT_STYLE, FC_RGBA, FC_LCD_FILTER] {
            var value: Int32 = 0
            parts.append("\(key)=" + (FcPatternGetInteger(pattern, key, 0, &value) == FcResultMatch ? String(value) : "-"))
        }
        var matrix: UnsafeMutablePointer<FcMatrix>?
        if FcPatternGetMatrix(pattern, FC_MATRIX, 0, &matrix) == FcResultMatch, let matrix {
            let m = matrix.pointee
            parts.append("matrix=\(m.xx),\(m.xy),\(m.yx),\(m.yy)")
        } else {
            parts.append("matrix=-")
        }
        return parts.joined(separator: " ")
    }

    /// The first string value of `key` in a fontconfig pattern.
    static func string(_ key: String, in pattern: OpaquePointer?) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, key, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
    }
}
