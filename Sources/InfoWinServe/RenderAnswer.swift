import Graphics
import HTTPServer
import InfoWinKit

/// A render's answer: the image (or `{ "image", "layout" }`), a strong ETag from the render's input hash
/// (`infowin:inputs`: every input of the render, of which the output is a function: deterministic), and
/// the cache headers; `304`, without drawing, when the client's `If-None-Match` holds that tag.
enum RenderAnswer {
    static let cacheControl = HTTPHeaderField("Cache-Control", "public, max-age=86400")

    static func response(
        _ prepared: PreparedRender, renderer: Renderer, choice: OutputChoice, ifNoneMatch: String?, extra: [HTTPHeaderField]
    ) throws(InfoWinError) -> HTTPResponse {
        let type = choice.withLayout ? "application/json" : OutputChoice.mediaType(prepared.options.format)
        let tag = entityTag(type: type, inputs: prepared.inputs)
        let headers = [HTTPHeaderField("ETag", tag), cacheControl, HTTPHeaderField("Vary", "Accept")] + extra
        if let ifNoneMatch, matches(ifNoneMatch, tag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        let result = try renderer.render(prepared)
        let body = choice.withLayout
            ? Array("{\"image\": \"\(Base64.encode(result.bytes))\", \"layout\": \(result.report.text)}\n".utf8)
            : result.bytes
        return HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", type)] + headers, body: body)
    }

    /// A hash of the answer's type and the render's input hash, which covers the format, quality, scale
    /// and selection asked for.
    static func entityTag(type: String, inputs: String) -> String {
        "\"" + String(SHA256.hex(Array((type + "\n" + inputs).utf8)).prefix(32)) + "\""
    }

    /// True when `header` (a list of tags, or `*`) holds `tag`, compared weakly as RFC 9110 says for
    /// `If-None-Match`.
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").map { $0.trimmingSpaces }.contains { item in
            item == "*" || item == tag || (item.hasPrefix("W/") && String(item.dropFirst(2)) == tag)
        }
    }
}
