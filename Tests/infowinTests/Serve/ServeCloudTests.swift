import Foundation
import InfoWinTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `infowin serve` as a cloud platform runs it: `PORT` and `--listen :N`, `X-Request-Id` and trace context in
/// the access log, signed `/staticmap` URLs and per-client rate limits. Servers listen on 127.0.0.1 (or on
/// every interface, asked through 127.0.0.1) and are stopped by SIGTERM when each test's body returns.
@Suite(.serialized) struct ServeCloudTests {
    private let map = "/staticmap?center=51.5,-0.12&zoom=11&size=200x100"
    /// A request the rate limit counts and that costs no render (a 400 for its missing size).
    private let cheap = "/staticmap?center=51.5,-0.12&zoom=11"

    /// Runs `infowin serve ARGUMENTS` with `environment` added, until `/readyz` answers on `port`.
    private func serving(_ arguments: [String], environment: [String: String] = [:], port: Int, _ body: () throws -> Void) throws -> CLIResult {
        var failure: (any Error)?
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let result = try withoutActuallyEscaping(body) { body in try CLI.run(["serve", "--workers", "1"] + arguments, environment: merged, hangGuard: 90) { process in
            do {
                var ready = false
                for _ in 0..<600 where !ready && process.isRunning {
                    ready = (try? RawHTTP.request(port: port, "GET", "/readyz"))?.status == 200
                    if !ready { usleep(50_000) }
                }
                guard ready else { throw CLIError(description: "infowin serve did not answer on port \(port)") }
                try body()
            } catch {
                failure = error
            }
            if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        } }
        if let failure { throw CLIError(description: "\(failure); the server said: \(result.stderr)") }
        return result
    }

    @Test func withoutListenThePORTVariableMeansEveryIPv4InterfaceOnThatPort() throws {
        let port = try Serve.freePort()
        let result = try serving([], environment: ["PORT": "\(port)"], port: port) { () throws in
            #expect(try RawHTTP.request(port: port, "GET", "/healthz").status == 200)
        }
        #expect(result.stderr.contains("\"listening\": \"http://0.0.0.0:\(port)\""), "\(result.stderr)")
        #expect(result.status == 0)
        // --listen wins over PORT.
        let other = try Serve.freePort()
        _ = try serving(["--listen", "127.0.0.1:\(other)"], environment: ["PORT": "\(port)"], port: other) { () throws in
            #expect(try RawHTTP.request(port: other, "GET", "/healthz").status == 200)
        }
    }

    @Test func aBadPORTIsAUsageErrorNamingIt() throws {
        for value in ["", "http", "-1", "65536", "80 ", "+80", "0x50"] {
            let result = try CLI.run(["serve"], environment: ProcessInfo.processInfo.environment.merging(["PORT": value]) { $1 })
            #expect(result.status == 2, "\(value)")
            #expect(result.stderr.contains("PORT"), "\(value): \(result.stderr)")
        }
    }

