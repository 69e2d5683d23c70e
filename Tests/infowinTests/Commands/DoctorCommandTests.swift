import Foundation
import InfoWinTestSupport
import Testing

/// `infowin doctor`: one `ok`, `warning` or `error` line per check, exit 1 only for an error, nothing
/// left behind.
@Suite("infowin doctor")
struct DoctorCommandTests {
    private static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// Runs doctor with XDG_CACHE_HOME in `folder`, so the default tile cache is the test's own.
    private static func doctor(_ arguments: [String], cacheHome folder: TemporaryFolder) throws -> (status: Int32, lines: [String]) {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = folder.path("cache")
        let result = try CLI.run(["doctor"] + arguments, environment: environment)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "", "the output ends with a newline")
        return (result.status, Array(lines.dropLast()))
    }

    private static func expectFormat(_ lines: [String]) {
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.range(of: #"^(ok|warning|error) \S"#, options: .regularExpression) != nil, "not a finding: \(line)")
        }
    }

    @Test func theMachineMakeSetsUpIsAllOkOrWarningsAndExitsZero() throws {
        let folder = try TemporaryFolder()
        let (status, lines) = try Self.doctor([], cacheHome: folder)
        #expect(status == 0, "\(lines)")
        Self.expectFormat(lines)
        #expect(!lines.contains { $0.hasPrefix("error") }, "\(lines)")
        for check in ["ok libraries: cairo ", "ok ICU ", "ok libcurl ", "ok default family: Inter Regular", "ok tile cache \(folder.path("cache/infowin/tiles")) can be written"] {
            #expect(lines.contains { $0.hasPrefix(check) }, "no line starting \(check): \(lines)")
        }
        for script in ["Latin", "Greek", "Cyrillic", "Arabic", "Hebrew", "Devanagari", "Thai", "CJK", "Hangul", "emoji"] {
            #expect(lines.contains { $0.hasPrefix("ok \(script): ") }, "no font found for \(script): \(lines)")
        }
        let left = try folder.entries()
        #expect(left == [], "the tile cache probe left \(left)")
    }

    @Test func aMissingPinnedFontIsAnErrorAndExitsOne() throws {
        let folder = try TemporaryFolder()
        let missing = folder.path("fonts/Gone-Regular.ttf")
        let (status, lines) = try Self.doctor(["--hermetic-fonts", "--font", Self.dejaVu, "--font", missing], cacheHome: folder)
        #expect(status == 1)
        Self.expectFormat(lines)
        #expect(lines.contains("error pinned font \(missing): no such file"), "\(lines)")
        #expect(lines.filter { $0.hasPrefix("error") }.count == 1, "\(lines)")
    }

    @Test func aPinnedFontThatIsAFolderIsAnError() throws {
        let folder = try TemporaryFolder()
        try folder.write("", to: "fonts/keep")
        let (status, lines) = try Self.doctor(["--font", folder.path("fonts")], cacheHome: folder)
        #expect(status == 1)
        #expect(lines.contains("error pinned font \(folder.path("fonts")): a folder, not a font file"), "\(lines)")
    }

    @Test func aTileCacheUnderARegularFileIsAnErrorAndNothingIsChanged() throws {
        let folder = try TemporaryFolder()
        try folder.write("a file", to: "file")
        let cache = folder.path("file/infowin/tiles")
        let (status, lines) = try Self.doctor(["--tile-cache", cache], cacheHome: folder)
        #expect(status == 1)
        Self.expectFormat(lines)
        let finding = try #require(lines.first { $0.hasPrefix("error tile cache ") }, "\(lines)")
        #expect(finding.contains(cache) && finding.contains("\(folder.path("file")) is a regular file, not a folder"), "\(finding)")
        #expect(try folder.entries() == ["file"])
        #expect(String(decoding: try folder.bytes("file"), as: UTF8.self) == "a file")
    }

    @Test func aTileCacheThatIsMissingIsMadeWrittenAndTakenAwayAgain() throws {
        let folder = try TemporaryFolder()
        try folder.write("", to: "kept/old-tile")
        let (status, lines) = try Self.doctor(["--tile-cache", folder.path("kept/new/deeper")], cacheHome: folder)
        #expect(status == 0)
        #expect(lines.contains("ok tile cache \(folder.path("kept/new/deeper")) can be written"), "\(lines)")
        #expect(try folder.entries("kept") == ["old-tile"], "the probe left something behind")
    }

    @Test func pinnedFontsThatAreNotTheMachinesAreWarningsNamingWhatToInstallOrPin() throws {
        let folder = try TemporaryFolder()
        let (status, lines) = try Self.doctor(["--hermetic-fonts", "--font", Self.dejaVu], cacheHome: folder)
        #expect(status == 0, "warnings only: \(lines)")
        Self.expectFormat(lines)
        #expect(lines.contains("ok 1 pinned font can be read, the only fonts renders use (--hermetic-fonts)"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("warning the default family Inter is not among the pinned fonts: text is drawn with DejaVu Sans") }, "\(lines)")
        let differ = try #require(lines.first { $0.hasPrefix("warning the machine's fonts differ from the pinned set") }, "\(lines)")
        #expect(differ.contains("Inter-Bold.otf") && differ.contains(Self.dejaVu), "\(differ)")
        let cjk = try #require(lines.first { $0.hasPrefix("warning no font for CJK among the pinned fonts") }, "\(lines)")
        #expect(cjk.contains("fonts-noto-cjk"), "\(cjk)")
        #expect(lines.contains { $0.hasPrefix("ok Latin: DejaVu Sans") }, "\(lines)")
    }

    @Test func theRepositorysPinnedFontsAreTheMachinesOwn() throws {
        let folder = try TemporaryFolder()
        let (status, lines) = try Self.doctor(CLI.pinnedFontOptions, cacheHome: folder)
        #expect(status == 0)
        #expect(lines.contains("ok the machine's default-family faces are the pinned ones"), "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("warning") }, "\(lines)")
    }

    @Test func argumentsAreAWrongCommandLine() throws {
        #expect(try CLI.run(["doctor", "now"]).status == 2)
        #expect(try CLI.run(["doctor", "--tile-cache"]).status == 2)
    }
}
