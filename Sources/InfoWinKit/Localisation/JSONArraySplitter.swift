/// The elements of a top-level JSON array found by a byte scan (strings and nesting followed, nothing
/// built), so that a data file's rows can be parsed one at a time and counted before any is: a 30 MB
/// array of `{}` cost 830 MB parsed whole.
enum JSONArraySplitter {
    /// The byte ranges of the array's elements, at most `limit + 1` of them (one more than the limit says
    /// there are too many); nil when `bytes` is not a well-formed array at this level, for the parser to
    /// say what is wrong.
    static func elements(of bytes: [UInt8], limit: Int) -> [Range<Int>]? {
        var position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while position < bytes.count && DataRows.isSpace(bytes[position]) { position += 1 }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "[") else { return nil }
        position += 1
        var ranges: [Range<Int>] = []
        var start = position, depth = 0, inString = false, escaped = false, sawValue = false
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true; sawValue = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; sawValue = true
            case UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: "]") where depth == 0:
                if sawValue { ranges.append(start..<position - 1) } else if !ranges.isEmpty { return nil }
                return bytes[position...].allSatisfy(DataRows.isSpace) ? ranges : nil
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                guard sawValue else { return nil }
                ranges.append(start..<position - 1)
                if ranges.count > limit { return ranges }
                start = position
                sawValue = false
            default:
                if !DataRows.isSpace(byte) { sawValue = true }
            }
            if depth < 0 { return nil }
        }
        return nil
    }
}
