import Foundation
import InfoWinTestSupport
#if canImport(Glibc)
import Glibc
#endif
import HTTPServer
import Testing

/// `infowin review`: the report served on 127.0.0.1 with the run's token in it; approvals copy the actual
/// image and layout report over the golden, inside the golden folder only, all or none; requests without
/// the token, from another origin or for another host are refused (403); SIGINT and SIGTERM stop it.
@Suite("infowin review")
struct ReviewCommandTests {
    @Test func approvingOneCopiesItsActualImageAndLayoutReportOverItsGoldenAndPrintsThem() throws {
        let folder = try Review.reportWithTwoFailures()
        let before = try Review.goldens(folder)
        let result = try Review.with(folder) { session in
            let answer = try session.approve(["a.json"])
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.header("Content-Type") == "application/json")
            let approved = try #require(answer.json["approved"] as? [[String: Any]])
            #expect(approved.first?["name"] as? String == "a.json")
            #expect(approved.first?["files"] as? [String] == ["golden/a.png", "golden/a.layout.json"])
            #expect(try folder.bytes("golden/a.png") == folder.bytes("report/a.actual.png"))
            #expect(try folder.bytes("golden/a.layout.json") == folder.bytes("report/a.actual.layout.json"))
            let after = try Review.goldens(folder)
            #expect(after.filter { before[$0.key] != $0.value }.keys.sorted() == ["a.layout.json", "a.png"], "only a's goldens changed")
        }
        #expect(result.status == 0 && !result.hung && !result.signalled, "\(result.stderr)")
        #expect(result.stdoutText.contains("http://127.0.0.1:"), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("approved a.json: golden/a.png, golden/a.layout.json"), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("stopped (SIGINT): 1 spec approved, 2 golden files changed in golden: commit them"), "\(result.stdoutText)")
        // The approved spec now passes its check; the other still fails.
        #expect(try Review.run(["check", "specs/a.json", "--golden", "golden", "--base", "specs", "--record", "never"] + Review.fonts, in: folder).status == 0)
        #expect(try Review.run(["check", "specs/sub/b.json", "--golden", "golden", "--base", "specs", "--record", "never"] + Review.fonts, in: folder).status == 1)
    }

    @Test func approvingAllShownWritesEveryGoldenInItsSubFolderAndTheCheckThenPasses() throws {
        let folder = try Review.reportWithTwoFailures()
        let before = try Review.goldens(folder)
        let result = try Review.with(folder, signal: SIGTERM) { session in
            let answer = try session.approve(["a.json", "sub/b.json"])
            #expect(answer.status == 200, "\(answer.text)")
            #expect(try folder.bytes("golden/sub/b.png") == folder.bytes("report/sub/b.actual.png"))
            #expect(try folder.bytes("golden/sub/b.layout.json") == folder.bytes("report/sub/b.actual.layout.json"))
            let after = try Review.goldens(folder)
            #expect(after["c.png"] == before["c.png"] && after["c.layout.json"] == before["c.layout.json"], "the passing spec's golden is left")
            // Approving again writes the same bytes: nothing else changes.
            #expect(try session.approve(["sub/b.json"]).status == 200)
            #expect(try Review.goldens(folder) == after)
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("approved sub/b.json: golden/sub/b.png, golden/sub/b.layout.json"), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("stopped (SIGTERM)"), "\(result.stdoutText)")
        #expect(try Review.run(["check", "specs", "--golden", "golden", "--record", "never"] + Review.fonts, in: folder).status == 0)
    }

    @Test func aMergedReportIsApprovedAsItsShardsWouldBe() throws {
        let folder = try Review.reportWithTwoFailures()
        _ = try Review.run(["report", "merge", "report", "-o", "merged"], in: folder)
        #expect(folder.exists("merged/run-1/sub/b.actual.layout.json"), "merge carries the actual layout report")
        try Review.with(folder, report: "merged") { session in
            let answer = try session.approve(["sub/b.json"])
            #expect(answer.status == 200, "\(answer.text)")
            #expect(try folder.bytes("golden/sub/b.png") == folder.bytes("report/sub/b.actual.png"))
            #expect(try folder.bytes("golden/sub/b.layout.json") == folder.bytes("report/sub/b.actual.layout.json"))
        }
    }

    @Test func aMissingOrWrongTokenIsRefusedWith403AndNothingIsWritten() throws {
        let folder = try Review.reportWithTwoFailures()
        let before = try Review.goldens(folder)
        let result = try Review.with(folder) { session in
            // One character changed: the first flipped to another hex digit (never to itself).
            let flipped = (session.token.first == "0" ? "1" : "0") + session.token.dropFirst()
            for token in ["", flipped, session.token + "0", "wrong"] {
                let answer = try session.approve(["a.json"], headers: ["X-Infowin-Review-Token": token])
                #expect(answer.status == 403, "token \(token): \(answer.text)")
                #expect(answer.header("Content-Type") == "application/problem+json")
                #expect((answer.json["detail"] as? String)?.contains("X-Infowin-Review-Token") == true, "\(answer.text)")
            }
            // The token goes in the header: one in the body or the query does not count.
            let query = try RawHTTP.request(
                port: session.port, "POST", "/approve?token=\(session.token)", headers: ["Content-Type": "application/json", "Origin": session.origin],
                body: Array("{\"names\": [\"a.json\"], \"token\": \"\(session.token)\"}".utf8))
            #expect(query.status == 403)
            #expect(try Review.goldens(folder) == before)
        }
        #expect(result.status == 0)
        #expect(!result.stdoutText.contains("approved "), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("no golden changed"), "\(result.stdoutText)")
    }

    @Test func crossSiteRequestsAndOtherHostsAreRefusedWith403() throws {
        let folder = try Review.reportWithTwoFailures()
        let before = try Review.goldens(folder)
        try Review.with(folder) { session in
            for origin in ["http://evil.example", "null", "http://127.0.0.1:\(session.port + 1)", "https://127.0.0.1:\(session.port)"] {
                let answer = try session.approve(["a.json"], headers: ["Origin": origin])
                #expect(answer.status == 403, "origin \(origin): \(answer.text)")
            }
            #expect(try session.approve(["a.json"], headers: ["Sec-Fetch-Site": "cross-site"]).status == 403)
            #expect(try session.approve(["a.json"], headers: ["Sec-Fetch-Site": "same-site"]).status == 403)
            // A name that resolves to 127.0.0.1 (DNS rebinding) does not get the page, nor its token.
            for host in ["evil.example", "evil.example:\(session.port)", "127.0.0.1.evil.example:\(session.port)"] {
                let page = try Self.get("/", host: host, port: session.port)
                #expect(page.status == 403, "host \(host)")
                #expect(!page.text.contains(session.token))
            }
            #expect(try Self.get("/", host: "localhost:\(session.port)", port: session.port).status == 200)
            // A form post (no custom header possible) and a post that is not JSON are refused.
            let form = try RawHTTP.request(
                port: session.port, "POST", "/approve", headers: ["Content-Type": "application/x-www-form-urlencoded", "Origin": session.origin],
                body: Array("names=a.json".utf8))
            #expect(form.status == 403)
            #expect(try session.approve(["a.json"], headers: ["Content-Type": "text/plain"]).status == 415)
            #expect(try Review.goldens(folder) == before)
            // Every answer forbids framing (no clickjacking of the approve button) and caching.
            let page = try RawHTTP.request(port: session.port, "GET", "/")
            #expect(page.header("Content-Security-Policy") == "frame-ancestors 'none'" && page.header("Cache-Control") == "no-store")
        }
    }

    @Test func aSymlinkedGoldenOrFolderIsRefusedAndNothingOfTheApprovalIsWritten() throws {
        let folder = try Review.reportWithTwoFailures()
        try folder.write("outside\n", to: "outside/b.png")
        try FileManager.default.removeItem(atPath: folder.path("golden/sub/b.png"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("golden/sub/b.png"), withDestinationPath: folder.path("outside/b.png"))
        let before = try Review.goldens(folder)
        try Review.with(folder) { session in
            let answer = try session.approve(["a.json", "sub/b.json"])
            #expect(answer.status == 403, "\(answer.text)")
            #expect((answer.json["detail"] as? String)?.contains("golden/sub/b.png is a symbolic link") == true, "\(answer.text)")
            #expect(try Review.goldens(folder) == before, "a.json, approved with it, is not written either")
            #expect(try folder.bytes("outside/b.png") == Array("outside\n".utf8))
            #expect(try folder.entries("golden").sorted() == ["a.layout.json", "a.png", "c.layout.json", "c.png", "sub"], "no temporary file is left")
        }
        // A golden sub-folder that is a link to a folder outside.
        try FileManager.default.removeItem(atPath: folder.path("golden/sub"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("golden/sub"), withDestinationPath: folder.path("outside"))
        try Review.with(folder) { session in
            let answer = try session.approve(["sub/b.json"])
            #expect(answer.status == 403, "\(answer.text)")
            #expect((answer.json["detail"] as? String)?.contains("infowin follows no link inside golden") == true, "\(answer.text)")
            #expect(try folder.entries("outside") == ["b.png"])
        }
    }

    @Test func aGoldenPathThatLeavesTheGoldenFolderIsRefused() throws {
        let folder = try Review.reportWithTwoFailures()
        var results = try #require(try JSONSerialization.jsonObject(with: Data(folder.bytes("report/results.json"))) as? [String: Any])
        var specs = try #require(results["specs"] as? [[String: Any]])
        let index = try #require(specs.firstIndex { $0["name"] as? String == "a.json" })
        let escapes = ["../golden/../outside/a.png", "../outside/a.png", "/tmp/infowin-review-escape.png", "../golden/a.layout.json"]
        for golden in escapes {
            specs[index]["golden"] = golden
            results["specs"] = specs
            try folder.write(Array(try JSONSerialization.data(withJSONObject: results)), to: "report/results.json")
            let before = try Review.goldens(folder)
            try Review.with(folder) { session in
                let answer = try session.approve(["a.json"])
                #expect(answer.status == 403, "\(golden): \(answer.text)")
                #expect((answer.json["detail"] as? String)?.contains("is not inside the golden folder golden") == true, "\(answer.text)")
            }
            #expect(try Review.goldens(folder) == before, "\(golden)")
            #expect(!folder.exists("outside") && !FileManager.default.fileExists(atPath: "/tmp/infowin-review-escape.png"))
        }
    }

    @Test func unknownSpecsPassedSpecsAndBadBodiesAreRefusedByName() throws {
        let folder = try Review.reportWithTwoFailures()
        let before = try Review.goldens(folder)
        try Review.with(folder) { session in
            let unknown = try session.approve(["a.json", "nope.json"])
            #expect(unknown.status == 404 && unknown.text.contains("nope.json"), "\(unknown.text)")
            let passed = try session.approve(["c.json"])
            #expect(passed.status == 409 && passed.text.contains("did not fail"), "\(passed.text)")
            for body in ["", "[]", "{\"names\": []}", "{\"names\": [1]}", "{\"names\": \"a.json\"}", "{names: 1}"] {
                let answer = try RawHTTP.request(
                    port: session.port, "POST", "/approve",
                    headers: ["Content-Type": "application/json", "X-Infowin-Review-Token": session.token, "Origin": session.origin], body: Array(body.utf8))
                #expect(answer.status == 400, "\(body): \(answer.text)")
                #expect((answer.json["detail"] as? String)?.hasPrefix("the approval request") == true, "\(answer.text)")
            }
            #expect(try RawHTTP.request(port: session.port, "GET", "/approve").status == 405)
            #expect(try RawHTTP.request(port: session.port, "DELETE", "/a.actual.png").status == 405)
            #expect(try Review.goldens(folder) == before)
        }
    }

    @Test func theReportFolderIsServedWithoutLeavingItOrFollowingLinks() throws {
        let folder = try Review.reportWithTwoFailures()
        try folder.write("secret\n", to: "secret.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.path("report/link.png"), withDestinationPath: folder.path("secret.txt"))
        try Review.with(folder) { session in
            let image = try RawHTTP.request(port: session.port, "GET", "/sub/b.actual.png")
            #expect(image.status == 200 && image.header("Content-Type") == "image/png")
            #expect(image.body == (try folder.bytes("report/sub/b.actual.png")))
            #expect(try RawHTTP.request(port: session.port, "GET", "/sub%2Fb.actual.png").status == 200)
            #expect(try RawHTTP.request(port: session.port, "GET", "/results.json").header("Content-Type") == "application/json")
            for path in ["/../secret.txt", "/sub/../../secret.txt", "/%2E%2E/secret.txt", "/link.png", "/missing.png"] {
                let answer = try RawHTTP.request(port: session.port, "GET", path)
                #expect(answer.status == 403 || answer.status == 404, "\(path): \(answer.status)")
                #expect(!answer.text.contains("secret\n"), "\(path): the file's text is not served")
            }
        }
    }

    @Test func eachEntrysSpecAndGoldenLinksAreServedAndNoOtherFileOutsideTheReport() throws {
        let folder = try Review.reportWithTwoFailures()
        try Review.with(folder) { session in
            let page = try RawHTTP.request(port: session.port, "GET", "/").text
            #expect(page.contains("href=\"./../specs/sub/b.json\"") && page.contains("href=\"./../golden/sub/b.png\""), "the links the browser follows")
            // A page at / resolves ./../specs/sub/b.json to /specs/sub/b.json.
            let spec = try RawHTTP.request(port: session.port, "GET", "/specs/sub/b.json"), specBytes = try folder.bytes("specs/sub/b.json")
            #expect(spec.status == 200 && spec.header("Content-Type") == "application/json" && spec.body == specBytes)
            let golden = try RawHTTP.request(port: session.port, "GET", "/golden/sub/b.png"), goldenBytes = try folder.bytes("golden/sub/b.png")
            #expect(golden.status == 200 && golden.header("Content-Type") == "image/png" && golden.body == goldenBytes)
            #expect(try RawHTTP.request(port: session.port, "GET", "/golden/c.png").status == 200, "a passed spec's golden too")
            for path in ["/specs", "/golden/a.layout.json", "/specs/missing.json", "/etc/passwd"] {
                #expect(try RawHTTP.request(port: session.port, "GET", path).status == 404, "\(path): not a file the report links to")
            }
            // A golden swapped for a link is not followed.
            try folder.write("secret\n", to: "secret.txt")
            try FileManager.default.removeItem(atPath: folder.path("golden/c.png"))
            try FileManager.default.createSymbolicLink(atPath: folder.path("golden/c.png"), withDestinationPath: folder.path("secret.txt"))
            let linked = try RawHTTP.request(port: session.port, "GET", "/golden/c.png")
            #expect(linked.status == 403 && !linked.text.contains("secret\n"), "\(linked.status) \(linked.text)")
        }
    }

    @Test func theServedPageCarriesTheTokenAndTheWrittenPageDoesNot() throws {
        let folder = try Review.reportWithTwoFailures()
        let written = String(decoding: try folder.bytes("report/index.html"), as: UTF8.self)
        #expect(Review.token(in: written) == nil)
        var tokens: [String] = []
        for _ in 0..<2 {
            try Review.with(folder) { session in
                let page = try RawHTTP.request(port: session.port, "GET", "/")
                #expect(page.header("Content-Type") == "text/html; charset=utf-8")
                #expect(page.text.replacingOccurrences(of: "\n<meta name=\"infowin-review-token\" content=\"\(session.token)\">", with: "") == written)
                tokens.append(session.token)
            }
        }
        #expect(tokens.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) } && tokens[0] != tokens[1], "a new random token each run: \(tokens)")
    }

    @Test func aWrongCommandLineIsStatus2AndAMissingReportIsStatus1() throws {
        let folder = try Review.reportWithTwoFailures()
        for arguments in [["review", "--report", "report"], ["review", "--golden", "golden"], ["review", "--golden", "golden", "--report", "report", "--port", "70000"],
                          ["review", "--golden", "golden", "--report", "report", "--listen", "0.0.0.0:8080"], ["review", "specs", "--golden", "golden", "--report", "report"]] {
            let result = try Review.run(arguments, in: folder)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
        }
        for bind in [["--listen", "0.0.0.0:8080"], ["--host=0.0.0.0"], ["--bind", "::"]] {
            let refused = try Review.run(["review", "--golden", "golden", "--report", "report"] + bind, in: folder)
            #expect(refused.status == 2 && refused.stderr.contains("review serves on 127.0.0.1 only"), "\(bind): \(refused.stderr)")
        }
        let missing = try Review.run(["review", "--golden", "golden", "--report", "nowhere"], in: folder)
        #expect(missing.status == 1 && missing.stderr.contains("nowhere/results.json: cannot read the check results"), "\(missing.stderr)")
        let busy = try Serve.freePort()
        let other = try ListeningSocket.bind(host: "127.0.0.1", port: busy)
        defer { close(other.descriptor) }
        let taken = try Review.run(["review", "--golden", "golden", "--report", "report", "--port", "\(busy)"], in: folder)
        #expect(taken.status == 1 && taken.stderr.contains("cannot listen on 127.0.0.1:\(busy)"), "\(taken.stderr)")
    }

    @Test func helpListsTheOptionsFromTheOptionTable() throws {
        let help = try CLI.run(["review", "--help"])
        #expect(help.status == 0)
        for text in ["USAGE: infowin review --golden DIR --report DIR [--port N]", "--golden DIR", "--report DIR", "--port N", "127.0.0.1", "approve all shown", "token"] {
            #expect(help.stdoutText.contains(text), "\(text)")
        }
        let list = try CLI.run(["--help"])
        #expect(list.stdoutText.contains("review"))
    }

    /// `GET path` with `Host: host`.
    private static func get(_ path: String, host: String, port: Int) throws -> RawHTTPResponse {
        let descriptor = try RawHTTP.connect(port: port)
        defer { close(descriptor) }
        RawHTTP.write(descriptor, Array("GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8))
        return try RawHTTP.parse(RawHTTP.readAll(descriptor))
    }
}
