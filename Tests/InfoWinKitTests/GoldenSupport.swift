import Foundation
import Graphics
import InfoWinCheck
import InfoWinKit
import Testing

/// Where the package's files are, and the fonts golden images are drawn with.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let examples = root.appendingPathComponent("Examples")
    static let failures = root.appendingPathComponent(".build/golden-failures")

    /// The pinned font files (`Fixtures/pinned-fonts.txt`), shared with `make goldens`.
    static let pinnedFonts: [String] = {
        let list = root.appendingPathComponent("Tests/InfoWinKitTests/Fixtures/pinned-fonts.txt")
        let text = (try? String(contentsOf: list, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }()

    /// The names of the example folders with a project config file (`infowin.json`): their specs are in
    /// `specs/`, their goldens where the config says.
    static var configExampleNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: examples.appendingPathComponent("\($0)/\(ProjectConfig.fileName)").path) }
            .sorted()
    }

    /// The names of the example folders that hold a spec.
    static var exampleNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: examples.appendingPathComponent("\($0)/spec.json").path) }
            .sorted()
    }
}

/// Renders a spec file with the pinned fonts only, as `make goldens` does; a spec with a
/// `Localizable.xcstrings` beside it is a template, rendered in the catalog's source language.
func renderWithPinnedFonts(_ specPath: String, options: RenderOptions = RenderOptions()) throws -> RenderResult {
    var spec = try SpecDecoder.decode(try localisedVariant(of: specPath).apply(to: try SpecSource.read(specPath)))
    spec.fonts = FontSetup(files: spec.fonts.files + Repository.pinnedFonts, hermetic: true)
    return try Renderer().render(spec, options: options)
}

/// Compares a rendered image and report with the golden ones; on a difference writes the actual image,
/// the difference image and the actual report under `.build/golden-failures/NAME/` and records an issue.
/// It never re-records: `make goldens` does that on purpose.
func expectMatchesGolden(_ result: RenderResult, goldenImage: URL, goldenReport: URL, name: String) throws {
    let failureFolder = Repository.failures.appendingPathComponent(name)
    guard let expectedBytes = try? Data(contentsOf: goldenImage), let expected = PixelImage(png: [UInt8](expectedBytes)) else {
        Issue.record("no readable golden image at \(goldenImage.path): run 'make goldens' and look at the image")
        return
    }
    let actual = try #require(PixelImage(png: result.png))
    let difference = PerceptualDiff.compare(expected: expected, actual: actual, threshold: 0, countAntiAliasing: true)
    if !difference.isIdentical {
        try FileManager.default.createDirectory(at: failureFolder, withIntermediateDirectories: true)
        try Data(result.png).write(to: failureFolder.appendingPathComponent("actual.png"))
        if let image = difference.image {
            try Data(try image.pngData()).write(to: failureFolder.appendingPathComponent("difference.png"))
        }
        let reason = difference.sizeMismatch ?? "\(difference.differingPixels) pixels differ"
        Issue.record("\(name): \(reason); see \(failureFolder.path)/actual.png and difference.png")
    }
    let expectedReport = (try? String(contentsOf: goldenReport, encoding: .utf8)) ?? ""
    if expectedReport != result.report.text {
        try FileManager.default.createDirectory(at: failureFolder, withIntermediateDirectories: true)
        try result.report.text.write(to: failureFolder.appendingPathComponent("actual.layout.json"), atomically: true, encoding: .utf8)
        Issue.record("\(name): the layout report differs from \(goldenReport.path); see \(failureFolder.path)/actual.layout.json")
    }
}

/// The String Catalog beside a spec, as the source-language variant; a plain variant when there is none.
func localisedVariant(of specPath: String) throws -> SpecVariant {
    let catalog = URL(fileURLWithPath: specPath).deletingLastPathComponent().appendingPathComponent("Localizable.xcstrings")
    guard FileManager.default.fileExists(atPath: catalog.path) else { return SpecVariant() }
    let strings = try LocalisedCatalog(stringCatalog: Array(try Data(contentsOf: catalog)), file: catalog.path)
    return SpecVariant(strings: (strings, strings.sourceLanguage))
}
