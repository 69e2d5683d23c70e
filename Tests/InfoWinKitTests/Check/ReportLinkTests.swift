import Testing
@testable import InfoWinCheck
@testable import InfoWinKit

@Suite("links in HTML reports: relative, percent-encoded paths, never a URL scheme")
struct ReportLinkTests {
    @Test("a link starts with ./ and percent-encodes : ? # % spaces, quotes and non-ASCII in each segment")
    func percentEncoded() {
        #expect(ReportLink.href("sub/changed.actual.png") == "./sub/changed.actual.png")
        #expect(ReportLink.href("javascript:alert(1).actual.png") == "./javascript%3Aalert%281%29.actual.png")
        #expect(ReportLink.href("a b/c?d#e%f.png") == "./a%20b/c%3Fd%23e%25f.png")
        #expect(ReportLink.href("ü\"<x>.png") == "./%C3%BC%22%3Cx%3E.png")
    }

    @Test("a spec named javascript:….json becomes a relative link in the HTML report, its name escaped")
    func javascriptSpecName() {
        let spec = FoundSpec(path: "/x/javascript:alert(document.domain)<b>.json", relativePath: "javascript:alert(document.domain)<b>.json")
        let images = ReportImages(expected: nil, actual: spec.stem + ".actual.png", difference: nil)
        let outcome = CheckOutcome(
            spec: spec, status: .failed, message: "size changed", changes: [], recorded: false, reportImages: images,
            seconds: 0)
        let html = CheckReports.html([outcome], goldenFolder: "goldens")
        #expect(html.contains(#"href="./javascript%3Aalert%28document.domain%29%3Cb%3E.actual.png""#), "\(html)")
        #expect(html.contains(#"src="./javascript%3Aalert%28document.domain%29%3Cb%3E.actual.png""#))
        #expect(!html.contains("href=\"javascript:") && !html.contains("src=\"javascript:"))
        #expect(html.contains("javascript:alert(document.domain)&lt;b&gt;.json"), "the heading is escaped")
        #expect(!html.contains("<b>"))
    }
}
