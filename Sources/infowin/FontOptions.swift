import Graphics
import InfoWinKit

/// `--font FILE…` and `--hermetic-fonts`: the fonts a render is pinned to, as every rendering command and
/// `version` take them (the project config file's `fonts` becomes them).
enum FontOptions {
    /// The two options, as `CommonOptions.layout` declares them.
    static let pinning = CommonOptions.layout.filter { ["--font", "--hermetic-fonts"].contains($0.key) }

    /// The `--font` files as real paths, each checked to be a file.
    static func files(_ arguments: ParsedArguments) throws(UsageError) -> [String] {
        var fonts: [String] = []
        for font in arguments.values["--font"] ?? [] {
            guard let real = FileSystem.realPath(font), FileSystem.isRegularFile(real) else {
                throw UsageError(message: "--font: '\(font)' is not a font file")
            }
            fonts.append(real)
        }
        return fonts
    }

    /// The font setup `--font` and `--hermetic-fonts` ask for.
    static func setup(_ arguments: ParsedArguments) throws(UsageError) -> FontSetup {
        FontSetup(files: try files(arguments), hermetic: arguments.flags.contains("--hermetic-fonts"))
    }
}
