import Foundation
import InfoWinTestSupport
import Testing

/// The report page driven in a real browser: Debian's Chromium through Playwright for Python (which
/// `make test` installs into .build/browser-tests), from file:// with every other request refused:
/// filters, keys, swipe, onion skin, zoom, links, 5,000 specs and a group of failures of one cause
/// (Tests/browser/report_page.py).
@Suite("report page in Chromium")
struct ReportPageBrowserTests {
    static let python = CLI.repository.appendingPathComponent(".build/browser-tests/bin/python").path
    static let chromium = "/usr/bin/chromium"
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: python) && FileManager.default.isExecutableFile(atPath: chromium)
    }

    @Test(.enabled(if: available, "make test installs Chromium and Playwright (.build/browser-tests)"))
    func thePageFiltersSwipesFadesZoomsAndHolds5000Specs() throws {
        let folder = try ReportMergeCommandTests.threeShards()
        let merge = try ReportMergeCommandTests.run(["report", "merge", "r1", "r2", "r3", "-o", "merged"], in: folder)
        #expect(merge.status == 1, "\(merge.stderr)")
        let screenshot = CLI.repository.appendingPathComponent(".build/browser-tests/report-page.png").path
        try FileManager.default.createDirectory(atPath: folder.path("many"), withIntermediateDirectories: true)
        // Two specs whose title key changed alike: one entry, the other render one click away.
        let grouped = try Review.reportWithOneGroup()
        try Self.expectScriptPasses("report_page.py", [folder.path("merged"), folder.path("many"), screenshot, grouped.path("report")])
        #expect(FileManager.default.fileExists(atPath: screenshot))
    }

    /// Runs the Playwright script Tests/browser/`script` with the infowin binary and `arguments`, and
    /// expects it to say that all its checks passed.
    static func expectScriptPasses(_ script: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [CLI.repository.appendingPathComponent("Tests/browser/" + script).path, try CLI.binaryURL().path] + arguments
        let errors = Pipe(), output = Pipe()
        process.standardError = errors
        process.standardOutput = output
        try process.run()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let outputText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(outputText)\(errorText)")
        #expect(outputText.contains("all checks passed"), "\(outputText)")
    }
}
