import Foundation
import InfoWinTestSupport
import Testing

/// One wrong command line: it must exit 2, say why on stderr and write nothing.
struct UsageCase: CustomTestStringConvertible, Sendable {
    let name: String
    let arguments: [String]
    /// Every one of these must appear in the message on stderr.
    let mentions: [String]

    var testDescription: String { name }

    static let all: [UsageCase] = [
        UsageCase(name: "no command", arguments: [], mentions: ["no command"]),
        UsageCase(name: "unknown command", arguments: ["frobnicate", "spec.json"], mentions: ["frobnicate"]),
        UsageCase(name: "unknown option", arguments: ["render", "spec.json", "-o", "out.png", "--bogus"],
                  mentions: ["--bogus"]),
        UsageCase(name: "missing -o", arguments: ["render", "spec.json"], mentions: ["-o"]),
        UsageCase(name: "-o without its value", arguments: ["render", "spec.json", "-o"], mentions: ["-o"]),
        UsageCase(name: "missing SPEC", arguments: ["render", "-o", "out.png"], mentions: ["SPEC"]),
        UsageCase(name: "two SPECs", arguments: ["render", "spec.json", "spec.json", "-o", "out.png"],
                  mentions: ["SPEC"]),
        UsageCase(name: "--scale 5", arguments: ["render", "spec.json", "-o", "out.png", "--scale", "5"],
                  mentions: ["--scale", "5"]),
        UsageCase(name: "--scale 0", arguments: ["render", "spec.json", "-o", "out.png", "--scale", "0"],
                  mentions: ["--scale", "0"]),
        UsageCase(name: "--scale abc", arguments: ["render", "spec.json", "-o", "out.png", "--scale", "abc"],
                  mentions: ["--scale", "abc"]),
        UsageCase(name: "--tiles-deadline 0", arguments: ["render", "spec.json", "-o", "out.png", "--tiles-deadline", "0"],
                  mentions: ["--tiles-deadline", "0.1 to 86400", "'0'"]),
        UsageCase(name: "--tile-cache-size 0", arguments: ["batch", "spec.json", "-o", "out", "--tile-cache-size", "0"],
                  mentions: ["--tile-cache-size", "'0'"]),
        UsageCase(name: "--select of an unknown id",
                  arguments: ["render", "spec.json", "-o", "out.png", "--layout", "out.json", "--select", "nowhere"],
                  mentions: ["nowhere"]),
        UsageCase(name: "-o - and --layout - together",
                  arguments: ["render", "spec.json", "-o", "-", "--layout", "-"], mentions: ["standard output"]),
    ]
}

@Suite("command-line errors exit 2")
struct UsageErrorTests {
    @Test(arguments: UsageCase.all)
    func wrongCommandLineExitsTwoWithAMessageAndWritesNothing(_ usage: UsageCase) throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")

        let result = try CLI.run(usage.arguments, in: folder.url)

        #expect(result.status == 2, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("error:"), "stderr: \(result.stderr.debugDescription)")
        for word in usage.mentions {
            #expect(result.stderr.contains(word), "stderr does not mention \(word): \(result.stderr)")
        }
        #expect(PNG.size(result.stdout) == nil, "a PNG was written to stdout")
        #expect(try folder.entries() == ["spec.json"], "an output file was created")
    }
}