    @Test func listenColonPortListensOnEveryInterface() throws {
        let port = try Serve.freePort()
        var ipv6: String?
        let result = try serving(["--listen", ":\(port)"], port: port) { () throws in
            #expect(try RawHTTP.request(port: port, "GET", "/healthz").status == 200)
            #expect(try RawHTTP.request(port: port, "GET", "/healthz", source: "127.0.0.2").status == 200)
            ipv6 = Self.ipv6StatusLine(port: port, "/healthz")
        }
        // A dual-stack socket where the machine has IPv6, else every IPv4 interface.
        #expect(result.stderr.contains("\"listening\": \"http://[::]:\(port)\"") || result.stderr.contains("\"listening\": \"http://0.0.0.0:\(port)\""), "\(result.stderr)")
        // Where the socket is dual-stack, a client on ::1 is answered too.
        if result.stderr.contains("http://[::]:") { #expect(ipv6 == "HTTP/1.1 200 OK") }
    }

    /// The first line an HTTP/1.0 GET of `path` on [::1]:`port` gets, or nil when the machine has no IPv6 loopback.
    static func ipv6StatusLine(port: Int, _ path: String) -> String? {
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = UInt16(port).bigEndian
        address.sin6_addr = in6addr_loopback
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        }
        guard connected == 0 else { return nil }
        RawHTTP.write(descriptor, Array("GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
        return String(decoding: RawHTTP.readAll(descriptor), as: UTF8.self).split(separator: "\r\n").first.map(String.init)
    }

    @Test func everyAnswerCarriesTheRequestsIdOrANewOneAndTheLogNamesItWithTheTrace() throws {
        let trace = "4bf92f3577b34da6a3ce929d0e0e4736", parent = "00f067aa0ba902b7"
        let result = try Serve.with(["--workers", "1"]) { port, _ throws in
            for target in ["/healthz", "/readyz", "/metrics", map, "/nowhere", cheap] {
                let answer = try RawHTTP.request(port: port, "GET", target, headers: ["X-Request-Id": "req-\(target.count).A_b"])
                #expect(answer.header("X-Request-Id") == "req-\(target.count).A_b", "\(target)")
                let made = try RawHTTP.request(port: port, "GET", target)
                #expect(made.header("X-Request-Id")?.count == 32, "\(target)")
            }
            let posted = try RawHTTP.request(port: port, "POST", "/render", headers: ["Content-Type": "application/json"], body: Array("{".utf8))
            #expect(posted.status == 400)
            #expect(posted.header("X-Request-Id")?.count == 32)
            let first = try RawHTTP.request(port: port, "GET", "/healthz").header("X-Request-Id")
            let second = try RawHTTP.request(port: port, "GET", "/healthz").header("X-Request-Id")
            #expect(first != second)
            _ = try RawHTTP.request(port: port, "GET", map, headers: ["X-Request-Id": "traced-1", "traceparent": "00-\(trace)-\(parent)-01"])
            _ = try RawHTTP.request(port: port, "GET", map, headers: ["X-Request-Id": "untraced-1", "traceparent": "00-\(trace)-\(parent)"])
        }
        let lines = result.stderr.split(separator: "\n").map { Serve.json(Array($0.utf8)) }.filter { $0["method"] != nil }
        #expect(lines.allSatisfy { ($0["request_id"] as? String ?? "").count >= 1 })
        let traced = try #require(lines.first { $0["request_id"] as? String == "traced-1" })
        #expect(traced["trace_id"] as? String == trace)
        #expect(traced["span_id"] as? String == parent)
        #expect(traced["status"] as? Int == 200)
        let untraced = try #require(lines.first { $0["request_id"] as? String == "untraced-1" })
        #expect(untraced["trace_id"] == nil && untraced["span_id"] == nil)
    }

    @Test func aPageFromTheCORSOriginMaySendAndReadTheIdTraceAndRateHeaders() throws {
        try Serve.with(["--workers", "1", "--cors", "https://shop.example", "--rate", "5/s"]) { port, _ throws in
            let answer = try RawHTTP.request(port: port, "GET", map, headers: ["Origin": "https://shop.example"])
            let exposed = (answer.header("Access-Control-Expose-Headers") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            for name in ["ETag", "X-Request-Id", "Retry-After", "RateLimit", "RateLimit-Policy"] { #expect(exposed.contains(name), "\(name)") }
            #expect(answer.header("RateLimit") != nil)
            let preflight = try RawHTTP.request(port: port, "OPTIONS", "/staticmap", headers: ["Origin": "https://shop.example", "Access-Control-Request-Method": "GET"])
            let allowed = preflight.header("Access-Control-Allow-Headers") ?? ""
            #expect(allowed.contains("X-Request-Id") && allowed.contains("traceparent"))
        }
    }

    @Test func withASigningSecretStaticMapsNeedGooglesSignatureFromAnySecretOfTheFile() throws {
        let folder = try TemporaryFolder()
        let secrets = try folder.write("# current\nc2lnbmluZy1zZWNyZXQtZm9yLWluZm93aW4=\n# the one being retired\nb2xkLXNlY3JldA==\n", to: "secrets")
        try Serve.with(["--workers", "1", "--signing-secret", secrets.path]) { port, _ throws in
            // Computed with Python's hmac and base64 (see URLSigningTests).
            for signature in ["UbGfc2Sg6vaccNE7tb87ngGMXWs=", "8-5SmsH7PMIMNhWLkwRiXbzg4K8="] {
                let answer = try RawHTTP.request(port: port, "GET", map + "&signature=" + signature)
                #expect(answer.status == 200, "\(signature)")
                #expect(answer.header("Content-Type") == "image/png")
            }
            for target in [map, map + "&signature=UbGfc2Sg6vaccNE7tb87ngGMXWs==", map + "&signature=AAAAAAAAAAAAAAAAAAAAAAAAAAA=",
                           map + "&signature=UbGfc2Sg6vaccNE7tb87ngGMXWs=&scale=2", map.replacingOccurrences(of: "11", with: "12") + "&signature=UbGfc2Sg6vaccNE7tb87ngGMXWs="] {
                let refused = try RawHTTP.request(port: port, "GET", target)
                #expect(refused.status == 403, "\(target)")
                #expect(refused.header("Content-Type") == "application/problem+json", "\(target)")
                #expect((refused.json["detail"] as? String ?? "").contains("signature"), "\(target)")
            }
            #expect(try RawHTTP.request(port: port, "GET", "/healthz").status == 200)
        }
    }

    @Test func overTheRateAClientGets429WithRetryAfterAndTheRateLimitHeaders() throws {
        let result = try Serve.with(["--workers", "1", "--rate", "1/min", "--burst", "2"]) { port, _ throws in
            let answers = try (0..<5).map { _ in try RawHTTP.request(port: port, "GET", cheap) }
            #expect(answers.map(\.status) == [400, 400, 429, 429, 429])
            #expect(answers[0].header("RateLimit-Policy") == "\"default\";q=2;w=120")
            #expect(answers[0].header("RateLimit") == "\"default\";r=1;t=60")
            #expect(answers[0].header("Retry-After") == nil)
            for refused in answers.dropFirst(2) {
                #expect(refused.header("Content-Type") == "application/problem+json")
                let retry = Int(refused.header("Retry-After") ?? "") ?? 0
                #expect((1...60).contains(retry))
                #expect(refused.header("RateLimit-Policy") == "\"default\";q=2;w=120")
                #expect(refused.header("RateLimit") == "\"default\";r=0;t=\(retry)")
            }
            // Another address has its own bucket; health, readiness and metrics are never limited.
            #expect(try RawHTTP.request(port: port, "GET", cheap, source: "127.0.0.2").status == 400)
            for target in ["/healthz", "/readyz", "/metrics", "/healthz", "/metrics"] {
                let answer = try RawHTTP.request(port: port, "GET", target)
                #expect(answer.status == 200, "\(target)")
                #expect(answer.header("RateLimit") == nil, "\(target)")
            }
            #expect(try RawHTTP.request(port: port, "POST", "/render", headers: ["Content-Type": "application/json"], body: Array("{}".utf8)).status == 429)
            #expect(try Serve.metric("infowin_rate_limit_buckets", port: port) == 2)
        }
        #expect(result.stderr.contains("\"status\": 429"))
    }

    @Test func eachVerifiedTokenHasItsOwnBucketWhateverItsAddress() throws {
        let folder = try TemporaryFolder()
        let tokens = try folder.write("alpha\nbeta\n", to: "tokens")
        try Serve.with(["--workers", "1", "--token-file", tokens.path, "--rate", "1/min", "--burst", "1"]) { port, _ throws in
            let alpha = ["Authorization": "Bearer alpha"], beta = ["Authorization": "Bearer beta"]
            #expect(try RawHTTP.request(port: port, "GET", cheap, headers: alpha).status == 400)
            #expect(try RawHTTP.request(port: port, "GET", cheap, headers: alpha, source: "127.0.0.3").status == 429)
            #expect(try RawHTTP.request(port: port, "GET", cheap, headers: beta).status == 400)
            #expect(try RawHTTP.request(port: port, "GET", cheap, headers: beta).status == 429)
            // A request without a verified token is refused before it is counted.
            #expect(try RawHTTP.request(port: port, "GET", cheap).status == 401)
        }
    }

    @Test func forwardedAddressesCountOnlyFromATrustedProxy() throws {
        try Serve.with(["--workers", "1", "--rate", "1/min", "--burst", "1", "--trust-proxy", "127.0.0.2"]) { port, _ throws in
            let viaProxy = { (client: String) in try RawHTTP.request(port: port, "GET", cheap, headers: ["X-Forwarded-For": client], source: "127.0.0.2").status }
            #expect(try viaProxy("203.0.113.1") == 400)
            #expect(try viaProxy("203.0.113.1") == 429)
            #expect(try viaProxy("203.0.113.2") == 400)
            #expect(try RawHTTP.request(port: port, "GET", cheap, headers: ["Forwarded": "for=203.0.113.3"], source: "127.0.0.2").status == 400)
            // From an address that is no trusted proxy, the header is the client's own word and is not read.
            let direct = { (client: String) in try RawHTTP.request(port: port, "GET", cheap, headers: ["X-Forwarded-For": client], source: "127.0.0.4").status }
            #expect(try direct("198.51.100.1") == 400)
            #expect(try direct("198.51.100.2") == 429)
        }
    }

    @Test func wrongCloudOptionsExitTwoNamingTheFileOrValue() throws {
        let folder = try TemporaryFolder()
        let empty = try folder.write("# nothing yet\n\n", to: "empty")
        let bad = try folder.write("c2lnbmluZw==\nnot/base64+\n", to: "bad")
        let cases: [([String], String)] = [
            (["--signing-secret", empty.path], empty.path), (["--signing-secret", bad.path], bad.path + ":2"),
            (["--signing-secret", folder.path("missing")], "missing"),
            (["--rate", "0/s"], "--rate"), (["--rate", "ten"], "--rate"), (["--rate", "5/fortnight"], "--rate"),
            (["--rate", "1/s", "--burst", "0"], "--burst"), (["--burst", "3"], "--burst"),
            (["--rate", "1/s", "--trust-proxy", "proxy.internal"], "--trust-proxy"), (["--trust-proxy", "10.0.0.1"], "--trust-proxy"),
            (["--listen", ":"], "--listen"), (["--listen", ":http"], "--listen"),
        ]
        for (arguments, named) in cases {
            let result = try CLI.run(["serve"] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(named), "\(arguments): \(result.stderr)")
        }
    }
}

