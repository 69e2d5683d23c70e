import HTTPServer
import InfoWinKit

/// What a request asks of the image, beside its spec: `format` (or `Accept`), `scale`, `select`,
/// `quality` and `layout=1`.
struct OutputChoice: Sendable, Equatable {
    var format: OutputFormat = .png
    var scale: Double?
    var select: String?
    var quality: Int?
    /// Answer `{ "image": base64, "layout": report }` instead of the image.
    var withLayout = false

    /// The parameters this type reads; a reader of other parameters skips them.
    static let names: Set<String> = ["format", "scale", "select", "quality", "layout"]

    /// The choice `parameters` and the `Accept` header make; a wrong value is a 400 naming the parameter.
    init(_ parameters: [QueryParameter], accept: String?) throws(Problem) {
        var formatGiven = false
        for parameter in parameters {
            switch parameter.name {
            case "format":
                guard let format = Self.format(named: parameter.value) else {
                    throw Problem(400, "format: expected \(ImageEncoders.names), got \(JSONWriter.quoted(parameter.value))")
                }
                self.format = format
                formatGiven = true
            case "scale":
                guard let scale = Double(parameter.value), scale.isFinite, (1...4).contains(scale) else {
                    throw Problem(400, "scale: expected a number from 1 to 4, got \(JSONWriter.quoted(parameter.value))")
                }
                self.scale = scale
            case "select":
                guard !parameter.value.isEmpty else { throw Problem(400, "select: expected a marker id, got an empty one") }
                select = parameter.value
            case "quality":
                guard let quality = Int(parameter.value), (1...100).contains(quality) else {
                    throw Problem(400, "quality: expected a whole number from 1 to 100, got \(JSONWriter.quoted(parameter.value))")
                }
                self.quality = quality
            case "layout":
                switch parameter.value {
                case "1", "true", "": withLayout = true
                case "0", "false": withLayout = false
                default: throw Problem(400, "layout: expected 1 or 0, got \(JSONWriter.quoted(parameter.value))")
                }
            default:
                continue
            }
        }
        if !formatGiven, let accept, let format = Self.format(accepting: accept) { self.format = format }
    }

    /// Google's Static Maps spellings of our formats, beside the names and aliases of the registry.
    private static let googleSpellings = ["png8": "png", "png32": "png", "jpg-baseline": "jpeg"]

    /// `png`, `jpeg`, …; Google's spellings too (`png8`, `png32`, `jpg`, `jpg-baseline`).
    static func format(named name: String) -> OutputFormat? {
        let name = name.lowercased()
        return ImageEncoders.encoder(named: googleSpellings[name] ?? name)?.format
    }

    /// The media type of `format`.
    static func mediaType(_ format: OutputFormat) -> String {
        format.encoder.mediaType
    }

    /// The format `Accept` prefers most (highest `q`, then first), or nil when it names none of ours
    /// (a wildcard keeps the default, PNG).
    static func format(accepting accept: String) -> OutputFormat? {
        var best: (format: OutputFormat?, q: Double)?
        for item in accept.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingSpaces.lowercased() }
            guard let type = parts.first else { continue }
            let q = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            guard q > 0, q.isFinite else { continue }
            let format: OutputFormat?? = type == "*/*" || type == "image/*"
                ? .some(nil) : ImageEncoders.encoder(forMediaType: type).map { .some($0.format) }
            guard let format, q > (best?.q ?? 0) else { continue }
            best = (format, q)
        }
        return best?.format
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
