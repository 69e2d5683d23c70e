import Foundation
import InfoWinTestSupport
import Testing

/// ICU is opened on first use, not linked (SPEC.md, "Speed"): a machine where it cannot be opened still
/// starts infowin and draws specs that format no plural or number; a catalog's plural fails with a message
/// naming the library; `doctor` says what to install. The library is hidden by a damaged file of its name
/// found first on LD_LIBRARY_PATH.
@Suite struct ICUMissingTests {
    /// The file `doctor` says ICU is opened from, read from its line on this machine: `libicui18n.so.72`.
    private static func libraryName() throws -> String {
        let lines = try CLI.run(["doctor"]).stdoutText.split(separator: "\n")
        let line = try #require(lines.first { $0.hasPrefix("ok ICU ") }, "no ICU line in \(lines)")
        let name = try #require(line.split(separator: "(").last?.split(separator: ")").first, "no library in \(line)")
        return String(name)
    }

    private static func environmentHidingICU(in folder: TemporaryFolder) throws -> [String: String] {
        try HiddenLibrary.environment(hiding: try libraryName(), in: folder)
    }

    @Test func withoutICUASpecWithNoCatalogDrawsAndDoctorNamesThePackage() throws {
        let folder = try TemporaryFolder()
        let environment = try Self.environmentHidingICU(in: folder)
        let spec = CLI.repository.appendingPathComponent("Examples/london-title-snippet/spec.json").path
        let render = try CLI.run(["render", spec, "-o", folder.path("out.png")], environment: environment)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("out.png")))
        let doctor = try CLI.run(["doctor"], environment: environment)
        #expect(doctor.status == 1)
        let line = doctor.stdoutText.split(separator: "\n").first { $0.hasPrefix("error ICU ") }
        #expect(line?.contains("cannot be opened") == true && line?.contains("apt install libicu") == true, "\(doctor.stdoutText)")
    }

    @Test("a spec drawn without a catalog never opens ICU (its input hash does not name it); one with a catalog does")
    func onlyACatalogOpensICU() throws {
        let folder = try TemporaryFolder()
        let plain = try LibraryLookups.run(LibraryLookups.plainRender(in: folder), lookingFor: "libicu", in: folder)
        #expect(plain.status == 0 && !plain.looked, "a render without a catalog opened ICU")
        let example = CLI.repository.appendingPathComponent("Examples/localised-counts")
        let counted = try LibraryLookups.run(
            ["render", example.appendingPathComponent("spec.json").path, "--strings", example.appendingPathComponent("Localizable.xcstrings").path,
             "--locale", "pl", "-o", folder.path("counted.png")],
            lookingFor: try Self.libraryName(), in: folder)
        #expect(counted.status == 0 && counted.looked)
    }

    /// ICU's versions are an input of a render with a catalog, and only of one: with ICU hidden, a catalog
    /// string that needs no plural still draws, under another input hash (`check` will not pass it as
    /// unchanged against a golden drawn with ICU); a spec without a catalog keeps its input hash.
    @Test func onlyACatalogRendersInputHashNamesICU() throws {
        let folder = try TemporaryFolder()
        let hidden = try Self.environmentHidingICU(in: folder)
        try folder.write(Specs.spec(width: 200, height: 160, markers: [Specs.marker("s", title: "{{strings.greeting}}")], selected: "s"), to: "catalog.json")
        try folder.write(Specs.spec(width: 200, height: 160, markers: [Specs.marker("s", title: "Hello")], selected: "s"), to: "plain.json")
        try folder.write(
            #"{ "sourceLanguage": "en", "version": "1.0", "strings": { "greeting": { "localizations": { "#
                + #""en": { "stringUnit": { "state": "translated", "value": "Hello" } } } } } }"#,
            to: "Localizable.xcstrings")
        func inputHash(_ spec: String, _ environment: [String: String]?, catalog: Bool) throws -> String? {
            let output = "\(spec)-\(environment == nil ? "icu" : "hidden").png"
            let render = try CLI.run(
                ["render", folder.path("\(spec).json"), "-o", folder.path(output)] + (catalog ? ["--strings", folder.path("Localizable.xcstrings"), "--locale", "en"] : []),
                environment: environment)
            #expect(render.status == 0, "\(spec): \(render.stderr)")
            return PNG.textChunk("infowin:inputs", of: try folder.bytes(output))
        }
        let catalogWithICU = try #require(try inputHash("catalog", nil, catalog: true))
        let catalogWithout = try #require(try inputHash("catalog", hidden, catalog: true))
        #expect(catalogWithICU != catalogWithout, "ICU's versions are not in a catalog render's input hash")
        let plainWithICU = try #require(try inputHash("plain", nil, catalog: false))
        #expect(try inputHash("plain", hidden, catalog: false) == plainWithICU, "a render without a catalog depends on ICU")
    }

    @Test func withoutICUACatalogPluralFailsWithAMessageNamingTheLibraryAndNoImage() throws {
        let folder = try TemporaryFolder()
        let environment = try Self.environmentHidingICU(in: folder)
        let example = CLI.repository.appendingPathComponent("Examples/localised-counts")
        let render = try CLI.run(
            ["render", example.appendingPathComponent("spec.json").path, "--strings", example.appendingPathComponent("Localizable.xcstrings").path,
             "--locale", "pl", "-o", folder.path("out.png")],
            environment: environment)
        #expect(render.status == 1, "exit \(render.status): \(render.stderr)")
        #expect(render.stderr.contains("\(try Self.libraryName()), cannot be opened"), "\(render.stderr)")
        #expect(render.stderr.contains("infoWindow.contents.vstack[1]"), "the JSON path: \(render.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.png")))
    }
}
