import Foundation
import InfoWinTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `infowin serve` end to end: a server on 127.0.0.1 per test, asked as a client asks, compared with the CLI.
@Suite(.serialized) struct ServeCommandTests {
    private let example = CLI.repository.appendingPathComponent("Examples/selected-marker")
    private var specBytes: [UInt8] { Array((try? Data(contentsOf: example.appendingPathComponent("spec.json"))) ?? Data()) }
    private let json = ["Content-Type": "application/json"]

    /// What `infowin render` writes for the example with `options` (pinned fonts).
    private func cliRender(_ spec: String, _ options: [String]) throws -> [UInt8] {
        let result = try CLI.run(["render", spec, "-o", "-"] + options + CLI.pinnedFontOptions)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test func postRenderAnswersTheBytesInfowinRenderWritesInEveryFormatScaleAndSelection() throws {
        let spec = example.appendingPathComponent("spec.json").path
        let result = try Serve.with(["--workers", "2", "--asset-root", example.path] + CLI.pinnedFontOptions) { port, _ in
            let plain = try RawHTTP.request(port: port, "POST", "/render", headers: json, body: specBytes)
            #expect(plain.status == 200)
            #expect(plain.header("Content-Type") == "image/png")
            #expect(plain.body == (try cliRender(spec, ["--format", "png"])))
            let scaled = try RawHTTP.request(port: port, "POST", "/render?scale=2&select=paris", headers: json, body: specBytes)
            #expect(scaled.body == (try cliRender(spec, ["--format", "png", "--scale", "2", "--select", "paris"])))
            let webp = try RawHTTP.request(port: port, "POST", "/render?format=webp", headers: json, body: specBytes)
            #expect(webp.header("Content-Type") == "image/webp")
            #expect(webp.body == (try cliRender(spec, ["--format", "webp"])))
            let jpeg = try RawHTTP.request(port: port, "POST", "/render", headers: json.merging(["Accept": "image/jpeg, image/png;q=0.5"]) { $1 }, body: specBytes)
            #expect(jpeg.header("Content-Type") == "image/jpeg")
            #expect(jpeg.body == (try cliRender(spec, ["--format", "jpeg"])))
            let svg = try RawHTTP.request(port: port, "POST", "/render?format=svg", headers: json, body: specBytes)
            #expect(svg.body == (try cliRender(spec, ["--format", "svg"])))
        }
        #expect(result.status == 0)
    }

    @Test func layoutOneAnswersTheImageInBase64AndTheReportTheCLIWrites() throws {
        let spec = example.appendingPathComponent("spec.json").path
        try Serve.with(["--workers", "1"] + CLI.pinnedFontOptions) { port, _ in
            let answer = try RawHTTP.request(port: port, "POST", "/render?layout=1", headers: json, body: specBytes)
            #expect(answer.header("Content-Type") == "application/json")
            let object = answer.json
            let image = Data(base64Encoded: object["image"] as? String ?? "").map(Array.init)
            #expect(image == (try cliRender(spec, ["--format", "png"])))
            let folder = try TemporaryFolder()
            _ = try CLI.run(["render", spec, "-o", folder.path("o.png"), "--layout", folder.path("l.json")] + CLI.pinnedFontOptions)
            let report = Serve.json(Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("l.json")))))
            #expect(NSDictionary(dictionary: object["layout"] as? [String: Any] ?? [:]).isEqual(to: report))
            #expect(!report.isEmpty)
        }
    }

    @Test func answersCarryAStrongETagAndIfNoneMatchGets304() throws {
        try Serve.with(["--workers", "1"]) { port, _ in
            let first = try RawHTTP.request(port: port, "POST", "/render", headers: json, body: specBytes)
            let tag = try #require(first.header("ETag"))
            #expect(tag.hasPrefix("\"") && !tag.hasPrefix("W/"))
            #expect(first.header("Cache-Control") == "public, max-age=86400")
            #expect(try RawHTTP.request(port: port, "POST", "/render", headers: json, body: specBytes).header("ETag") == tag)
            let other = try RawHTTP.request(port: port, "POST", "/render?scale=3", headers: json, body: specBytes)
            #expect(other.header("ETag") != tag)
            let again = try RawHTTP.request(port: port, "POST", "/render", headers: json.merging(["If-None-Match": "\"x\", \(tag)"]) { $1 }, body: specBytes)
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.header("ETag") == tag)
            let map = "/staticmap?center=51.5,-0.12&zoom=11&size=200x100"
            let mapTag = try #require(try RawHTTP.request(port: port, "GET", map).header("ETag"))
            #expect(try RawHTTP.request(port: port, "GET", map, headers: ["If-None-Match": mapTag]).status == 304)
        }
    }

    @Test func errorsAreProblemJSONWithTheCLIsMessageAndStatus() throws {
        let folder = try TemporaryFolder()
        let bad = try folder.write(#"{"version": 1, "map": {"width": 100, "height": 100, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1}}, "markers": [{"id": "a", "position": {"latitude": 95, "longitude": 0}}]}"#, to: "bad.json")
        let cli = try CLI.run(["render", bad.path, "-o", folder.path("x.png")])
        try Serve.with(["--workers", "1", "--max-body", "2K"]) { port, _ in
            let invalid = try RawHTTP.request(port: port, "POST", "/render", headers: json, body: Array(try Data(contentsOf: bad)))
            #expect(invalid.status == 400)
            #expect(invalid.header("Content-Type") == "application/problem+json")
            let detail = invalid.json["detail"] as? String ?? ""
            #expect(detail.contains("markers[0].position.latitude"))
            // The CLI's message, the file's name aside.
            #expect(cli.stderr.contains(detail.replacingOccurrences(of: "<request>: ", with: "")))
            #expect(invalid.json["status"] as? Int == 400)
            #expect(invalid.json["title"] as? String == "Bad Request")
            let syntax = try RawHTTP.request(port: port, "POST", "/render", headers: json, body: Array("{\n  \"version\": 1,\n  }".utf8))
            #expect(syntax.status == 400)
            #expect((syntax.json["detail"] as? String ?? "").contains("<request>:3:"))
            let cases: [(String, String, [String: String], [UInt8], Int)] = [
                ("POST", "/render", json, Array(repeating: 32, count: 3000), 413),
                ("POST", "/render", ["Content-Type": "text/plain"], Array("{}".utf8), 415),
                ("GET", "/render", [:], [], 405),
                ("GET", "/nowhere", [:], [], 404),
                ("POST", "/render?scale=9", json, specBytes, 400),
                ("POST", "/render?format=gif", json, specBytes, 400),
                ("POST", "/render?select=nobody", json, specBytes, 400),
            ]
            for (method, target, headers, body, status) in cases {
                let answer = try RawHTTP.request(port: port, method, target, headers: headers, body: body)
                #expect(answer.status == status, "\(method) \(target)")
                #expect(answer.header("Content-Type") == "application/problem+json", "\(method) \(target)")
                #expect(answer.json["status"] as? Int == status)
                #expect(!(answer.json["detail"] as? String ?? "").isEmpty)
            }
        }
    }

    @Test func withATokenFileRendersNeedABearerTokenAndHealthDoesNot() throws {
        let folder = try TemporaryFolder()
        let tokens = try folder.write("# tokens\nsecret-one\n\nsecret-two\n", to: "tokens")
        try Serve.with(["--workers", "1", "--token-file", tokens.path]) { port, _ in
            let none = try RawHTTP.request(port: port, "POST", "/render", headers: json, body: specBytes)
            #expect(none.status == 401)
            #expect(none.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
            #expect(try RawHTTP.request(port: port, "POST", "/render", headers: json.merging(["Authorization": "Bearer wrong"]) { $1 }, body: specBytes).status == 401)
            #expect(try RawHTTP.request(port: port, "GET", "/staticmap?center=0,0&zoom=1&size=50x50", headers: ["Authorization": "Basic c2VjcmV0LXR3bw=="]).status == 401)
            #expect(try RawHTTP.request(port: port, "POST", "/render", headers: json.merging(["Authorization": "Bearer secret-two"]) { $1 }, body: specBytes).status == 200)
            // Compared whole (by digest, every token each time): a prefix, a longer token or another case is no token.
            for guess in ["secret-tw", "secret-two2", "SECRET-TWO", "secret-one secret-two"] {
                #expect(try RawHTTP.request(port: port, "POST", "/render", headers: json.merging(["Authorization": "Bearer " + guess]) { $1 }, body: specBytes).status == 401, "\(guess)")
            }
            #expect(try RawHTTP.request(port: port, "POST", "/render", headers: json.merging(["Authorization": "Bearer secret-one"]) { $1 }, body: specBytes).status == 200)
            #expect(try RawHTTP.request(port: port, "GET", "/healthz").status == 200)
        }
    }

    @Test func corsIsOffUnlessAnOriginIsGiven() throws {
        try Serve.with(["--workers", "1"]) { port, _ in
            let answer = try RawHTTP.request(port: port, "GET", "/staticmap?center=0,0&zoom=1&size=50x50", headers: ["Origin": "https://shop.example"])
            #expect(answer.status == 200)
            #expect(answer.header("Access-Control-Allow-Origin") == nil)
        }
        try Serve.with(["--workers", "1", "--cors", "https://shop.example"]) { port, _ in
            let answer = try RawHTTP.request(port: port, "GET", "/staticmap?center=0,0&zoom=1&size=50x50", headers: ["Origin": "https://shop.example"])
            #expect(answer.header("Access-Control-Allow-Origin") == "https://shop.example")
            let preflight = try RawHTTP.request(port: port, "OPTIONS", "/render", headers: ["Origin": "https://shop.example", "Access-Control-Request-Method": "POST"])
            #expect(preflight.status == 204)
            #expect(preflight.header("Access-Control-Allow-Methods")?.contains("POST") == true)
            #expect(preflight.header("Access-Control-Allow-Origin") == "https://shop.example")
        }
    }

    @Test func postedSpecsReadOnlyInsideTheAssetRootsAndRelativePathsStartAtTheFirst() throws {
        let icon = CLI.repository.appendingPathComponent("Examples/custom-icon")
        let spec = Array(try Data(contentsOf: icon.appendingPathComponent("spec.json")))
        let escape = { (path: String) in
            Array(#"{"version": 1, "map": {"width": 100, "height": 100, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1}}, "markers": [{"id": "a", "position": {"latitude": 0, "longitude": 0}, "icon": "\#(path)"}]}"#.utf8)
        }
        try Serve.with(["--workers", "1", "--asset-root", icon.path] + CLI.pinnedFontOptions) { port, _ in
            let answer = try RawHTTP.request(port: port, "POST", "/render", headers: json, body: spec)
            #expect(answer.status == 200)
            #expect(answer.body == (try cliRender(icon.appendingPathComponent("spec.json").path, ["--format", "png"])))
            for path in ["../selected-marker/spec.json", "/etc/passwd", "../../../../../../etc/passwd"] {
                let refused = try RawHTTP.request(port: port, "POST", "/render", headers: json, body: escape(path))
                #expect(refused.status == 400, "\(path)")
                #expect((refused.json["detail"] as? String ?? "").contains("outside the allowed folder"), "\(path)")
            }
            for template in ["../selected-marker/spec", "%2e%2e%2fselected-marker%2fspec", ".hidden", "a/b"] {
                #expect(try RawHTTP.request(port: port, "GET", "/staticmap?template=\(template)").status == 400, "\(template)")
            }
        }
        // Without an asset root, a posted spec reads no file at all.
        try Serve.with(["--workers", "1"]) { port, _ throws in
            #expect(try RawHTTP.request(port: port, "POST", "/render", headers: json, body: spec).status == 400)
        }
    }

    @Test func tileServersOnPrivateAddressesAreRefusedUnlessAllowed() throws {
        let tiles = try SlowTileHandler.server(delay: 0)
        let folder = try TemporaryFolder()
        try Serve.with(["--workers", "1", "--tile-cache", folder.path("cache")]) { port, _ in
            let refused = try RawHTTP.request(port: port, "POST", "/render", headers: json, body: Serve.tiledSpec(port: tiles.port, name: "a"))
            #expect(refused.status == 400)
            #expect((refused.json["detail"] as? String ?? "").contains("map.tiles.source"))
        }
        try Serve.with(["--workers", "1", "--tile-cache", folder.path("cache"), "--allow-private-network"]) { port, _ throws in
            #expect(try RawHTTP.request(port: port, "POST", "/render", headers: json, body: Serve.tiledSpec(port: tiles.port, name: "a")).status == 200)
            #expect(try Serve.metric("infowin_tile_cache_misses_total", port: port) ?? 0 >= 1)
            #expect(try RawHTTP.request(port: port, "POST", "/render", headers: json, body: Serve.tiledSpec(port: tiles.port, name: "a")).status == 200)
            #expect(try Serve.metric("infowin_tile_cache_hits_total", port: port) ?? 0 >= 1)
        }
    }

    @Test func healthReadinessMetricsAndOneJSONLogLineARequest() throws {
        let result = try Serve.with(["--workers", "2"]) { port, _ in
            #expect(try RawHTTP.request(port: port, "GET", "/healthz").status == 200)
            #expect(try RawHTTP.request(port: port, "GET", "/readyz").status == 200)
            #expect(try Serve.metric("infowin_workers_ready", port: port) == 2)
            _ = try RawHTTP.request(port: port, "POST", "/render", headers: json, body: specBytes)
            _ = try RawHTTP.request(port: port, "GET", "/nowhere")
            let metrics = try RawHTTP.request(port: port, "GET", "/metrics")
            #expect(metrics.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
            for line in ["infowin_http_requests_total{status=\"200\"}", "infowin_http_requests_total{status=\"404\"} 1",
                         "infowin_http_request_duration_seconds_bucket{le=\"+Inf\"}", "infowin_render_queue_depth 0",
                         "infowin_renders_in_flight 0", "infowin_tile_cache_hits_total", "infowin_tile_cache_misses_total"] {
                #expect(metrics.text.contains(line), "\(line)")
            }
        }
        let lines = result.stderr.split(separator: "\n").map { Serve.json(Array($0.utf8)) }.filter { $0["method"] != nil }
        let render = try #require(lines.first { $0["path"] as? String == "/render" })
        #expect(render["status"] as? Int == 200)
        #expect((render["bytes"] as? Int ?? 0) > 0)
        #expect(render["ms"] is NSNumber)
        #expect((render["time"] as? String ?? "").hasSuffix("Z"))
        #expect(lines.contains { $0["path"] as? String == "/nowhere" && $0["status"] as? Int == 404 })
    }

    @Test func hostileBodiesAreRefusedAndTheServerStaysUp() throws {
        var bodies: [[UInt8]] = [
            [], [0xFF, 0xFE, 0x00], Array(String(repeating: "[", count: 100_000).utf8), Array("{\"version\": 1e999}".utf8),
            Array("{\"version\": 1, \"version\": 1}".utf8), Array("{\"map\": {\"width\": 4096, \"height\": 4096, \"scale\": 4}}".utf8),
            Array(#"{"version": 1, "map": {"width": 10, "height": 10, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1}}, "markers": [{"id": "a", "position": {"latitude": 0, "longitude": 0}, "title": "\u0000\ud800"}]}"#.utf8),
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<8 { bodies.append((0..<200).map { _ in UInt8.random(in: 0...255, using: &generator) }) }
        try Serve.with(["--workers", "2"]) { port, _ in
            for body in bodies {
                let answer = try RawHTTP.request(port: port, "POST", "/render", headers: json, body: body)
                #expect(answer.status == 400, "\(body.prefix(40))")
            }
            #expect(try RawHTTP.request(port: port, "GET", "/healthz").status == 200)
        }
    }

    @Test func wrongCommandLinesExitTwo() throws {
        for arguments in [["--listen", "nowhere"], ["--workers", "0"], ["--queue", "-1"], ["--max-body", "0"], ["--deadline", "0"],
                          ["--token-file", "/nonexistent/tokens"], ["spec.json"]] {
            let result = try CLI.run(["serve"] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("infowin serve:"), "\(arguments)")
        }
        let help = try CLI.run(["serve", "--help"])
        for option in ["--listen", "--workers", "--queue", "--asset-root", "--token-file", "--cors", "--max-body", "--deadline", "--config", "--allow-private-network"] {
            #expect(help.stdoutText.contains(option), "\(option)")
        }
    }
}
