/// The registry of output formats: every place that lists, names or picks a format (the CLI's `--format`
/// and `-o`, serve's `format` and `Accept`, the renderer) asks it rather than switching over formats.
package enum ImageEncoders {
    /// The formats infowin writes, in the order lists name them: a new format is one line here.
    static let builtIn: [any ImageEncoder] = [PNGOutput(), JPEGOutput(), WebPOutput(), SVGOutput(), PDFOutput()]

    /// Encoders registered for the current task only (a test's dummy format), after the built-in ones.
    @TaskLocal private static var added: [any ImageEncoder] = []

    /// Runs `body` with `encoders` registered beside the built-in ones, for this task and what it calls.
    static func withRegistered<Result>(_ encoders: [any ImageEncoder], _ body: () throws -> Result) rethrows -> Result {
        try $added.withValue(added + encoders, operation: body)
    }

    /// Every registered encoder, in the order lists name them.
    package static var all: [any ImageEncoder] { builtIn + added }

    /// The encoder of `format`, which exists: a format is only made from a registered encoder.
    static func encoder(for format: OutputFormat) -> any ImageEncoder {
        guard let encoder = all.first(where: { $0.format == format }) else {
            preconditionFailure("the format \(format.rawValue) is not registered")
        }
        return encoder
    }

    /// The encoder called `name` or one of its aliases, in any case (`--format`, serve's `format`).
    package static func encoder(named name: String) -> (any ImageEncoder)? {
        let name = name.lowercased()
        return all.first { $0.format.rawValue == name || $0.aliases.contains(name) }
    }

    /// The encoder whose files take the extension `ext` (without the dot), in any case.
    package static func encoder(forExtension ext: String) -> (any ImageEncoder)? {
        let ext = ext.lowercased()
        return all.first { $0.fileExtensions.contains(ext) }
    }

    /// The encoder whose media type is `type` (lower case), for `Accept`.
    package static func encoder(forMediaType type: String) -> (any ImageEncoder)? {
        all.first { $0.mediaType == type }
    }

    /// The formats' names for messages: `png, jpeg, webp, svg or pdf`.
    package static var names: String { list(all.map(\.format.rawValue), "or") }

    /// Every extension a format is known by, for messages: `.png, .jpg, .jpeg, .webp, .svg or .pdf`.
    package static var extensions: String { list(all.flatMap(\.fileExtensions).map { "." + $0 }, "or") }

    /// The formats `--quality` applies to, for messages: `JPEG and WebP`.
    package static var takingQuality: String { list(all.filter(\.takesQuality).map(\.displayName), "and") }

    /// `a, b or c` (or `and`).
    private static func list(_ items: [String], _ conjunction: String) -> String {
        items.dropLast().joined(separator: ", ") + (items.count > 1 ? " \(conjunction) " : "") + (items.last ?? "")
    }
}
