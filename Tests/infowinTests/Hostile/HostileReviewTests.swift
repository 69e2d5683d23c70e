import Foundation
import InfoWinTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `infowin review` of a report folder someone else wrote (the fourth hostile round): it trusts nothing in
/// the folder, serving its own page from results.json and no spec outside the project or through a link.
@Suite(.serialized) struct HostileReviewTests {
    @Test func theFoldersOwnPageAndScriptsAreNeverServedOnlyThePageMadeFromResults() throws {
        let folder = try Review.reportWithTwoFailures()
        let hostile = """
            <!DOCTYPE html><html><head><title>HOSTILE</title><meta name="infowin-review-token" content=""></head>
            <body><script>fetch('/approve', {method: 'POST'})</script></body></html>
            """
        try folder.write(hostile, to: "report/index.html")
        try folder.write(hostile, to: "report/other.html")
        try folder.write("fetch('/approve', {method: 'POST'})", to: "report/evil.js")
        try folder.write("<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"fetch('/approve')\"/>", to: "report/evil.svg")
        try Review.with(folder) { session in
            for path in ["/", "/index.html"] {
                let page = try RawHTTP.request(port: session.port, "GET", path)
                #expect(page.status == 200 && !page.text.contains("HOSTILE"), "\(path) served the folder's own page")
                #expect(Review.token(in: page.text) == session.token)
                #expect(page.text.contains("sub/b.json"), "the page lists the report's entries")
            }
            for path in ["/other.html", "/evil.js", "/evil.svg"] {
                let answer = try RawHTTP.request(port: session.port, "GET", path)
                #expect(answer.status == 404, "\(path): \(answer.status)")
                #expect(answer.header("Content-Type") == "application/problem+json" && !answer.text.contains("fetch("), "\(path)")
            }
        }
    }

    @Test func aSpecOutsideTheProjectOrThroughALinkIsNeverServed() throws {
        let folder = try Review.reportWithTwoFailures()
        let outside = try TemporaryFolder()
        try outside.write("{\"secret\": \"S3CRET\"}\n", to: "secret.json")
        try FileManager.default.createSymbolicLink(atPath: folder.path("specs/passwd.json"), withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: folder.path("linked"), withDestinationPath: outside.url.path)
        var results = try #require(try JSONSerialization.jsonObject(with: Data(folder.bytes("report/results.json"))) as? [String: Any])
        var specs = try #require(results["specs"] as? [[String: Any]])
        let named = ["a.json": outside.path("secret.json"), "sub/b.json": "../specs/passwd.json", "c.json": "../linked/secret.json"]
        for index in specs.indices { if let spec = named[specs[index]["name"] as? String ?? ""] { specs[index]["spec"] = spec } }
        results["specs"] = specs
        try folder.write(Array(try JSONSerialization.data(withJSONObject: results)), to: "report/results.json")
        try Review.with(folder) { session in
            for path in [outside.path("secret.json"), "/specs/passwd.json", "/linked/secret.json"] {
                let answer = try RawHTTP.request(port: session.port, "GET", path)
                #expect(answer.status != 200, "\(path) was served")
                #expect(!answer.text.contains("S3CRET") && !answer.text.contains("root:"), "\(path): \(answer.text)")
                #expect(!answer.text.contains(folder.url.path), "\(path) names the server's folder: \(answer.text)")
            }
        }
    }
}
