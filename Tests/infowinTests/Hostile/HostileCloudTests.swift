import Foundation
import InfoWinTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `serve`'s cloud inputs from hostile clients: request ids, trace context, forwarded addresses and
/// signatures made to break a log line, a header, the rate limit's memory or the signature check. Each
/// server stays up and answers `/healthz` after.
@Suite(.serialized) struct HostileCloudTests {
    private let map = "/staticmap?center=51.5,-0.12&zoom=11&size=200x100"

    /// The answer to `head` (a whole request head, `Connection: close`) sent as raw bytes.
    private static func raw(port: Int, _ head: [UInt8]) throws -> RawHTTPResponse {
        let descriptor = try RawHTTP.connect(port: port, timeout: 20)
        defer { close(descriptor) }
        RawHTTP.write(descriptor, head)
        return try RawHTTP.parse(RawHTTP.readAll(descriptor))
    }

    @Test func requestIdsThatCouldForgeALogLineOrAHeaderAreReplacedAndTracesThatAreMalformedAreLeftOut() throws {
        let badIds: [[UInt8]] = [
            Array(String(repeating: "a", count: 129).utf8), Array("a b".utf8), Array("\"}, {\"status\": 200".utf8), Array("a,b".utf8),
            Array("caf\u{e9}".utf8), [0x61, 0x80, 0xFF], Array("../../etc".utf8), Array("a\tb".utf8), Array("%0d%0aX-Evil:%201".utf8),
        ]
        let badTraces = [
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01", "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01", "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-00", "\"}, \"trace_id\": \"forged",
            String(repeating: "0", count: 4000), "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7",
        ]
        let result = try Serve.with(["--workers", "1"]) { port, _ throws in
            for (index, id) in badIds.enumerated() {
                let head = Array("GET /healthz?id=\(index) HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Request-Id: ".utf8) + id + Array("\r\n\r\n".utf8)
                let answer = try Self.raw(port: port, head)
                #expect(answer.status == 200, "\(id)")
                let given = answer.header("X-Request-Id") ?? ""
                #expect(given.count == 32 && given.allSatisfy(\.isHexDigit), "\(id): \(given)")
            }
            for trace in badTraces {
                #expect(try RawHTTP.request(port: port, "GET", map, headers: ["traceparent": trace, "X-Request-Id": "bad-trace"]).status == 200, "\(trace)")
            }
            #expect(try RawHTTP.request(port: port, "GET", "/healthz").status == 200)
        }
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("\"method\"") }
        // Every access line is one JSON object whatever was sent, with no trace from a malformed traceparent.
        for line in lines {
            let object = Serve.json(Array(line.utf8))
            #expect(object["status"] != nil, "\(line)")
            if object["request_id"] as? String == "bad-trace" { #expect(object["trace_id"] == nil && object["span_id"] == nil, "\(line)") }
        }
        #expect(lines.filter { $0.contains("bad-trace") }.count == badTraces.count)
    }

    @Test func refusalsBeforeTheHandlerCarryARequestIdToo() throws {
        try Serve.with(["--workers", "1"]) { port, _ throws in
            // Refused by the gate from the raw head, before any handler: no Host, or two lengths.
            let noHost = try Self.raw(port: port, Array("GET /healthz HTTP/1.1\r\nx-REQUEST-id:  mine \r\n\r\n".utf8))
            #expect(noHost.status == 400)
            #expect(noHost.header("X-Request-Id") == "mine")
            for bad in ["X-Request-Id: a b\r\n", "X-Request-Id: one\r\nX-Request-Id: two\r\n", ""] {
                let refused = try Self.raw(port: port, Array("GET /healthz HTTP/1.1\r\n\(bad)\r\n".utf8))
                #expect(refused.status == 400)
                #expect(refused.header("X-Request-Id")?.count == 32, "\(bad)")
            }
            let twoLengths = try Self.raw(port: port, Array("POST /render HTTP/1.1\r\nHost: x\r\nX-Request-Id: mine-2\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}".utf8))
            #expect(twoLengths.status == 400)
            #expect(twoLengths.header("X-Request-Id") == "mine-2")
        }
    }

    @Test func forwardedGarbageFromATrustedProxyCannotMintBuckets() throws {
        let garbage = [
            "for=", "for=unknown", "for=_obfuscated", "for=\"[::1\"", "for=\"\"", "for=999.1.1.1", "for=1.2.3", "FOR", ";;;;", ",,,,",
            "for=\"[2001:db8::1\";for=1.1.1.1", String(repeating: "for=1.1.1.1, ", count: 500) + "nonsense", "for=1.1.1.1:1:1",
        ]
        try Serve.with(["--workers", "1", "--rate", "1/min", "--burst", "3", "--trust-proxy", "127.0.0.0/8"]) { port, _ throws in
            // Each garbage value counts against the proxy's own address, so after 3 the rest are refused.
            let statuses = try garbage.map { value in
                try RawHTTP.request(port: port, "GET", "/staticmap?center=1,1&zoom=1", headers: ["Forwarded": value]).status
            }
            #expect(statuses.prefix(3).allSatisfy { $0 == 400 }, "\(statuses)")
            #expect(statuses.dropFirst(3).allSatisfy { $0 == 429 }, "\(statuses)")
            let xff = try ["", " ", "1.1.1.1 1.1.1.2", "[::1", "not-an-ip"].map { value in
                try RawHTTP.request(port: port, "GET", "/staticmap?center=1,1&zoom=1", headers: ["X-Forwarded-For": value]).status
            }
            #expect(xff.allSatisfy { $0 == 429 }, "\(xff)")
            #expect(try RawHTTP.request(port: port, "GET", "/healthz").status == 200)
        }
    }

    @Test func signatureGarbageIs403AndThePaddingMayBePercentEncoded() throws {
        let folder = try TemporaryFolder()
        let secrets = try folder.write("c2lnbmluZy1zZWNyZXQtZm9yLWluZm93aW4=\n", to: "secrets")
        let good = "UbGfc2Sg6vaccNE7tb87ngGMXWs"
        let refused = [
            "", "=", "==", "%", "%3", "%ZZ", good + "===", good + "%3D%3D", good.lowercased() + "=", good + "=%00", good + "=+",
            String(good.dropLast()) + "t=", good + "=&", good + "=&x",
            String(repeating: "A", count: 100_000), "UbGfc2Sg6vaccNE7tb87ngGMXWs=UbGfc2Sg6vaccNE7tb87ngGMXWs=", "%55%62%47%66=x",
        ]
        try Serve.with(["--workers", "1", "--signing-secret", secrets.path, "--max-body", "1K"]) { port, _ throws in
            for signature in refused {
                let answer = try RawHTTP.request(port: port, "GET", map + "&signature=" + signature)
                #expect([403, 414].contains(answer.status), "\(signature.prefix(60))")
                #expect(answer.header("Content-Type") == "application/problem+json", "\(signature.prefix(60))")
            }
            for signature in [good + "=", good + "%3D", good, "%55bGfc2Sg6vaccNE7tb87ngGMXWs="] {
                #expect(try RawHTTP.request(port: port, "GET", map + "&signature=" + signature).status == 200, "\(signature)")
            }
            #expect(try RawHTTP.request(port: port, "GET", "/healthz").status == 200)
        }
    }
}
