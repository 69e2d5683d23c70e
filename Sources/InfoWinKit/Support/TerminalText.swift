/// Text made safe to print on a terminal or into a log: a file name, tile template or spec text can hold
/// a line break (which could forge a line such as GitHub's `::error`), an escape sequence or a bidi
/// override, so every such character is shown as an escape instead of acting.
package enum TerminalText {
    /// `text` with control characters escaped: `\n`, `\r` and `\t` as those two-character escapes, other
    /// C0 and C1 controls, DEL, U+2028, U+2029 and the bidi controls (U+061C, U+200E, U+200F,
    /// U+202A–U+202E, U+2066–U+2069) as `\u{…}`; everything else as it is.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var output = ""
        output.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where needsEscape(scalar): output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
