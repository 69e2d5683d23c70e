import Graphics
import HTTPServer
import InfoWinKit

/// A render's answer: the image (or `{ "image", "layout" }`), a strong ETag from a hash of every input
/// of the render (the output is a function of them alone: deterministic), and the cache headers; `304`
/// when the client's `If-None-Match` holds that tag.
enum RenderAnswer {
    static let cacheControl = HTTPHeaderField("Cache-Control", "public, max-age=86400")

    static func response(_ result: RenderResult, choice: OutputChoice, ifNoneMatch: String?, extra: [HTTPHeaderField]) -> HTTPResponse {
        let type = choice.withLayout ? "application/json" : OutputChoice.mediaType(result.format)
        let body = choice.withLayout
            ? Array("{\"image\": \"\(Base64.encode(result.bytes))\", \"layout\": \(result.report.text)}\n".utf8)
            : result.bytes
        let tag = entityTag(type: type, result: result, body: body)
        let headers = [HTTPHeaderField("ETag", tag), cacheControl, HTTPHeaderField("Vary", "Accept")] + extra
        if let ifNoneMatch, matches(ifNoneMatch, tag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        return HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", type)] + headers, body: body)
    }

    /// A hash of the answer's type, the render's fingerprint (infowin's and the libraries' versions, the
    /// fonts' and tiles' hashes) and the bytes the spec and its assets made.
    static func entityTag(type: String, result: RenderResult, body: [UInt8]) -> String {
        let fingerprint = result.fingerprint.textEntries.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
        return "\"" + String(SHA256.hex(Array((type + "\n" + fingerprint + "\n").utf8) + body).prefix(32)) + "\""
    }

    /// True when `header` (a list of tags, or `*`) holds `tag`, compared weakly as RFC 9110 says for
    /// `If-None-Match`.
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").map { $0.trimmingSpaces }.contains { item in
            item == "*" || item == tag || (item.hasPrefix("W/") && String(item.dropFirst(2)) == tag)
        }
    }
}
