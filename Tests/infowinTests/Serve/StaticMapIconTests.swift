import Foundation
import Graphics
import HTTPServer
import InfoWinCheck
import InfoWinTestSupport
import Testing

/// An icon server on 127.0.0.1: each path answers its own bytes, and every request is counted.
final class IconHandler: HTTPHandler, @unchecked Sendable {
    private let files: [String: HTTPResponse]
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    init(_ files: [String: HTTPResponse]) { self.files = files }

    func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        lock.withLock { counts[request.path, default: 0] += 1 }
        responder.respond(files[request.path] ?? HTTPResponse(status: 404, body: Array("no such icon".utf8)))
    }

    /// Requests made for `path` so far.
    func requests(_ path: String) -> Int { lock.withLock { counts[path] ?? 0 } }

    static func png(_ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", "image/png")], body: bytes)
    }
}

/// `/staticmap`'s `markers=icon:` (from hosts `--allow-icon-host` names, or from the first asset root),
/// `scale:` as the icon's pixel density and `anchor:X,Y` in its pixels, checked on the pixels drawn by a
/// server on 127.0.0.1.
@Suite(.serialized) struct StaticMapIconTests {
    /// A red icon 20 × 40 pixels.
    static let redIcon = PNG.solid(width: 20, height: 40, rgba: [0xFF, 0x00, 0x00, 0xFF])

    /// A 100 × 100 map centred on 0,0 with one marker there (at pixel 50,50): `style` is its style.
    static func query(_ style: String) -> String {
        "/staticmap?size=100x100&center=0,0&zoom=3&markers=" + style + "|0,0"
    }

    /// True when the answer's pixel at x, y is the icon's red.
    static func isRed(_ image: PixelImage, _ x: Int, _ y: Int) -> Bool {
        let pixel = image.pixels[y * image.width + x]
        return (pixel >> 16) & 0xFF > 200 && (pixel >> 8) & 0xFF < 60 && pixel & 0xFF < 60
    }

    static func image(_ answer: RawHTTPResponse) throws -> PixelImage {
        try #require(PixelImage(png: answer.body), "\(answer.status) \(answer.text.prefix(300))")
    }

    /// Runs a server whose icons may come from the icon server, with `options` besides.
    static func withIconServer(
        _ files: [String: HTTPResponse], options: [String] = [], _ body: (_ port: Int, _ iconHost: String, _ icons: IconHandler) throws -> Void
    ) throws {
        let handler = IconHandler(files)
        let server = try HTTPServer(socket: try ListeningSocket.bind(host: "127.0.0.1", port: 0), handler: handler)
        defer { server.stop() }
        let cache = try TemporaryFolder()
        let host = "127.0.0.1:\(server.port)"
        try Serve.with(["--workers", "1", "--allow-private-network", "--tile-cache", cache.path("tiles"), "--allow-icon-host", host] + options) { port, _ in
            try body(port, host, handler)
        }
    }

    @Test func anIconFromAnAllowedHostIsDrawnBottomCentreOnItsLocationAndFetchedOnce() throws {
        try Self.withIconServer(["/red.png": IconHandler.png(Self.redIcon)]) { port, host, icons in
            let answer = try RawHTTP.request(port: port, "GET", Self.query("icon:http://\(host)/red.png"))
            #expect(answer.status == 200, "\(answer.text.prefix(300))")
            let image = try Self.image(answer)
            // 20 × 40 points, its bottom centre on the location (50, 50): x 40…60, y 10…50.
            #expect(Self.isRed(image, 50, 30) && Self.isRed(image, 42, 14) && Self.isRed(image, 58, 47))
            #expect(!Self.isRed(image, 50, 55) && !Self.isRed(image, 35, 30) && !Self.isRed(image, 50, 6))
            // A second request takes the icon from the tile cache.
            #expect(try RawHTTP.request(port: port, "GET", Self.query("icon:http://\(host)/red.png|color:blue")).status == 200)
            #expect(icons.requests("/red.png") == 1)
        }
    }

