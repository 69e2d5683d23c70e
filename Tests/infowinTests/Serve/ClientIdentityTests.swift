import HTTPServer
import InfoWinServe
import Testing

/// What names a request's client: its `X-Request-Id` (taken or made), its W3C trace context, and its
/// address through trusted proxies.
@Suite struct ClientIdentityTests {
    @Test func aRequestIdIsTakenWhenItIsOneTo128SafeCharactersElseMade() {
        for good in ["a", "abc-DEF_0.9", String(repeating: "x", count: 128), "4bf92f3577b34da6a3ce929d0e0e4736"] {
            #expect(RequestID.of(good) == good)
        }
        for bad in [nil, "", String(repeating: "x", count: 129), "a b", "a\"b", "a\r\nX-Evil: 1", "é", "a/b", "a;b", "a\u{0}"] as [String?] {
            let made = RequestID.of(bad)
            #expect(made != bad)
            #expect(made.count == 32 && made.allSatisfy(\.isHexDigit), "\(made)")
        }
        let made = Set((0..<1000).map { _ in RequestID.make() })
        #expect(made.count == 1000)
    }

    @Test func aValidTraceparentGivesItsTraceAndParentIds() {
        let valid = TraceContext(traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")
        #expect(valid?.traceID == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(valid?.parentID == "00f067aa0ba902b7")
        // A later version may add fields after the flags, and is read as far as version 00's go.
        #expect(TraceContext(traceparent: "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra")?.traceID == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(TraceContext(traceparent: "cc-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-09") != nil)
    }

    @Test func aMalformedTraceparentIsNone() {
        let id = "4bf92f3577b34da6a3ce929d0e0e4736", parent = "00f067aa0ba902b7"
        let bad = [
            "", "00", "00-\(id)-\(parent)", "00-\(id)-\(parent)-01-extra", "00-\(id)-\(parent)-1",
            "00-\(id.uppercased())-\(parent)-01", "00-\(String(repeating: "0", count: 32))-\(parent)-01",
            "00-\(id)-0000000000000000-01", "ff-\(id)-\(parent)-01", "0g-\(id)-\(parent)-01", "01-\(id)-\(parent)-01extra",
            "00_\(id)_\(parent)_01", "00-\(id.dropLast())x-\(parent)-01", " 00-\(id)-\(parent)-01", "00-\(id)-\(parent)-0\u{e9}",
        ]
        for text in bad { #expect(TraceContext(traceparent: text) == nil, "\(text)") }
        // Two traceparent fields are no trace (the W3C recommendation: ignore it).
        let twice = HTTPRequest(method: "GET", path: "/", headers: [
            HTTPHeaderField("traceparent", "00-\(id)-\(parent)-01"), HTTPHeaderField("Traceparent", "00-\(id)-\(parent)-01"),
        ])
        #expect(twice.trace == nil)
    }

    private static func request(from address: String, _ headers: [(String, String)]) -> HTTPRequest {
        HTTPRequest(method: "GET", path: "/staticmap", headers: headers.map { HTTPHeaderField($0.0, $0.1) }, clientAddress: address)
    }

    @Test func forwardedAddressesAreBelievedOnlyFromATrustedProxyAndTheRightMostUntrustedWins() throws {
        let proxies = try TrustedProxies(["10.0.0.0/8", "2001:db8::1"])
        let cases: [(String, [(String, String)], String)] = [
            // Not from a proxy: the headers are the client's own words.
            ("192.0.2.9", [("X-Forwarded-For", "203.0.113.7")], "192.0.2.9"),
            ("10.1.2.3", [("X-Forwarded-For", "203.0.113.7")], "203.0.113.7"),
            ("10.1.2.3", [("X-Forwarded-For", "198.51.100.1, 203.0.113.7, 10.9.9.9")], "203.0.113.7"),
            ("10.1.2.3", [("X-Forwarded-For", "198.51.100.1"), ("X-Forwarded-For", "203.0.113.7")], "203.0.113.7"),
            ("2001:db8::1", [("Forwarded", "for=192.0.2.60;proto=http;by=203.0.113.43")], "192.0.2.60"),
            ("::ffff:10.0.0.1", [("Forwarded", "for=\"[2001:db8:cafe::17]:4711\", for=10.0.0.2")], "2001:db8:cafe::17"),
            // Forwarded wins over X-Forwarded-For; for= is case-insensitive and may carry a port.
            ("10.1.2.3", [("X-Forwarded-For", "198.51.100.1"), ("Forwarded", "FOR=203.0.113.7:8080")], "203.0.113.7"),
            // Garbage, unknown or hidden nodes at the right-most untrusted place leave the connection's address.
            ("10.1.2.3", [("Forwarded", "for=unknown")], "10.1.2.3"),
            ("10.1.2.3", [("Forwarded", "for=_hidden, for=10.0.0.5")], "10.1.2.3"),
            ("10.1.2.3", [("X-Forwarded-For", "not an address")], "10.1.2.3"),
            ("10.1.2.3", [("X-Forwarded-For", "203.0.113.7,")], "10.1.2.3"),
            ("10.1.2.3", [("Forwarded", "for=\"[2001:db8::zz]\"")], "10.1.2.3"),
            ("10.1.2.3", [("Forwarded", String(repeating: "for=1;", count: 1000))], "10.1.2.3"),
            ("10.1.2.3", [("Forwarded", "proto=https")], "10.1.2.3"),
            // Only proxies: the first is where the request came in.
            ("10.1.2.3", [("X-Forwarded-For", "10.0.0.7, 10.0.0.8")], "10.0.0.7"),
        ]
        for (address, headers, client) in cases {
            #expect(proxies.client(of: Self.request(from: address, headers)) == client, "\(address) \(headers)")
        }
        #expect(TrustedProxies.none.client(of: Self.request(from: "10.1.2.3", [("X-Forwarded-For", "203.0.113.7")])) == "10.1.2.3")
    }

    @Test func badTrustProxyValuesAreRefused() {
        for value in ["", "proxy.example", "10.0.0.0/33", "10.0.0.0/", "10.0.0.0/-1", "::/129", "10.0.0.0/8/8", "10.0.0.0/+8"] {
            #expect(throws: TrustedProxies.Failure.self, "\(value)") { try TrustedProxies([value]) }
        }
    }
}
