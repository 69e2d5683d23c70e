import Foundation
import InfoWinTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `infowin serve` under pressure: a full queue, the deadline, slow clients and SIGTERM while rendering.
/// Slowness comes from a tile server on 127.0.0.1 that answers late, so renders are slow and nothing is timed.
@Suite(.serialized) struct ServeLimitsTests {
    private let json = ["Content-Type": "application/json"]

    @Test func pastTheQueueRequestsGet503WithRetryAfterAndTheOthersFinish() throws {
        let tiles = try SlowTileHandler.server(delay: 1.5)
        let folder = try TemporaryFolder()
        try Serve.with(["--workers", "1", "--queue", "1", "--allow-private-network", "--tile-cache", folder.path("cache"), "--deadline", "60"]) { port, _ in
            let post = { (name: String) in { @Sendable () throws -> RawHTTPResponse in
                try RawHTTP.request(port: port, "POST", "/render", headers: ["Content-Type": "application/json"], body: Serve.tiledSpec(port: tiles.port, name: name))
            } }
            let running = Serve.inBackground(post("a"))
            try Serve.waitForMetric("infowin_renders_in_flight", atLeast: 1, port: port)
            let waiting = Serve.inBackground(post("b"))
            try Serve.waitForMetric("infowin_render_queue_depth", atLeast: 1, port: port)
            let refused = try post("c")()
            #expect(refused.status == 503)
            #expect(refused.header("Retry-After") != nil)
            #expect(refused.header("Content-Type") == "application/problem+json")
            #expect(running()?.status == 200)
            #expect(waiting()?.status == 200)
        }
    }

    @Test func aSmallBoundedLoadGivesTheSameBytesOnEveryThreadAndCountsEveryRequest() throws {
        let spec = Array(try Data(contentsOf: CLI.repository.appendingPathComponent("Examples/selected-marker/spec.json")))
        try Serve.with(["--workers", "2", "--queue", "64"]) { port, _ in
            let first = try RawHTTP.request(port: port, "POST", "/render", headers: json, body: spec)
            #expect(first.status == 200)
            let clients = (0..<4).map { _ in
                Serve.inBackground { () throws -> RawHTTPResponse in
                    var last = RawHTTPResponse(status: 0, headers: [], body: [])
                    for _ in 0..<20 {
                        last = try RawHTTP.request(port: port, "POST", "/render", headers: ["Content-Type": "application/json"], body: spec)
                        guard last.status == 200, last.body == first.body else { return last }
                    }
                    return last
                }
            }
            for wait in clients {
                let answer = wait()
                #expect(answer?.status == 200)
                #expect(answer?.body == first.body)
            }
            #expect(try Serve.metric("infowin_http_requests_total{status=\"200\"}", port: port) ?? 0 >= 81)
            #expect(try Serve.metric("infowin_renders_in_flight", port: port) == 0)
        }
    }

    @Test func aRenderPastTheDeadlineIsAnswered504() throws {
        try Serve.withLateRender(tileDelay: 5, deadline: "0.5", name: "late") { _, late in
            #expect(late.status == 504)
            #expect(late.header("Content-Type") == "application/problem+json")
            #expect((late.json["detail"] as? String ?? "").contains("deadline"))
        }
    }

    @Test func aClientThatSendsHalfAHeadIsDisconnected() throws {
        try Serve.with(["--workers", "1", "--client-timeout", "1"]) { port, _ in
            let descriptor = try RawHTTP.connect(port: port, timeout: 30)
            defer { close(descriptor) }
            RawHTTP.write(descriptor, Array("POST /render HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{".utf8))
            var byte: UInt8 = 0
            // 0: the server closed the connection (a read timing out would be -1).
            #expect(recv(descriptor, &byte, 1, 0) == 0)
            #expect(try RawHTTP.request(port: port, "GET", "/healthz").status == 200)
        }
    }

    @Test func sigtermFinishesTheRenderInFlightThenExitsZero() throws {
        let tiles = try SlowTileHandler.server(delay: 1.5)
        let folder = try TemporaryFolder()
        var answer: RawHTTPResponse?
        let result = try Serve.with(["--workers", "1", "--allow-private-network", "--tile-cache", folder.path("cache")]) { port, process in
            let running = Serve.inBackground {
                try RawHTTP.request(port: port, "POST", "/render", headers: ["Content-Type": "application/json"], body: Serve.tiledSpec(port: tiles.port, name: "drain"))
            }
            try Serve.waitForMetric("infowin_renders_in_flight", atLeast: 1, port: port)
            kill(process.processIdentifier, SIGTERM)
            answer = running()
            process.waitUntilExit()
            #expect((try? RawHTTP.connect(port: port, timeout: 1)) == nil, "the server still accepts after SIGTERM")
        }
        #expect(answer?.status == 200)
        #expect(answer?.header("Content-Type") == "image/png")
        #expect(result.status == 0)
        #expect(!result.signalled)
        #expect(result.stderr.contains("\"stopped\": \"SIGTERM\""))
    }
}