    @Test func anIconAtScaleTwoIsDrawnAtHalfItsPixelSize() throws {
        try Self.withIconServer(["/red.png": IconHandler.png(Self.redIcon)]) { port, host, _ in
            let image = try Self.image(try RawHTTP.request(port: port, "GET", Self.query("scale:2|icon:http://\(host)/red.png")))
            // 10 × 20 points: x 45…55, y 30…50.
            #expect(Self.isRed(image, 50, 40) && Self.isRed(image, 46, 32))
            #expect(!Self.isRed(image, 42, 40) && !Self.isRed(image, 50, 25))
        }
    }

    @Test func anAnchorInTheIconsPixelsPutsThatPixelOnTheLocation() throws {
        try Self.withIconServer(["/red.png": IconHandler.png(Self.redIcon)]) { port, host, _ in
            // Its top-left pixel on the location: x 50…70, y 50…90.
            let topLeft = try Self.image(try RawHTTP.request(port: port, "GET", Self.query("anchor:0,0|icon:http://\(host)/red.png")))
            #expect(Self.isRed(topLeft, 60, 70) && Self.isRed(topLeft, 52, 52) && !Self.isRed(topLeft, 47, 70) && !Self.isRed(topLeft, 60, 47))
            // The pixel 10,10 of an icon at scale 2 (5 points in): x 45…55, y 45…65.
            let scaled = try Self.image(try RawHTTP.request(port: port, "GET", Self.query("anchor:10,10|scale:2|icon:http://\(host)/red.png")))
            #expect(Self.isRed(scaled, 50, 60) && Self.isRed(scaled, 46, 46) && !Self.isRed(scaled, 50, 42) && !Self.isRed(scaled, 57, 55))
            let layout = try RawHTTP.request(port: port, "GET", Self.query("anchor:5,30|icon:http://\(host)/red.png") + "&layout=1")
            let marker = (layout.json["layout"] as? [String: Any]).flatMap { ($0["markers"] as? [[String: Any]])?.first }
            // The pixel 5,30 of the 20 × 40 icon on 50,50: its frame starts at 45,20.
            let frame = marker?["icon"] as? [String: Double]
            #expect(frame == ["x": 45, "y": 20, "width": 20, "height": 40], "\(layout.text.prefix(400))")
        }
    }

    @Test func anAnchorThatIsNeitherANameNorPixelsOrOutsideTheIconIs400() throws {
        try Self.withIconServer(["/red.png": IconHandler.png(Self.redIcon)]) { port, host, _ in
            for anchor in ["anchor:middle", "anchor:1,2,3", "anchor:-1,4", "anchor:1.5,2", "anchor:,", "anchor:99999999,1"] {
                let answer = try RawHTTP.request(port: port, "GET", Self.query("\(anchor)|icon:http://\(host)/red.png"))
                #expect(answer.status == 400 && (answer.json["detail"] as? String ?? "").hasPrefix("markers: anchor:"), "\(anchor): \(answer.text)")
            }
            let outside = try RawHTTP.request(port: port, "GET", Self.query("anchor:21,10|icon:http://\(host)/red.png"))
            #expect(outside.status == 400 && (outside.json["detail"] as? String ?? "").contains("20 × 40"), "\(outside.text)")
            let noIcon = try RawHTTP.request(port: port, "GET", Self.query("anchor:3,4"))
            #expect(noIcon.status == 400 && (noIcon.json["detail"] as? String ?? "").contains("icon"), "\(noIcon.text)")
        }
    }

    @Test func anIconFromAHostNotAllowedIs400NamingTheHostAndTheOption() throws {
        try Self.withIconServer(["/red.png": IconHandler.png(Self.redIcon)]) { port, host, icons in
            for url in ["http://icons.example.com/red.png", "https://127.0.0.1:1/red.png", "http://user@\(host)/red.png", "ftp://\(host)/red.png"] {
                let answer = try RawHTTP.request(port: port, "GET", Self.query("icon:" + url))
                let detail = answer.json["detail"] as? String ?? ""
                #expect(answer.status == 400 && detail.hasPrefix("markers: icon:"), "\(url): \(answer.text)")
            }
            let other = try RawHTTP.request(port: port, "GET", Self.query("icon:http://icons.example.com/red.png"))
            let detail = other.json["detail"] as? String ?? ""
            #expect(detail.contains("icons.example.com") && detail.contains("--allow-icon-host"), "\(detail)")
            #expect(icons.requests("/red.png") == 0)
        }
    }

