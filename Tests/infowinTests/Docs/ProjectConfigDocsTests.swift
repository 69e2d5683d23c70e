import Foundation
import InfoWinTestSupport
import Testing

/// For each config (JSON text), whether `infowin schema --config` accepts it (jsonschema's Draft 2020-12).
private func configSchemaAccepts(_ configs: [String]) throws -> [Bool] {
    let folder = try TemporaryFolder()
    let written = try CLI.run(["schema", "--config"])
    try folder.write(written.stdout, to: "config.schema.json")
    return try schema(at: folder.path("config.schema.json"), accepts: configs)
}

/// A config with every key, each with a value of its type.
private let everyKey = """
    {"$schema": "./config.schema.json", "fonts": ["fonts/A.ttf"], "assetRoots": ["shared"], "golden": "goldens", "base": "specs",
     "report": "report", "junit": "junit.xml", "summary": "summary.md", "failOn": ["truncated", "missing-glyphs"],
     "strings": "Localizable.xcstrings", "locales": ["de", "fr"], "traits": ["dark", "AX3"], "threshold": 0.1,
     "maxDiffPixels": 10, "maxDiffRatio": 0.01, "tileCache": "tiles", "offline": true, "allowPrivateNetwork": false, "jobs": 4,
     "basemap": "city.pmtiles", "style": "light"}
    """

@Suite("the project config's schema, help and example")
struct ProjectConfigDocsTests {
    @Test("the schema is draft 2020-12, accepts a config with every key and the examples' configs, and refuses what the decoder refuses",
          .enabled(if: Tools.jsonschema, "python3-jsonschema is not installed (make test installs it)"))
    func schemaMatchesTheDecoder() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: CLI.repository.appendingPathComponent("Examples").path).sorted()
            .map { CLI.repository.appendingPathComponent("Examples/\($0)/infowin.json") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        #expect(!examples.isEmpty)
        let good = [everyKey, "{}", #"{"locales": "all", "traits": "dark"}"#] + (try examples.map { try String(contentsOf: $0, encoding: .utf8) })
        #expect(try configSchemaAccepts(good) == good.map { _ in true })
        let bad = [
            #"{"tresholD": 0.1}"#, #"{"threshold": "0.1"}"#, #"{"jobs": 2.5}"#, #"{"fonts": []}"#, #"{"fonts": "a.ttf"}"#,
            #"{"failOn": ["truncatd"]}"#, #"{"locales": "de"}"#, #"{"locales": ["de,fr"]}"#, #"{"offline": "yes"}"#, #"{"golden": ""}"#, "[1]",
        ]
        #expect(try configSchemaAccepts(bad) == bad.map { _ in false })
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "s.json")
        for config in bad {
            try folder.write(config, to: "infowin.json")
            #expect(try runGuarded(["validate", "s.json"], in: folder.url).status == 1, "the decoder accepts \(config)")
        }
    }

    @Test("every command that takes options shows --config FILE and --no-config in its help; schema has its own --config")
    func help() throws {
        for command in ["render", "batch", "check", "validate", "diff", "play", "hit"] {
            let help = try CLI.run([command, "--help"]).stdoutText
            #expect(help.contains("--config FILE") && help.contains("--no-config  "), "\(command)")
        }
        let schema = try CLI.run(["schema", "--help"]).stdoutText
        #expect(schema.contains("--config ") && !schema.contains("--config FILE") && !schema.contains("--no-config"))
    }

    @Test("the project-config example passes a plain infowin check in its folder, and from a sub-folder with the same goldens")
    func example() throws {
        let example = CLI.repository.appendingPathComponent("Examples/project-config")
        let whole = try runGuarded(["check", "specs", "--record", "never"], in: example)
        #expect(whole.status == 0 && whole.stdoutText.contains("checked 3 specs") && !whole.stderr.contains("unused"), "\(whole.stdoutText)\(whole.stderr)")
        let part = try runGuarded(["check", ".", "--record", "never"], in: example.appendingPathComponent("specs/stores"))
        #expect(part.status == 0 && part.stdoutText.contains("checked 2 specs"), "\(part.stdoutText)\(part.stderr)")
        let bare = try runGuarded(["validate", "specs", "--no-config"], in: example)
        #expect(bare.status == 1 && (bare.stdoutText + bare.stderr).contains("outside the allowed folder"), "without the config the shared folder is out of reach")
    }
}
