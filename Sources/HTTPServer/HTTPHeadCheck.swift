/// A request's head judged before libmicrohttpd reads it (RFC 9112 §2–§7, strictly): whatever MHD would
/// answer with one of its own HTML error pages is answered here instead, as problem+json. The bytes are
/// only looked at (peeked): a head judged sound is read by MHD itself.
package enum HTTPHeadCheck {
    /// What the bytes seen so far make of a request.
    package enum Verdict {
        /// The head (and, for a chunked body, its first chunk line) is not all there yet.
        case incomplete
        /// Sound: MHD may read it.
        case sound
        /// Refused with this answer.
        case refused(HTTPResponse)
    }

    /// The longest chunk line (size and extensions) taken: MHD answers a longer one 500.
    package static let chunkLineLimit = 4096

    /// Judges `bytes`, the start of what a client sent, against a head of at most `limit` bytes (once that
    /// many are there, no more is waited for).
    package static func judge(_ bytes: ArraySlice<UInt8>, limit: Int) -> Verdict {
        let full = bytes.count >= limit
        var start = bytes.startIndex
        // RFC 9112 §2.2: empty lines before the request line are ignored.
        while start < bytes.endIndex, bytes[start] == 13 || bytes[start] == 10 { start += 1 }
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = start
        var headEnd: Int?
        var index = start
        while index < bytes.endIndex {
            if bytes[index] == 10 {
                var line = bytes[lineStart..<index]
                if line.last == 13 { line = line.dropLast() }
                if line.isEmpty { headEnd = index + 1; break }
                lines.append(line)
                lineStart = index + 1
            }
            index += 1
        }
        guard let headEnd else {
            guard full else { return .incomplete }
            return lines.isEmpty
                ? .refused(.problem(414, "the request line is longer than \(limit) bytes"))
                : .refused(.problem(431, "the request head is larger than \(limit) bytes"))
        }
        if headEnd - bytes.startIndex > limit { return .refused(.problem(431, "the request head is larger than \(limit) bytes")) }
        if let refusal = refusal(lines) { return .refused(refusal) }
        let fields = lines.dropFirst().map(field)
        if let refusal = HTTPFraming.refusal(of: fields) { return .refused(refusal) }
        let isChunked = fields.contains { HTTPHeaderField.folded($0.name) == "transfer-encoding" }
        guard isChunked, !fields.contains(where: { HTTPHeaderField.folded($0.name) == "expect" }) else { return .sound }
        return firstChunk(bytes[headEnd...])
    }

    /// The refusal of a head's lines (request line first), or nil when they are sound.
    private static func refusal(_ lines: [ArraySlice<UInt8>]) -> HTTPResponse? {
        let parts = lines[0].split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte), !parts[1].isEmpty,
              parts[1].allSatisfy({ $0 > 32 && $0 != 127 })
        else { return .problem(400, "the request line is not METHOD TARGET HTTP-VERSION") }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            let looksLikeVersion = version.hasPrefix("HTTP/") && version.count == 8
            return looksLikeVersion
                ? .problem(505, "HTTP version \(printable(version)) is not supported: this server speaks HTTP/1.1 and HTTP/1.0")
                : .problem(400, "the request line ends in \(printable(version)), not an HTTP version")
        }
        for line in lines.dropFirst() {
            if line.first == 32 || line.first == 9 {
                return .problem(400, "a header field is folded over lines (obsolete line folding, RFC 9112 section 5.2)")
            }
            guard let colon = line.firstIndex(of: 58), colon > line.startIndex, line[..<colon].allSatisfy(isTokenByte) else {
                return .problem(400, "the header line \(printable(String(decoding: line.prefix(40), as: UTF8.self))) is not NAME: VALUE")
            }
            if line[colon...].contains(where: { ($0 < 32 && $0 != 9) || $0 == 127 }) {
                return .problem(400, "the header field \(printable(String(decoding: line[..<colon], as: UTF8.self))) holds a control character")
            }
        }
        let fields = lines.dropFirst().map(field)
        let hosts = fields.filter { HTTPHeaderField.folded($0.name) == "host" }.count
        if hosts > 1 || (hosts == 0 && version == "HTTP/1.1") {
            return .problem(400, hosts > 1 ? "the request has more than one Host header field" : "an HTTP/1.1 request needs a Host header field")
        }
        for length in fields where HTTPHeaderField.folded(length.name) == "content-length" {
            guard !length.value.isEmpty, length.value.count <= 18, length.value.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return .problem(400, "Content-Length is \(printable(length.value)), not a number of bytes")
            }
        }
        return nil
    }

    /// A chunked body's first chunk line: its size in hexadecimal, and extensions within the limit.
    private static func firstChunk(_ body: ArraySlice<UInt8>) -> Verdict {
        guard let end = body.firstIndex(of: 10) else {
            return body.count > chunkLineLimit ? .refused(chunkLineTooLong) : .incomplete
        }
        guard end - body.startIndex <= chunkLineLimit else { return .refused(chunkLineTooLong) }
        let size = body[..<end].prefix { isHexDigit($0) }
        guard !size.isEmpty, size.count <= 15 else {
            return .refused(.problem(400, "the body's first chunk does not start with its size in hexadecimal"))
        }
        return .sound
    }

    private static let chunkLineTooLong = HTTPResponse.problem(
        400, "a chunk line (its size and extensions) is longer than \(chunkLineLimit) bytes")

    /// A header line as a field: the name before the colon, the value trimmed.
    private static func field(_ line: ArraySlice<UInt8>) -> HTTPHeaderField {
        guard let colon = line.firstIndex(of: 58) else { return HTTPHeaderField(String(decoding: line, as: UTF8.self), "") }
        let value = line[(colon + 1)...].drop { $0 == 32 || $0 == 9 }
        let trimmed = value.reversed().drop { $0 == 32 || $0 == 9 }.reversed()
        return HTTPHeaderField(String(decoding: line[..<colon], as: UTF8.self), String(decoding: trimmed, as: UTF8.self))
    }

    /// RFC 9110's `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122: true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
    }

    /// `text` quoted, anything but printable ASCII shown as `?`, at most 40 characters.
    static func printable(_ text: String) -> String {
        "'" + String(String.UnicodeScalarView(text.unicodeScalars.prefix(40).map { (0x20..<0x7F).contains($0.value) ? $0 : "?" })) + "'"
    }
}
