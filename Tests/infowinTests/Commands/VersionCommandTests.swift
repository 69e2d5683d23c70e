import Foundation
import InfoWinTestSupport
import Testing

/// `infowin version [--json]`: the version and commit, the C libraries as loaded, the default family's
/// faces and their files' SHA-256, held against tools that are not infowin (pkg-config, sha256sum).
@Suite("infowin version")
struct VersionCommandTests {
    private static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    private static func json(_ arguments: [String] = []) throws -> [String: Any] {
        let result = try CLI.run(["version", "--json"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any], "\(result.stdoutText)")
    }

    /// What a command other than infowin prints, trimmed; nil when it cannot run.
    private static func output(_ tool: String, _ arguments: [String]) -> String? {
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theJSONHasExactlyTheKeysSPECNames() throws {
        let object = try Self.json()
        #expect(Set(object.keys) == ["version", "commit", "libraries", "fonts"])
        let libraries = try #require(object["libraries"] as? [String: String])
        #expect(Set(libraries.keys) == ["cairo", "pango", "harfbuzz", "freetype", "fontconfig", "libpng"])
        for (name, version) in libraries {
            #expect(version.range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression) != nil, "\(name) is \(version)")
        }
        let fonts = try #require(object["fonts"] as? [[String: String]])
        #expect(!fonts.isEmpty)
        for font in fonts {
            #expect(Set(font.keys) == ["family", "style", "file", "hash"], "\(font)")
        }
    }

    @Test func versionAndCommitAreThoseOfDashDashVersion() throws {
        let object = try Self.json()
        let line = try CLI.run(["--version"]).stdoutText
        let version = try #require(object["version"] as? String), commit = try #require(object["commit"] as? String)
        #expect(line == "infowin \(version) (\(commit))\n")
        let file = try String(contentsOf: CLI.repository.appendingPathComponent("VERSION"), encoding: .utf8)
        #expect(version == file.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func libraryVersionsAreThoseTheMachineHas() throws {
        let libraries = try #require(try Self.json()["libraries"] as? [String: String])
        for name in ["cairo", "pango", "harfbuzz", "fontconfig", "libpng"] {
            guard let installed = Self.output("pkg-config", ["--modversion", name]) else {
                Issue.record("pkg-config cannot tell \(name)'s version (make deps installs it)")
                continue
            }
            #expect(libraries[name] == installed, "\(name): infowin says \(libraries[name] ?? "nothing"), pkg-config \(installed)")
        }
    }

    @Test func theDefaultFamilyResolvesToInterAndEachHashIsTheFilesSHA256() throws {
        let fonts = try #require(try Self.json()["fonts"] as? [[String: String]])
        #expect(fonts.allSatisfy { $0["family"] == "Inter" }, "\(fonts)")
        #expect(Set(fonts.compactMap { $0["style"] }).isSuperset(of: ["Regular", "Bold"]), "\(fonts)")
        for font in fonts {
            let file = try #require(font["file"])
            let sum = try #require(Self.output("sha256sum", [file]), "sha256sum \(file)")
            #expect(font["hash"] == String(sum.prefix(64)), "\(file)")
        }
    }

    @Test func pinnedFontsAreTheFacesShown() throws {
        let fonts = try #require(try Self.json(["--hermetic-fonts", "--font", Self.dejaVu])["fonts"] as? [[String: String]])
        #expect(!fonts.isEmpty)
        #expect(fonts.allSatisfy { $0["file"] == Self.dejaVu && $0["family"] == "DejaVu Sans" }, "\(fonts)")
    }

    @Test func thePlainFormIsTheVersionLineThenALinePerLibraryAndFace() throws {
        let plain = try CLI.run(["version"])
        #expect(plain.status == 0)
        let lines = plain.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.first.map { $0 + "\n" } == (try CLI.run(["--version"])).stdoutText)
        let object = try Self.json()
        let libraries = try #require(object["libraries"] as? [String: String])
        for name in ["cairo", "pango", "harfbuzz", "freetype", "fontconfig", "libpng"] {
            #expect(lines.contains("\(name) \(libraries[name] ?? "?")"), "no line for \(name) in \(lines)")
        }
        let fonts = try #require(object["fonts"] as? [[String: String]])
        #expect(lines.filter { $0.hasPrefix("font ") }.count == fonts.count)
    }

    @Test func aFontThatIsNoFileIsAWrongCommandLineAndArgumentsAreRefused() throws {
        let missing = try CLI.run(["version", "--font", "/no/such/font.ttf"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/no/such/font.ttf"), "\(missing.stderr)")
        #expect(missing.stdout.isEmpty)
        #expect(try CLI.run(["version", "extra"]).status == 2)
    }

    @Test func aFileThatIsNoFontFailsNamingIt() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("not a font", to: "fake.ttf")
        let result = try CLI.run(["version", "--json", "--hermetic-fonts", "--font", file.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("fake.ttf"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [
        ("version", ["USAGE: infowin version", "--json", "--font", "--hermetic-fonts", "SHA-256"]),
        ("doctor", ["USAGE: infowin doctor", "--font", "--hermetic-fonts", "--tile-cache", "ok, warning or error", "Exit status 1"]),
    ])
    func helpNamesEveryOption(_ command: String, _ words: [String]) throws {
        let result = try CLI.run([command, "--help"])
        #expect(result.status == 0)
        for word in words {
            #expect(result.stdoutText.contains(word), "\(command) --help does not mention \(word)")
        }
        #expect(try CLI.run(["--help"]).stdoutText.contains("  \(command) "), "--help does not list \(command)")
    }
}
