import Foundation
import InfoWinCheck
import InfoWinKit
import Testing

@Suite("Examples recorded in trait variants")
struct ExampleTraitGoldenTests {
    /// The examples whose `traits.txt` names the `--traits` list their goldens are recorded in.
    static var traitExamples: [String] {
        Repository.exampleNames.filter { FileManager.default.fileExists(atPath: Repository.examples.appendingPathComponent("\($0)/traits.txt").path) }
    }

    @Test("the dark-mode and Dynamic Type examples are there")
    func traitExamplesExist() {
        #expect(Set(Self.traitExamples).isSuperset(of: ["dark-mode-card", "dynamic-type"]))
    }

    @Test("each trait variant of an example matches its own golden, pixel for pixel", arguments: traitExamples)
    func variantsMatchTheirGoldens(name: String) throws {
        let folder = Repository.examples.appendingPathComponent(name)
        let list = try String(contentsOf: folder.appendingPathComponent("traits.txt"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        var settings = RenderSettings(extraFonts: Repository.pinnedFonts, hermeticFonts: true)
        settings.variants = try TraitsList.parse(list).get().map { traits in
            var variant = SpecVariant()
            variant.traits = traits
            return variant
        }
        let checker = GoldenChecker(
            goldenFolder: Repository.examples.path, recordMode: .never, tolerance: .exact,
            reportFolder: Repository.failures.appendingPathComponent("traits").path, settings: settings, jobs: 1)
        let specs = try SpecDiscovery.find([folder.path], base: Repository.examples.path)
        let outcomes = checker.check(specs)
        #expect(outcomes.count == settings.variants.count && outcomes.count >= 2)
        for outcome in outcomes {
            #expect(outcome.status == .passed, "\(outcome.spec.relativePath): \(outcome.message)")
        }
    }
}
