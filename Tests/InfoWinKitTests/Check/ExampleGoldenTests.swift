import Foundation
import InfoWinCheck
import InfoWinKit
import Testing

@Suite("Examples as golden images")
struct ExampleGoldenTests {
    @Test("every example folder has a spec, its image and its layout report")
    func examplesAreComplete() {
        #expect(Repository.exampleNames.count >= 7)
        for name in Repository.exampleNames {
            let folder = Repository.examples.appendingPathComponent(name)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("spec.png").path), "\(name) has no spec.png")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("spec.layout.json").path), "\(name) has no spec.layout.json")
        }
    }

    @Test("the example renders pixel for pixel as its golden image, with the same layout report", arguments: Repository.exampleNames)
    func exampleMatchesGolden(name: String) throws {
        let folder = Repository.examples.appendingPathComponent(name)
        let result = try renderWithPinnedFonts(folder.appendingPathComponent("spec.json").path)
        try expectMatchesGolden(
            result, goldenImage: folder.appendingPathComponent("spec.png"),
            goldenReport: folder.appendingPathComponent("spec.layout.json"), name: name)
    }
}

@Suite("Examples through infowin check")
struct ExampleCheckTests {
    @Test("every example passes a pixel-exact infowin check against its golden, and fails none by recording")
    func examplesPassCheck() throws {
        // Templates with a String Catalog need --strings: the golden test above renders them. Examples with a
        // project config pin their own fonts and folders: the command-line tests check them with it.
        let configured = Repository.configExampleNames.map { Repository.examples.appendingPathComponent($0).path + "/" }
        let specs = try SpecDiscovery.find([Repository.examples.path]).filter { found in
            !FileManager.default.fileExists(atPath: URL(fileURLWithPath: found.path).deletingLastPathComponent().appendingPathComponent("Localizable.xcstrings").path)
                && !configured.contains { found.path.hasPrefix($0) }
        }
        let localised = Repository.exampleNames.filter { name in
            FileManager.default.fileExists(atPath: Repository.examples.appendingPathComponent("\(name)/Localizable.xcstrings").path)
        }
        #expect(specs.count == Repository.exampleNames.count - localised.count && localised.count >= 2)
        let checker = GoldenChecker(
            goldenFolder: Repository.examples.path, recordMode: .never, tolerance: .exact,
            reportFolder: Repository.failures.appendingPathComponent("check").path,
            settings: RenderSettings(extraFonts: Repository.pinnedFonts, hermeticFonts: true), jobs: 2)
        for outcome in checker.check(specs) {
            #expect(outcome.status == .passed, "\(outcome.spec.relativePath): \(outcome.message)")
            #expect(!outcome.recorded)
        }
    }
}

@Suite("Examples with a project config (infowin.json)")
struct ConfigExampleGoldenTests {
    @Test("the example's specs match their goldens pixel for pixel, drawn with its config's fonts, folders and checks",
          arguments: Repository.configExampleNames)
    func configExamplePassesCheck(name: String) throws {
        let file = Repository.examples.appendingPathComponent("\(name)/\(ProjectConfig.fileName)").path
        let config = try ProjectConfig.read(file, shownAs: file)
        let specsFolder = try #require(config.base, "a config example names its specs folder as base")
        let specs = try SpecDiscovery.find([specsFolder], base: specsFolder)
        #expect(specs.count >= 2 && specs.contains { $0.relativePath.contains("/") }, "specs in sub-folders too")
        var settings = RenderSettings(assetRoots: config.assetRoots ?? [], extraFonts: config.fonts ?? [], hermeticFonts: config.fonts != nil)
        if case .success(let failOn) = FailOn.parse((config.failOn ?? []).joined(separator: ",")) { settings.failOn = failOn }
        let checker = GoldenChecker(
            goldenFolder: try #require(config.golden), recordMode: .never, tolerance: .exact,
            reportFolder: Repository.failures.appendingPathComponent("check-\(name)").path, settings: settings, jobs: 2)
        for outcome in checker.check(specs) {
            #expect(outcome.status == .passed, "\(outcome.spec.relativePath): \(outcome.message)")
            #expect(!outcome.recorded)
        }
    }
}

@Suite("Scenario examples as golden frames")
struct ScenarioGoldenTests {
    static var scenarioNames: [String] { Repository.exampleNames.filter { $0.hasPrefix("scenario-") } }

    @Test("every scenario example plays to its golden frames and callbacks", arguments: scenarioNames)
    func scenarioMatchesGolden(name: String) throws {
        let folder = Repository.examples.appendingPathComponent(name)
        let settings = RenderSettings(extraFonts: Repository.pinnedFonts, hermeticFonts: true)
        let spec = try settings.loadSpec(folder.appendingPathComponent("spec.json").path)
        let run = try ScenarioPlayer(renderer: Renderer()).play(spec)
        let frames = folder.appendingPathComponent("frames")
        #expect(run.frames.count == spec.events.count + 1)
        for (index, frame) in run.frames.enumerated() {
            let stem = String(format: "frame-%03d", index)
            try expectMatchesGolden(
                frame, goldenImage: frames.appendingPathComponent(stem + ".png"),
                goldenReport: frames.appendingPathComponent(stem + ".layout.json"), name: "\(name)-\(stem)")
        }
        let expected = try String(contentsOf: frames.appendingPathComponent("events.jsonl"), encoding: .utf8)
        #expect(run.callbacks.map { $0.jsonLine + "\n" }.joined() == expected)
    }

    @Test("the guide's scenarios are there")
    func scenariosExist() {
        #expect(Set(Self.scenarioNames).isSuperset(of: ["scenario-taps", "scenario-stale-content", "scenario-live-content"]))
    }
}
