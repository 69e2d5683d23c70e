import Foundation
import InfoWinTestSupport
import Testing

/// `infowin review` driven in a real browser: Debian's Chromium through Playwright for Python (which
/// `make test` installs into .build/browser-tests): no approve button from file://; served, clicking
/// "approve" and "approve all shown" changes those goldens and nothing else, and a group's button approves
/// every render of its cause (Tests/browser/review_page.py).
@Suite("review page in Chromium")
struct ReviewPageBrowserTests {
    @Test(.enabled(if: ReportPageBrowserTests.available, "make test installs Chromium and Playwright (.build/browser-tests)"))
    func clickingApproveInChromiumChangesTheGoldens() throws {
        let folder = try Review.reportWithTwoFailures()
        let screenshot = CLI.repository.appendingPathComponent(".build/browser-tests/review-page.png").path
        // Two specs whose title key changed alike: one entry, whose button approves both.
        let grouped = try Review.reportWithOneGroup()
        try ReportPageBrowserTests.expectScriptPasses("review_page.py", [folder.url.path, screenshot, grouped.url.path])
        #expect(FileManager.default.fileExists(atPath: screenshot))
    }
}
