import Foundation
import InfoWinTestSupport
import SpecGenerator
import Testing

/// Generated specs through the command line: `batch` gives the same files, byte for byte, at `--jobs 1`
/// and `--jobs 4`, and `validate` accepts every spec that `batch` renders.
@Suite("generated specs through batch and validate")
struct GeneratedBatchTests {
    @Test("300 generated specs: the same bytes at --jobs 1 and --jobs 4, and validate accepts them all")
    func sameBytesOnAnyNumberOfThreads() throws {
        let folder = try TemporaryFolder()
        var generator = SpecGenerator(entropy: SeededEntropy(seed: 4_242))
        for index in 0..<300 {
            try folder.write(generator.specJSON(), to: "specs/gen-\(String(format: "%03d", index)).json")
        }
        for name in ["icon.png", "icon@2x.png"] { try folder.write(PNG.solid(width: 16, height: 8), to: "specs/\(name)") }
        let one = try CLI.run(["batch", "specs", "-o", "one", "--jobs", "1"] + CLI.pinnedFontOptions, in: folder.url)
        let four = try CLI.run(["batch", "specs", "-o", "four", "--jobs", "4"] + CLI.pinnedFontOptions, in: folder.url)
        #expect(one.status == 0, "\(one.stderr)")
        #expect(four.status == 0, "\(four.stderr)")
        let files = try folder.entries("one"), otherFiles = try folder.entries("four")
        #expect(files.count == 600 && files == otherFiles)
        let differing = try files.filter { try folder.bytes("one/\($0)") != folder.bytes("four/\($0)") }
        #expect(differing.isEmpty, "these differ between --jobs 1 and --jobs 4: \(differing.prefix(10))")
        let validated = try CLI.run(["validate", "specs"] + CLI.pinnedFontOptions, in: folder.url)
        #expect(validated.status == 0, "\(validated.stderr)")
    }
}
