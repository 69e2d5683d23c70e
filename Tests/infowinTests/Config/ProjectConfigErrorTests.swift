import Foundation
import InfoWinTestSupport
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Runs `infowin validate s.json` in a folder whose `infowin.json` holds `config` (a valid spec beside it).
private func validate(config: [UInt8], command: [String] = ["validate", "s.json"]) throws -> CLIResult {
    let folder = try TemporaryFolder()
    try folder.write(config, to: "infowin.json")
    try folder.write(smallSpec(markers: [marker()]), to: "s.json")
    return try runGuarded(command, in: folder.url)
}

private func validate(_ config: String, command: [String] = ["validate", "s.json"]) throws -> CLIResult {
    try validate(config: Array(config.utf8), command: command)
}

@Suite("the project config file's errors: exit 1, naming the file and the JSON path")
struct ProjectConfigErrorTests {
    @Test("unknown keys, wrong types and bad names, with the JSON path and a suggestion", arguments: [
        (#"{"tresholD": 0.1}"#, "infowin.json: $.tresholD: unknown key 'tresholD' (did you mean 'threshold'?); the keys are $schema, fonts,"),
        (#"{"threshold": "0.1"}"#, #"infowin.json: $.threshold: expected a number, got "0.1""#),
        (#"{"jobs": 2.5}"#, "infowin.json: $.jobs: expected a whole number, got 2.5"),
        (#"{"offline": "yes"}"#, #"infowin.json: $.offline: expected true or false, got "yes""#),
        (#"{"fonts": "a.ttf"}"#, "infowin.json: $.fonts: expected an array of font files, got 'a.ttf'"),
        (#"{"fonts": []}"#, "infowin.json: $.fonts: expected at least 1 of font files, got none"),
        (#"{"failOn": ["truncated", "truncatd"]}"#,
         "infowin.json: $.failOn[1]: expected one of truncated, clipped, missing-glyphs, missing-tiles, untranslated, got 'truncatd' (did you mean 'truncated'?)"),
        (#"{"locales": "de"}"#, #"infowin.json: $.locales: expected an array of locales or 'all', got 'de' (a list even for one: ["de"])"#),
        (#"{"locales": ["de,fr"]}"#, "infowin.json: $.locales[0]: expected a name without commas"),
        (#"{"golden": ""}"#, "infowin.json: $.golden: expected a path, got an empty string"),
        (#"[1]"#, "infowin.json: $: expected an object of settings"),
        (#"{"assetRoots": null}"#, "infowin.json: $.assetRoots: expected an array of folders, got null"),
    ])
    func decodingErrors(config: String, message: String) throws {
        let run = try validate(config)
        #expect(run.status == 1)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test("values out of range are refused by the options' own checks, whatever the command", arguments: [
        (#"{"threshold": 2}"#, "infowin.json: $.threshold: expected a number from 0 to 1, got '2'"),
        (#"{"maxDiffPixels": -1}"#, "infowin.json: $.maxDiffPixels: expected a whole number of 0 or more, got '-1'"),
        (#"{"maxDiffRatio": 1.5}"#, "infowin.json: $.maxDiffRatio: expected a number from 0 to 1, got '1.5'"),
        (#"{"jobs": 0}"#, "infowin.json: $.jobs: expected a whole number from 1 to 256, got '0'"),
    ])
    func outOfRange(config: String, message: String) throws {
        for command in [["validate", "s.json"], ["render", "s.json", "-o", "x.png"], ["hit", "s.json", "--at", "1,1"]] {
            let run = try validate(config, command: command)
            #expect(run.status == 1 && run.stderr.contains(message), "\(command[0]): \(run.stderr)")
        }
    }

    @Test("input paths that do not exist name the key, the path written and where it was looked for")
    func missingPaths() throws {
        for (config, message) in [
            (#"{"fonts": ["fonts/Nope.ttf"]}"#, "$.fonts[0]: no such font file: 'fonts/Nope.ttf' (looked for "),
            (#"{"assetRoots": ["shared", "nope"]}"#, "$.assetRoots[0]: no such folder: 'shared'"),
            (#"{"strings": "L.xcstrings"}"#, "$.strings: no such file or folder: 'L.xcstrings'"),
            (#"{"base": "s.json"}"#, "$.base: not a folder: 's.json'"),
        ] {
            let run = try validate(config)
            #expect(run.status == 1 && run.stderr.contains("infowin.json: " + message), "\(run.stderr)")
            #expect(run.stderr.contains("relative paths start from the config file's folder"))
        }
        // Outputs need not exist: they are made.
        #expect(try validate(#"{"golden": "g", "report": "r", "junit": "j.xml", "summary": "s.md", "tileCache": "t"}"#).status == 0)
    }

    @Test("malformed JSON names the file, the line and the column; duplicate keys and non-UTF-8 too")
    func syntax() throws {
        let broken = try validate("{\n  \"golden\": \"g\",\n  \"jobs\": }")
        #expect(broken.status == 1 && broken.stderr.contains("infowin.json:3:11: unexpected '}'"), "\(broken.stderr)")
        let twice = try validate(#"{"jobs": 1, "jobs": 2}"#)
        #expect(twice.status == 1 && twice.stderr.contains("infowin.json:1:") && twice.stderr.contains("duplicate"), "\(twice.stderr)")
        let latin1 = try validate(config: Array(#"{"golden": "gr"#.utf8) + [0xF6] + Array(#"n"}"#.utf8))
        #expect(latin1.status == 1 && latin1.stderr.contains("infowin.json:1:") && latin1.stderr.contains("UTF-8"), "\(latin1.stderr)")
    }

    @Test("hostile files: huge, deeply nested, a folder, a pipe, a loop of links; none hangs or crashes")
    func hostile() throws {
        let huge = try validate(config: Array("{\"golden\": \"".utf8) + [UInt8](repeating: 0x61, count: 2 << 20) + Array("\"}".utf8))
        #expect(huge.status == 1 && huge.stderr.contains("infowin.json: cannot read the config file: the file has") && huge.stderr.contains("more than the limit"), "\(huge.stderr)")
        let deep = try validate(String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000))
        #expect(deep.status == 1 && deep.stderr.contains("nests deeper than 16 levels") && !deep.signalled, "\(deep.stderr)")
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "s.json")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("infowin.json"), withIntermediateDirectories: true)
        let asFolder = try runGuarded(["validate", "s.json"], in: folder.url)
        #expect(asFolder.status == 1 && asFolder.stderr.contains("infowin.json: cannot read the config file: it is a folder, not a regular file"), "\(asFolder.stderr)")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("infowin.json"))
        #expect(mkfifo(folder.path("infowin.json"), 0o644) == 0)
        let pipe = try runGuarded(["validate", "s.json"], in: folder.url)
        #expect(!pipe.hung && pipe.status == 1 && pipe.stderr.contains("it is a pipe, not a regular file"), "\(pipe.stderr)")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("infowin.json"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("infowin.json"), withDestinationPath: "infowin.json")
        let loop = try runGuarded(["validate", "s.json"], in: folder.url)
        #expect(!loop.hung && loop.status == 1 && loop.stderr.contains("a link that leads nowhere (a broken link, or a loop of links)"), "\(loop.stderr)")
        let named = try runGuarded(["validate", "s.json", "--config", "missing.json"], in: folder.url)
        #expect(named.status == 1 && named.stderr.contains("missing.json: cannot read the config file: no such file or directory"), "\(named.stderr)")
    }

    @Test("a config file that cannot be read is an error naming it", .enabled(if: getuid() != 0, "root reads any file"))
    func unreadable() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "s.json")
        try folder.write("{}", to: "infowin.json")
        #expect(chmod(folder.path("infowin.json"), 0) == 0)
        let run = try runGuarded(["validate", "s.json"], in: folder.url)
        #expect(run.status == 1 && run.stderr.contains("infowin.json: cannot read the config file: permission denied"), "\(run.stderr)")
    }

    @Test("discovery walks up through a folder reached by a link without going round, and stops at /")
    func discoveryThroughLinks() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [marker()]), to: "real/s.json")
        try FileManager.default.createSymbolicLink(atPath: folder.path("real/loop"), withDestinationPath: "..")
        let run = try runGuarded(["validate", "s.json"], in: folder.url.appendingPathComponent("real/loop/real/loop/real"))
        #expect(!run.hung && run.status == 0, "\(run.stderr)")
        try folder.write(#"{"jobs": 0}"#, to: "infowin.json")
        let found = try runGuarded(["validate", "s.json"], in: folder.url.appendingPathComponent("real/loop/real"))
        #expect(found.status == 1 && found.stderr.contains("../infowin.json: $.jobs:"), "\(found.stderr)")
    }

    @Test("a found infowin.json owned by another user (not root) is ignored with a warning naming it", .enabled(if: geteuid() == 0, "only root can give a file to another user"))
    func anotherUsersConfigIsIgnored() throws {
        let folder = try TemporaryFolder()
        try folder.write(#"{"threshold": "0.1"}"#, to: "infowin.json")
        try folder.write(smallSpec(markers: [marker()]), to: "specs/a/s.json")
        let trusted = try runGuarded(["validate", "s.json"], in: folder.url.appendingPathComponent("specs/a"))
        #expect(trusted.status == 1, "a config of the user's own is read: \(trusted.stderr)")
        #expect(chown(folder.path("infowin.json"), 4242, 4242) == 0)
        let run = try runGuarded(["validate", "s.json"], in: folder.url.appendingPathComponent("specs/a"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning: ../../infowin.json is ignored: it is owned by another user"), "\(run.stderr)")
    }
}