    @Test func hostileIconsAreRefusedWith400NamingTheIcon() throws {
        let files = [
            "/huge.png": IconHandler.png(PNG.solid(width: 2, height: 2, claiming: (5000, 5000))),
            "/text.png": IconHandler.png(Array("<html>not an icon</html>".utf8)),
            "/big.png": IconHandler.png(PNG.solid(width: 600, height: 600)),
            "/moved.png": HTTPResponse(status: 302, headers: [HTTPHeaderField("Location", "http://icons.example.com/red.png")]),
        ]
        try Self.withIconServer(files) { port, host, _ in
            for (name, expected) in [("huge.png", "4096"), ("text.png", "text.png"), ("big.png", "1 MiB"), ("missing.png", "404"), ("moved.png", "redirect")] {
                let answer = try RawHTTP.request(port: port, "GET", Self.query("icon:http://\(host)/\(name)"))
                let detail = answer.json["detail"] as? String ?? ""
                #expect(answer.status == 400 && detail.contains(expected), "\(name): \(answer.status) \(detail)")
            }
            #expect(try RawHTTP.request(port: port, "GET", "/healthz").status == 200)
        }
        // Without --allow-private-network an allowed host on a private address is still refused, as tiles are.
        let handler = IconHandler(["/red.png": IconHandler.png(Self.redIcon)])
        let server = try HTTPServer(socket: try ListeningSocket.bind(host: "127.0.0.1", port: 0), handler: handler)
        defer { server.stop() }
        let cache = try TemporaryFolder()
        try Serve.with(["--workers", "1", "--tile-cache", cache.path("tiles"), "--allow-icon-host", "127.0.0.1:\(server.port)"]) { port, _ in
            let answer = try RawHTTP.request(port: port, "GET", Self.query("icon:http://127.0.0.1:\(server.port)/red.png"))
            #expect(answer.status == 400 && (answer.json["detail"] as? String ?? "").contains("--allow-private-network"), "\(answer.text)")
            #expect(handler.requests("/red.png") == 0)
        }
    }

    @Test func anIconPathIsReadFromTheFirstAssetRootAndNotOutsideIt() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write(Self.redIcon, to: "assets/icons/red.png")
        _ = try folder.write(Self.redIcon, to: "secret/red.png")
        try Serve.with(["--workers", "1", "--asset-root", folder.path("assets")]) { port, _ in
            let answer = try RawHTTP.request(port: port, "GET", Self.query("anchor:10,0|icon:icons/red.png"))
            let image = try Self.image(answer)
            // Its top centre on the location: x 40…60, y 50…90.
            #expect(Self.isRed(image, 50, 70) && !Self.isRed(image, 50, 45))
            for path in ["../secret/red.png", folder.path("secret/red.png"), "icons/none.png"] {
                let refused = try RawHTTP.request(port: port, "GET", Self.query("icon:" + path))
                #expect(refused.status == 400, "\(path): \(refused.text)")
            }
        }
        try Serve.with(["--workers", "1"]) { port, _ in
            let refused = try RawHTTP.request(port: port, "GET", Self.query("icon:icons/red.png"))
            #expect(refused.status == 400 && (refused.json["detail"] as? String ?? "").contains("--asset-root"), "\(refused.text)")
        }
    }

    @Test func anIconHostThatIsNotHostOrHostAndPortIsAUsageErrorNamingTheOption() throws {
        for value in ["http://icons.example.com", "icons.example.com:99999", "", "a b", "[::1"] {
            let result = try CLI.run(["serve", "--listen", "127.0.0.1:0", "--allow-icon-host", value])
            #expect(result.status == 2 && result.stderr.contains("--allow-icon-host"), "\(value): \(result.stderr)")
        }
    }
}
