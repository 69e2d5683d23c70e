import Graphics
import InfoWinCheck
import InfoWinKit

/// `infowin version [--json] [--font FILE…] [--hermetic-fonts]`.
struct VersionCommand: Command {
    static let name = "version"
    static let summary = "print the version, the commit, the C libraries' versions and the default fonts"
    static let usage = "infowin version [--json] [--font FILE…] [--hermetic-fonts]"
    static let discussion = """
        Prints what golden images depend on: infowin's version and the commit it was built from (as
        `infowin --version` does), the versions of Cairo, Pango, HarfBuzz, FreeType, fontconfig and libpng
        as this process loaded them, and the faces the looks' default family (Inter) resolves to, each with
        the SHA-256 of its file. With --font and --hermetic-fonts (or a config file's fonts) the faces are
        those a pinned render uses. --json prints { "version", "commit", "libraries": { "cairo", "pango",
        "harfbuzz", "freetype", "fontconfig", "libpng" }, "fonts": [ { "family", "style", "file",
        "hash" } ] }.
        """
    static let options = [
        OptionSpec(names: ["--json"], valueName: nil, help: "print one JSON object instead of lines"),
    ] + FontOptions.pinning

    let json: Bool
    let fonts: FontSetup

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.expectNoPositionals { "version takes no arguments, got \($0)" }
        json = arguments.flags.contains("--json")
        fonts = try FontOptions.setup(arguments)
    }

    func run() -> ExitStatus {
        let report: VersionReport
        do {
            report = try VersionReport(fonts: fonts)
        } catch {
            Console.error(error.message)
            return .failure
        }
        if json {
            Console.document(report.json)
        } else {
            report.lines.forEach(Console.print)
        }
        return .success
    }
}
