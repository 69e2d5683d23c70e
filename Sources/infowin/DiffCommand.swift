import InfoWinCheck
import InfoWinKit

/// `infowin diff EXPECTED.png ACTUAL.png [--diff D.png] [--threshold T] [--max-diff-pixels N] [--max-diff-ratio R]`.
struct DiffCommand: Command {
    static let name = "diff"
    static let summary = "compare two PNG images, telling anti-aliasing from real changes"
    static let usage = "infowin diff EXPECTED.png ACTUAL.png [--diff D.png] [--threshold T] [--max-diff-pixels N] [--max-diff-ratio R]"
    static let discussion = """
        Compares two images pixel by pixel by perceived colour (YIQ distance, as pixelmatch): pixels closer
        than the threshold are equal, and a changed pixel on an anti-aliased edge of either image is not
        counted. Transparency counts: a pixel that turns transparent has changed, whatever its colour.
        Exit status 0 when equal within the tolerance, 1 when different (the sizes differ, or more pixels
        differ than allowed), 2 when a file cannot be read as PNG. --diff writes a picture of the difference
        when the images differ beyond the tolerance (and their sizes agree): unchanged pixels faded grey,
        changed ones red, anti-aliasing ones yellow.
        """
    static let options = [
        OptionSpec(names: ["--diff"], valueName: "D.png", help: "write the difference image here when the images differ"),
    ] + CommonOptions.toleranceOptions

    let expected: String
    let actual: String
    let diffPath: String?
    let tolerance: DiffTolerance

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 2 else {
            throw UsageError(message: "expected two images, EXPECTED.png and ACTUAL.png; got \(arguments.positionals.count)")
        }
        expected = arguments.positionals[0]
        actual = arguments.positionals[1]
        diffPath = arguments.value("--diff")
        if let diffPath, let input = [expected, actual].first(where: { Path.sameFile($0, diffPath) }) {
            throw UsageError(message: "--diff '\(diffPath)' is the image '\(input)': it would be overwritten")
        }
        tolerance = try CommonOptions.tolerance(arguments)
    }

    func run() -> ExitStatus {
        let comparison: ImageFileComparison
        do {
            comparison = try ImageFileComparison(
                expected: try read(expected), actual: try read(actual), expectedName: expected, actualName: actual,
                tolerance: tolerance, withImage: diffPath != nil)
        } catch {
            Console.error("cannot compare: \(error.message)")
            return .usage
        }
        if let diffPath, !comparison.passes, let image = comparison.diff?.image {
            do {
                try OutputWriter.write([OutputFile(path: diffPath, bytes: try image.pngData())])
            } catch {
                Console.error(error.message)
                return .failure
            }
        }
        Console.print(comparison.verdict)
        return comparison.passes ? .success : .failure
    }

    private func read(_ path: String) throws(InfoWinError) -> [UInt8] {
        do {
            return try FileSystem.read(path, limit: 512 << 20)
        } catch {
            throw .io(file: path, message: "cannot read: \(error.reason)")
        }
    }
}
