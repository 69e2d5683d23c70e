import Foundation
import InfoWinTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `infowin serve` held to HTTP/1.1 against hostile clients (the fourth hostile round): smuggling by
/// framing a request two ways, transfer codings it does not know, slow heads and bodies, one address taking
/// every connection, and what an error may tell. Limits are set small so each test runs in seconds.
@Suite(.serialized) struct HostileHTTPTests {
    /// Every byte the server sends on one connection for `bytes`, until it closes it.
    private static func exchange(port: Int, _ bytes: [UInt8]) throws -> [UInt8] {
        let descriptor = try RawHTTP.connect(port: port, timeout: 20)
        defer { close(descriptor) }
        RawHTTP.write(descriptor, bytes)
        return RawHTTP.readAll(descriptor)
    }

    /// The number of status lines in `bytes` (each answer starts with one).
    private static func answers(_ bytes: [UInt8]) -> Int {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "HTTP/1.1 ").count - 1
    }

    /// True when the server closed `descriptor` (a read gives end of file or a reset), within `attempts`
    /// reads each waiting up to the socket's timeout; `between` runs before each read (a trickle of bytes).
    private static func isClosed(_ descriptor: Int32, attempts: Int, between: () -> Void = {}) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<attempts {
            between()
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { return true }
        }
        return false
    }

    private static let smuggled = Array("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n".utf8)

    /// Sends `request` on one connection: exactly one answer comes back, a 400 as problem+json whose detail
    /// names `header` (the smuggled request after the body is never answered).
    private static func expectOneProblem400(port: Int, _ request: [UInt8], naming header: String) throws {
        let bytes = try exchange(port: port, request)
        #expect(answers(bytes) == 1, "\(String(decoding: bytes, as: UTF8.self))")
        let answer = try RawHTTP.parse(bytes)
        #expect(answer.status == 400)
        #expect(answer.header("Content-Type") == "application/problem+json")
        #expect((answer.json["detail"] as? String ?? "").contains(header))
    }

    @Test func twoContentLengthsAre400AndTheRestOfTheBodyIsNeverASecondRequest() throws {
        try Serve.with(["--workers", "1"]) { port, _ in
            let body = Array("{}".utf8) + Self.smuggled
            let head = "POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: \(body.count)\r\n\r\n"
            try Self.expectOneProblem400(port: port, Array(head.utf8) + body, naming: "Content-Length")
        }
    }

    @Test func contentLengthWithTransferEncodingIs400AndTheConnectionCloses() throws {
        try Serve.with(["--workers", "1"]) { port, _ in
            let chunks = Array("2\r\n{}\r\n0\r\n\r\n".utf8) + Self.smuggled
            let head = "POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(chunks.count)\r\nTransfer-Encoding: chunked\r\n\r\n"
            try Self.expectOneProblem400(port: port, Array(head.utf8) + chunks, naming: "Transfer-Encoding")
        }
    }

    @Test func aTransferCodingOtherThanChunkedIs501AsProblemJSON() throws {
        try Serve.with(["--workers", "1"]) { port, _ in
            for coding in ["gzip", "chunked, gzip", "identity", "x-custom"] {
                let head = "POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: \(coding)\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
                let bytes = try Self.exchange(port: port, Array(head.utf8) + Self.smuggled)
                #expect(Self.answers(bytes) == 1, "\(coding): \(String(decoding: bytes, as: UTF8.self))")
                let answer = try RawHTTP.parse(bytes)
                #expect(answer.status == 501, "\(coding)")
                #expect(answer.header("Content-Type") == "application/problem+json", "\(coding)")
            }
            // Chunked alone is read as it always was.
            let spec = Array(try Data(contentsOf: CLI.repository.appendingPathComponent("Examples/selected-marker/spec.json")))
            let chunked = Array("\(String(spec.count, radix: 16))\r\n".utf8) + spec + Array("\r\n0\r\n\r\n".utf8)
            let head = "POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            #expect(try RawHTTP.parse(Self.exchange(port: port, Array(head.utf8) + chunked)).status == 200)
        }
    }

    @Test func headsLibmicrohttpdWouldRefuseWithHTMLAreAnsweredAsProblemJSON() throws {
        let cases: [(String, [UInt8], Int)] = [
            ("no Host", Array("GET /healthz HTTP/1.1\r\n\r\n".utf8), 400),
            ("a field without a colon", Array("GET /healthz HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n".utf8), 400),
            ("space before the colon", Array("GET /healthz HTTP/1.1\r\nHost: x\r\nX-A : b\r\n\r\n".utf8), 400),
            ("a folded field", Array("GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: b\r\n c\r\n\r\n".utf8), 400),
            ("HTTP/2.0", Array("GET /healthz HTTP/2.0\r\nHost: x\r\n\r\n".utf8), 505),
            ("no version", Array("GET /healthz\r\nHost: x\r\n\r\n".utf8), 400),
            ("a URL longer than the head limit", Array("GET /staticmap?size=\(String(repeating: "9", count: 70_000)) HTTP/1.1\r\nHost: x\r\n\r\n".utf8), 414),
            ("a field longer than the head limit", Array("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "b", count: 70_000))\r\n\r\n".utf8), 431),
            ("a Content-Length that is no number", Array("POST /render HTTP/1.1\r\nHost: x\r\nContent-Length: 12abc\r\n\r\n".utf8), 400),
            ("an oversized chunk extension", Array("POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2;\(String(repeating: "e", count: 70_000))\r\n{}\r\n0\r\n\r\n".utf8), 400),
        ]
        try Serve.with(["--workers", "1"]) { port, _ in
            for (name, request, status) in cases {
                let bytes = try Self.exchange(port: port, request)
                let answer = try RawHTTP.parse(bytes)
                #expect(answer.status == status, "\(name): \(answer.status)")
                #expect(answer.header("Content-Type") == "application/problem+json", "\(name): \(String(decoding: bytes.prefix(300), as: UTF8.self))")
                #expect(answer.json["status"] as? Int == status && !answer.text.lowercased().contains("<html"), "\(name)")
            }
            #expect(try RawHTTP.request(port: port, "GET", "/healthz").status == 200)
        }
    }

    @Test func aHeadTrickledPastTheHeaderTimeoutIsClosedHoweverSteadyItsBytes() throws {
        try Serve.with(["--workers", "1", "--header-timeout", "1", "--client-timeout", "60"]) { port, _ in
            let descriptor = try RawHTTP.connect(port: port, timeout: 1)
            defer { close(descriptor) }
            RawHTTP.write(descriptor, Array("GET /healthz HTTP/1.1\r\nHost: x\r\n".utf8))
            var line = 0
            // A header line every 0.2 s: never idle for the client timeout, yet the head never ends.
            let closed = Self.isClosed(descriptor, attempts: 150) {
                line += 1
                RawHTTP.write(descriptor, Array("X-Slow-\(line): y\r\n".utf8))
                usleep(200_000)
            }
            #expect(closed, "the slow head's connection stayed open")
            #expect(try RawHTTP.request(port: port, "GET", "/healthz").status == 200)
        }
    }

    @Test func aBodySlowerThanTheMinimumRateIsClosedAfterItsFirstSeconds() throws {
        try Serve.with(["--workers", "1", "--header-timeout", "1", "--min-body-rate", "1000", "--client-timeout", "60"]) { port, _ in
            let descriptor = try RawHTTP.connect(port: port, timeout: 1)
            defer { close(descriptor) }
            RawHTTP.write(descriptor, Array("POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{".utf8))
            // Ten bytes every 0.2 s is 50 bytes a second, under the 1,000 asked for.
            let closed = Self.isClosed(descriptor, attempts: 150) {
                RawHTTP.write(descriptor, Array(repeating: UInt8(ascii: " "), count: 10))
                usleep(200_000)
            }
            #expect(closed, "the slow body's connection stayed open")
            #expect(try Serve.metric("infowin_renders_in_flight", port: port) == 0)
        }
    }

    @Test(arguments: [
        "GET /healthz HTTP/1.1\r\nHost: x\r\n",
        "POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
    ])
    func oneAddressHoldsAtMostItsConnectionsItsOldestSlowRequestGivingWay(slowStart: String) throws {
        try Serve.with(["--workers", "1", "--max-connections-per-address", "3", "--header-timeout", "60", "--client-timeout", "60"]) { port, _ in
            // A slowloris from 127.0.0.1: heads (or bodies) begun and never ended.
            var held: [Int32] = []
            defer { held.forEach { close($0) } }
            for _ in 0..<3 {
                let descriptor = try RawHTTP.connect(port: port, timeout: 2)
                RawHTTP.write(descriptor, Array(slowStart.utf8))
                held.append(descriptor)
                // Each one's head is seen before the next connects, so their order is known.
                usleep(100_000)
            }
            #expect(try RawHTTP.request(port: port, "GET", "/healthz", source: "127.0.0.2").status == 200, "another address is answered")
            let fourth = try RawHTTP.request(port: port, "GET", "/healthz")
            #expect(fourth.status == 200, "a fourth request from the same address gets in")
            #expect(Self.isClosed(held[0], attempts: 5), "the oldest unfinished request gave way")
            var byte: UInt8 = 0
            for descriptor in held.dropFirst() {
                #expect(recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT)) < 0 && errno == EAGAIN, "a newer slow request is still open")
            }
        }
    }

    @Test func answersToTokenHoldersAreCachePrivate() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("s3cret\n", to: "tokens")
        let spec = Array(try Data(contentsOf: CLI.repository.appendingPathComponent("Examples/selected-marker/spec.json")))
        try Serve.with(["--workers", "1", "--token-file", folder.path("tokens")]) { port, _ in
            let image = try RawHTTP.request(
                port: port, "POST", "/render", headers: ["Content-Type": "application/json", "Authorization": "Bearer s3cret"], body: spec)
            #expect(image.status == 200)
            #expect(image.header("Cache-Control") == "private")
            #expect(image.headers.filter { $0.name.lowercased() == "cache-control" }.count == 1)
            let map = try RawHTTP.request(port: port, "GET", "/staticmap?center=0,0&zoom=1&size=40x30", headers: ["Authorization": "Bearer s3cret"])
            #expect(map.status == 200 && map.header("Cache-Control") == "private")
            let refused = try RawHTTP.request(port: port, "POST", "/render", headers: ["Content-Type": "application/json"], body: spec)
            #expect(refused.status == 401 && refused.header("Cache-Control") == "private")
        }
    }

    @Test func sigtermClosesTheListeningSocketBeforeTheRenderInFlightFinishes() throws {
        let tiles = try SlowTileHandler.server(delay: 3)
        let folder = try TemporaryFolder()
        var answer: RawHTTPResponse?
        var refusedWhileRunning = false
        try Serve.with(["--workers", "1", "--allow-private-network", "--tile-cache", folder.path("cache"), "--deadline", "60"]) { port, process in
            let running = Serve.inBackground {
                try RawHTTP.request(port: port, "POST", "/render", headers: ["Content-Type": "application/json"], body: Serve.tiledSpec(port: tiles.port, name: "closing"))
            }
            try Serve.waitForMetric("infowin_renders_in_flight", atLeast: 1, port: port)
            kill(process.processIdentifier, SIGTERM)
            for _ in 0..<200 {
                guard let descriptor = try? RawHTTP.connect(port: port, timeout: 1) else {
                    refusedWhileRunning = process.isRunning
                    break
                }
                close(descriptor)
                usleep(10_000)
            }
            answer = running()
        }
        #expect(refusedWhileRunning, "a connection was still accepted after SIGTERM, or only once the server had exited")
        #expect(answer?.status == 200)
    }

    @Test func errorsNameNoServerPathLinkTargetOrResolvedAddress() throws {
        let folder = try TemporaryFolder()
        let root = folder.path("assets")
        try FileManager.default.createDirectory(atPath: root + "/icons", withIntermediateDirectories: true)
        _ = try folder.write("{\"secret\": 1}", to: "outside/hidden.json")
        try FileManager.default.createSymbolicLink(atPath: root + "/linked.json", withDestinationPath: folder.path("outside/hidden.json"))
        try FileManager.default.createSymbolicLink(atPath: root + "/icons/linked.png", withDestinationPath: folder.path("outside/hidden.json"))
        let server = FileManager.default.currentDirectoryPath
        try Serve.with(["--workers", "1", "--asset-root", root]) { port, _ in
            var details: [String] = []
            for icon in ["icons/missing.png", "icons/linked.png", "../outside/hidden.json", "/etc/infowin-no-such-file.png"] {
                let spec = smallSpec(markers: [marker("m", ", \"icon\": \(Specs.quoted(icon))")])
                let answer = try RawHTTP.request(port: port, "POST", "/render", headers: ["Content-Type": "application/json"], body: Array(spec.utf8))
                #expect(answer.status == 400, "\(icon): \(answer.text)")
                details.append(answer.json["detail"] as? String ?? "")
            }
            #expect(details[0].contains("icons/missing.png"), "a path inside the root is told relative to it: \(details[0])")
            #expect(details[3].contains("/etc/infowin-no-such-file.png"), "the client's own path may be echoed: \(details[3])")
            details.append(try RawHTTP.request(port: port, "GET", "/staticmap?template=linked").json["detail"] as? String ?? "")
            let tiles = "{\"version\": 1, \"map\": {\"width\": 64, \"height\": 64, \"camera\": {\"target\": {\"latitude\": 0, \"longitude\": 0}, \"zoom\": 1}, \"tiles\": {\"source\": \"http://localhost:9/{z}/{x}/{y}.png\"}}}"
            let refusedHost = try RawHTTP.request(port: port, "POST", "/render", headers: ["Content-Type": "application/json"], body: Array(tiles.utf8))
            details.append(refusedHost.json["detail"] as? String ?? refusedHost.text)
            for detail in details {
                #expect(!detail.contains(folder.url.path) && !detail.contains(folder.url.resolvingSymlinksInPath().path), "names the server's folder: \(detail)")
                #expect(!detail.contains(server) || server == "/", "names the server's working folder: \(detail)")
                #expect(!detail.contains("127.0.0.1") && !detail.contains("::1"), "tells a resolved address: \(detail)")
            }
        }
    }
}
