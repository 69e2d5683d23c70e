import Foundation
import InfoWinTestSupport
import Testing

/// `infowin review` driven in a real browser: Debian's Chromium through Playwright for Python (which
/// `make test` installs into .build/browser-tests): no approve button from file://; served, clicking
/// "approve" and "approve all shown" changes those goldens and nothing else (Tests/browser/review_page.py).
@Suite("review page in Chromium")
struct ReviewPageBrowserTests {
    @Test(.enabled(if: ReportPageBrowserTests.available, "make test installs Chromium and Playwright (.build/browser-tests)"))
    func clickingApproveInChromiumChangesTheGoldens() throws {
        let folder = try Review.reportWithTwoFailures()
        let screenshot = CLI.repository.appendingPathComponent(".build/browser-tests/review-page.png").path
        try ReportPageBrowserTests.expectScriptPasses("review_page.py", [folder.url.path, screenshot])
        #expect(FileManager.default.fileExists(atPath: screenshot))
    }
}
