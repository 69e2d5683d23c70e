import InfoWinKit

/// Links in HTML reports and Markdown summaries: always a path (`./` first when relative, so no name can
/// read as a URL scheme such as `javascript:`; one `/` first when absolute, so none can read as a host),
/// each segment percent-encoded as RFC 3986 path segments are, keeping only the unreserved characters
/// (letters, digits, `-`, `.`, `_`, `~`) as they are.
enum ReportLink {
    /// The link to `path`, a path relative to the report's folder (or an absolute path, kept absolute).
    static func href(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return "/" + path.split(separator: "/").map(encode).joined(separator: "/") }
        return "./" + path.split(separator: "/", omittingEmptySubsequences: false).map(encode).joined(separator: "/")
    }

    private static func encode(_ segment: Substring) -> String {
        var output = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                output += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return output
    }
}
