import InfoWinKit

/// `--format`, `--quality` and lists of scales: which files a render writes, with their checks.
enum OutputOptions {
    static let format = OptionSpec(
        names: ["--format"], valueName: "F",
        help: "\(ImageEncoders.names) (default: the output's extension; png for - and pipes)")
    static let quality = OptionSpec(
        names: ["--quality"], valueName: "Q", help: "\(ImageEncoders.takingQuality) quality, 1 to 100 (default 90; WebP at 100 is lossless)")

    /// `--format`, checked; nil when not given.
    static func format(_ arguments: ParsedArguments) throws(UsageError) -> OutputFormat? {
        guard let text = arguments.value("--format") else { return nil }
        guard let encoder = ImageEncoders.encoder(named: text) else {
            throw UsageError(message: "--format: expected \(ImageEncoders.names), got '\(text)'")
        }
        return encoder.format
    }

    /// The format of the file at `output`: its extension's, which `--format` may repeat but not contradict;
    /// `--format`, else PNG, for standard output and pipes; an extension infowin does not write is an error.
    /// A folder is left for the writer to refuse, as it refuses any path it cannot write.
    static func format(_ arguments: ParsedArguments, output: String) throws(UsageError) -> OutputFormat {
        let asked = try format(arguments)
        if output == "-" || FileSystem.isStream(output) || FileSystem.isFolder(output) { return asked ?? .png }
        guard let named = OutputFormat(extensionOf: output) else {
            let name = Path.lastComponent(of: output)
            let problem = name.dropFirst().contains(".") ? "unknown image extension" : "no extension to tell the format by"
            throw UsageError(message: "-o '\(output)': \(problem); use \(ImageEncoders.extensions)")
        }
        if let asked, asked != named {
            throw UsageError(message: "--format \(asked.rawValue) contradicts -o '\(output)', a .\(named.fileExtension) file")
        }
        return named
    }

    /// `--quality`, checked (default 90); only some formats have one (JPEG and WebP), so with another
    /// `format` it is refused rather than silently ignored.
    static func quality(_ arguments: ParsedArguments, format: OutputFormat) throws(UsageError) -> Int {
        guard let text = arguments.value("--quality") else { return 90 }
        guard format.encoder.takesQuality else {
            throw UsageError(message: "--quality applies to \(ImageEncoders.takingQuality) only, and this writes \(format.encoder.displayName)")
        }
        guard let value = Int(text), (1...100).contains(value) else {
            throw UsageError(message: "--quality: expected a whole number from 1 to 100, got '\(text)'")
        }
        return value
    }

    /// `--scale` as a list of whole scales (`1,2,3`), each written to its own file; nil when `--scale` is
    /// absent or one number (which `CommonOptions.settings` reads).
    static func scaleList(_ arguments: ParsedArguments) throws(UsageError) -> [Int]? {
        guard let text = arguments.value("--scale"), text.contains(",") else { return nil }
        var scales: [Int] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let scale = Int(item), (1...4).contains(scale) else {
                throw UsageError(message: "--scale: expected whole numbers from 1 to 4 separated by commas (like 1,2,3), got '\(text)'")
            }
            guard !scales.contains(scale) else { throw UsageError(message: "--scale: \(scale) is given twice in '\(text)'") }
            scales.append(scale)
        }
        return scales
    }
}
