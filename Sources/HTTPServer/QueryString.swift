/// One `name=value` pair of a query string, decoded.
package struct QueryParameter: Sendable, Equatable {
    package var name: String
    package var value: String

    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// The query string of a URL (`application/x-www-form-urlencoded`, as browsers and Google's URL builders
/// write it): pairs split on `&`, `+` is a space, `%HH` a byte; bytes that are not UTF-8 become U+FFFD.
/// Any input gives pairs, never a failure: what a pair means is for its reader to judge.
package enum QueryString {
    /// The most pairs read; the rest are dropped (a URL that long is refused by the server's memory limit
    /// well before).
    package static let pairLimit = 10_000

    package static func parse(_ query: String) -> [QueryParameter] {
        var pairs: [QueryParameter] = []
        for piece in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            guard pairs.count < pairLimit else { break }
            if let equals = piece.firstIndex(of: UInt8(ascii: "=")) {
                pairs.append(QueryParameter(decode(piece[..<equals]), decode(piece[piece.index(after: equals)...])))
            } else {
                pairs.append(QueryParameter(decode(piece[...]), ""))
            }
        }
        return pairs
    }

    /// `text` with `+` and `%HH` decoded; a `%` not followed by two hex digits stays as it is.
    package static func decode<Bytes: Collection>(_ text: Bytes) -> String where Bytes.Element == UInt8 {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var index = text.startIndex
        while index != text.endIndex {
            let byte = text[index]
            index = text.index(after: index)
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index != text.endIndex, let high = hexValue(text[index]) {
                let next = text.index(after: index)
                if next != text.endIndex, let low = hexValue(text[next]) {
                    bytes.append(high << 4 | low)
                    index = text.index(after: next)
                } else {
                    bytes.append(byte)
                }
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
