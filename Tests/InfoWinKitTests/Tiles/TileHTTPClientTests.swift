import Foundation
import Synchronization
import Testing
@testable import TileIO

/// `TileHTTPClient` against a real server on 127.0.0.1 (`Fixtures/tile_server.py`, one per test).
@Suite struct TileHTTPClientTests {
    private static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private func client(timeout: Double = 10, userAgent: String = "infowin/test", allowPrivateNetwork: Bool = true)
        -> TileHTTPClient {
        TileHTTPClient(userAgent: userAgent, timeout: timeout, allowPrivateNetwork: allowPrivateNetwork)
    }

    private func tile(_ name: String) -> HTTPTileResult {
        .ok(Self.png + Array(name.utf8))
    }

    /// The reason of a lone `.failed` result, else nil.
    private func failure(_ results: [HTTPTileResult]) -> String? {
        guard results.count == 1, case .failed(let reason) = results[0] else { return nil }
        return reason
    }

    /// The reason of a lone `.refused` result, else nil.
    private func refusal(_ results: [HTTPTileResult]) -> String? {
        guard results.count == 1, case .refused(let reason) = results[0] else { return nil }
        return reason
    }

    @Test func fetchesTileBytesInTheOrderOfTheURLs() throws {
        let server = try LocalTileServer()
        let results = client().fetch([server.url("/tile/1/2/3"), server.url("/status/404"), server.url("/tile/b")])
        #expect(results == [tile("1/2/3"), .notFound(status: 404), tile("b")])
    }

    @Test func fetchingNothingGivesNothing() {
        #expect(client().fetch([]).isEmpty)
    }

    @Test func notFoundAndNoContentAreNotFoundOtherClientErrorsFailAndNeitherIsRetried() throws {
        let server = try LocalTileServer()
        let results = client().fetch([server.url("/status/404"), server.url("/status/204"), server.url("/status/403"), server.url("/status/410")])
        #expect(results == [.notFound(status: 404), .notFound(status: 204), .failed("HTTP 403"), .failed("HTTP 410")])
        #expect(try server.requests().count == 4)
    }

    @Test func serverErrorIsRetriedUntilItSucceedsOnTheThirdAttempt() throws {
        let server = try LocalTileServer()
        #expect(client().fetch([server.url("/flaky/a")]) == [tile("flaky")])
        #expect(try server.count("/flaky/a") == 3)
    }

    @Test func serverErrorEveryTimeFailsAfterThreeAttempts() throws {
        let server = try LocalTileServer()
        #expect(client().fetch([server.url("/status/500")]) == [.failed("HTTP 500 after 3 tries")])
        #expect(try server.count("/status/500") == 3)
    }

    @Test func slowResponseFailsNamingTheTimeout() throws {
        let server = try LocalTileServer()
        let reason = try #require(failure(client(timeout: 1).fetch([server.url("/slow/10")])))
        #expect(reason.hasPrefix("timed out after 1 s"))
        #expect(try server.count("/slow/10") == 3)
    }

    @Test func followsRedirects() throws {
        let server = try LocalTileServer()
        #expect(client().fetch([server.url("/redirect/tile/r")]) == [tile("r")])
        #expect(try server.requests().map(\.path) == ["/redirect/tile/r", "/tile/r"])
    }

    @Test func moreThanFiveRedirectsFail() throws {
        let server = try LocalTileServer()
        #expect(client().fetch([server.url("/loop")]) == [.failed("a redirect loop or more than 5 redirects")])
        #expect(try server.count("/loop") == 6)
    }

    @Test func sendsTheUserAgent() throws {
        let server = try LocalTileServer()
        _ = client(userAgent: "infowin/1.2.3").fetch([server.url("/tile/ua")])
        #expect(try server.requests().map(\.userAgent) == ["infowin/1.2.3"])
    }

    /// 18 tiles of 0.6 s each take three rounds of 6: were the later ones timed from the start of the
    /// fetch rather than of their own request, the third round would pass the 1.5 s timeout and be retried.
    @Test func opensAtMostSixConnectionsToAHostAndTimesEachTileFromItsOwnStart() throws {
        let server = try LocalTileServer()
        let urls = (0..<18).map { server.url("/slow/0.6/\($0)") }
        #expect(client(timeout: 1.5).fetch(urls) == (0..<18).map { tile("\($0)") })
        let concurrent = try server.requests().map(\.concurrent)
        #expect(concurrent.count == 18)
        #expect(concurrent.max() ?? 0 <= 6)
        #expect(concurrent.max() ?? 0 >= 2, "the requests should overlap")
    }

    @Test func oneClientServesSeveralThreadsAtOnce() throws {
        let server = try LocalTileServer()
        let shared = client()
        let urls = (0..<4).map { thread in (0..<3).map { server.url("/tile/\(thread)/\($0)") } }
        let results = Mutex([[HTTPTileResult]](repeating: [], count: urls.count))
        DispatchQueue.concurrentPerform(iterations: urls.count) { thread in
            let fetched = shared.fetch(urls[thread])
            results.withLock { $0[thread] = fetched }
        }
        let expected = (0..<4).map { thread in (0..<3).map { tile("\(thread)/\($0)") } }
        #expect(results.withLock { $0 } == expected)
    }

    @Test(arguments: ["/big/declared", "/big/undeclared"])
    func bodiesOverSixteenMegabytesFail(path: String) throws {
        let server = try LocalTileServer()
        #expect(client().fetch([server.url(path)]) == [.failed("response larger than 16 MB")])
        #expect(try server.count(path) == 1)
    }

    @Test(arguments: ["file:///etc/passwd", "ftp://127.0.0.1/tile.png", "gopher://127.0.0.1/"])
    func onlyHTTPAndHTTPSAreFetched(url: String) throws {
        let reason = try #require(failure(client().fetch([url])))
        #expect(reason.contains("protocol"))
    }

    @Test(arguments: ["file:///etc/passwd", "ftp://127.0.0.1/tile.png"])
    func redirectsOnlyToHTTPAndHTTPS(target: String) throws {
        let server = try LocalTileServer()
        let reason = try #require(failure(client().fetch([server.url("/away/\(target)")])))
        #expect(reason.contains("protocol"))
    }

    @Test func timeoutsAreClampedAndPrintedAsWritten() {
        func settings(_ timeout: Double) -> HTTPSettings {
            HTTPSettings(userAgent: "", timeout: timeout, refusal: nil)
        }
        #expect(settings(10).timeoutMilliseconds == 10_000)
        #expect(settings(0.0004).timeoutMilliseconds == 1)
        #expect(settings(-1).timeoutMilliseconds == 1)
        #expect(settings(.nan).timeoutMilliseconds == 1)
        #expect(settings(.infinity).timeoutMilliseconds == 1_000_000_000)
        #expect(settings(10).timeoutText == "10")
        #expect(settings(1.5).timeoutText == "1.5")
    }

    // MARK: - Private networks

    @Test(arguments: ["127.0.0.1", "localhost", "[::1]", "[::ffff:127.0.0.1]", "0.0.0.0", "2130706433"])
    func privateHostIsRefusedWithoutARequest(host: String) throws {
        let server = try LocalTileServer()
        let guarded = client(allowPrivateNetwork: false)
        let reason = try #require(refusal(guarded.fetch(["http://\(host):\(server.port)/tile/secret"])))
        #expect(reason.contains("resolves to a private address"))
        #expect(reason.contains("--allow-private-network"))
        #expect(try server.requests().isEmpty)
    }

    @Test func refusalNamesTheHost() throws {
        let guarded = client(allowPrivateNetwork: false)
        let reason = try #require(refusal(guarded.fetch(["http://localhost:9/tile"])))
        #expect(reason.hasPrefix("host localhost resolves to a private address ("))
    }

    /// Every address here is local, so a policy refusing IPv6 only stands in for "private": the redirect
    /// leads from 127.0.0.1 (allowed) to the same server as ::ffff:127.0.0.1 (refused).
    @Test func redirectToARefusedAddressIsRefused() throws {
        let server = try LocalTileServer()
        let settings = HTTPSettings(userAgent: "infowin/test", timeout: 10) { $0.bytes.count == 16 ? "test" : nil }
        let hop = "http://[::ffff:127.0.0.1]:\(server.port)/tile/inside"
        let reason = try #require(refusal(TileHTTPClient(settings: settings).fetch([server.url("/away/\(hop)")])))
        #expect(reason.hasPrefix("host [::ffff:127.0.0.1] resolves to a private address (::ffff:127.0.0.1, test)"))
        #expect(try server.requests().map(\.path) == ["/away/\(hop)"])
    }

    /// Every block of IANA's special-purpose registries that is refused, by its first, a middle and its
    /// last address where that differs, with the kind named.
    @Test(arguments: [
        ("0.0.0.0", "unspecified"), ("0.1.2.3", "unspecified"), ("10.0.0.1", "private"), ("10.255.255.255", "private"),
        ("100.64.0.1", "carrier-grade NAT"), ("100.127.255.255", "carrier-grade NAT"), ("127.0.0.1", "loopback"),
        ("127.255.255.254", "loopback"), ("169.254.169.254", "link-local"), ("172.16.0.1", "private"), ("172.31.255.255", "private"),
        ("192.0.0.8", "IETF protocol assignments"), ("192.0.2.1", "documentation"), ("192.88.99.1", "6to4 relay anycast"),
        ("192.168.0.1", "private"), ("192.168.255.255", "private"), ("198.18.0.1", "benchmarking"), ("198.19.255.255", "benchmarking"),
        ("198.51.100.7", "documentation"), ("203.0.113.255", "documentation"), ("224.0.0.1", "multicast"),
        ("239.255.255.250", "multicast"), ("240.0.0.1", "reserved"), ("255.255.255.254", "reserved"),
        ("255.255.255.255", "broadcast"), ("168.63.129.16", "cloud host service"),
        ("::", "unspecified"), ("::1", "loopback"), ("fc00::1", "private"), ("fdff:ffff::1", "private"), ("fe80::1", "link-local"),
        ("febf:ffff::1", "link-local"), ("ff02::1", "multicast"), ("ff0e::1", "multicast"), ("100::1", "discard-only"),
        ("2001::1", "IETF protocol assignments (Teredo and others)"), ("2001:1ff:ffff::1", "IETF protocol assignments (Teredo and others)"),
        ("2001:db8::1", "documentation"), ("2001:db8:ffff::1", "documentation"), ("3fff::1", "documentation"),
        ("64:ff9b:1::1", "local-use NAT64"), ("fec0::1", "not global unicast (outside 2000::/3)"),
        ("::2", "not global unicast (outside 2000::/3)"), ("::127.0.0.1", "not global unicast (outside 2000::/3)"),
        ("fbff::1", "not global unicast (outside 2000::/3)"), ("4000::1", "not global unicast (outside 2000::/3)"),
        ("::ffff:127.0.0.1", "loopback, carried in an IPv4-mapped address"), ("::ffff:10.1.2.3", "private, carried in an IPv4-mapped address"),
        ("::ffff:172.20.0.1", "private, carried in an IPv4-mapped address"), ("::ffff:192.168.1.1", "private, carried in an IPv4-mapped address"),
        ("::ffff:169.254.0.1", "link-local, carried in an IPv4-mapped address"), ("::ffff:100.100.0.1", "carrier-grade NAT, carried in an IPv4-mapped address"),
        ("::ffff:0.0.0.0", "unspecified, carried in an IPv4-mapped address"), ("64:ff9b::127.0.0.1", "loopback, carried in a NAT64 address"),
        ("64:ff9b::a9fe:a9fe", "link-local, carried in a NAT64 address"), ("2002:7f00:1::1", "loopback, carried in a 6to4 address"),
        ("2002:c0a8:101::", "private, carried in a 6to4 address"), ("2002:a00:1:ffff::1", "private, carried in a 6to4 address"),
    ])
    func specialPurposeAddressesAreRefusedWithTheirKind(address: String, kind: String) throws {
        let ip = try #require(IPAddress(address))
        #expect(ip.specialPurpose == kind)
    }

    @Test(arguments: [
        "8.8.8.8", "1.1.1.1", "2001:4860:4860::8888", "2606:4700:4700::1111", "2606:4700::1", "11.0.0.1", "9.255.255.255",
        "172.15.255.255", "172.32.0.1", "192.167.255.255", "192.169.0.1", "169.253.255.255", "169.255.0.1",
        "100.63.255.255", "100.128.0.1", "126.255.255.255", "128.0.0.1", "1.0.0.0", "192.0.1.255", "192.0.3.0",
        "192.88.98.255", "198.17.255.255", "198.20.0.0", "198.51.99.255", "203.0.112.255", "223.255.255.255",
        "168.63.129.15", "168.63.129.17", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1", "2001:200::1",
        "2001:db7:ffff::1", "2001:db9::1", "3ffe::1", "3fff:1000::1", "2a00:1450:4001::200e",
    ])
    func publicAddressesAreAllowed(address: String) throws {
        let ip = try #require(IPAddress(address))
        #expect(ip.specialPurpose == nil)
        #expect(!ip.isSpecialPurpose)
    }

    @Test func thisHostsOwnAddressesAreRefusedWhateverTheirBlock() throws {
        let own = LocalAddresses.current()
        #expect(own.contains(try #require(IPAddress("127.0.0.1"))))
        for address in own {
            #expect(address.isSpecialPurpose, "\(address)")
        }
        let publicOne = try #require(IPAddress("8.8.8.8"))
        #expect(publicOne.specialPurpose(hostAddresses: [publicOne]) == "this host's own address")
        #expect(publicOne.specialPurpose(hostAddresses: []) == nil)
    }

    @Test func addressesParseAndPrint() {
        #expect(IPAddress("localhost") == nil)
        #expect(IPAddress("256.0.0.1") == nil)
        #expect(IPAddress("10.0.0.1")?.bytes == [10, 0, 0, 1])
        #expect(IPAddress("::ffff:10.0.0.1")?.description == "::ffff:10.0.0.1")
        #expect(IPAddress("FE80::0001")?.description == "fe80::1")
    }
}

/// Limits across hosts and in time, against the same local server.
@Suite struct TileHTTPClientLimitTests {
    @Test func connectionsAreCappedAtTwelveInAllWhateverTheNumberOfHosts() throws {
        let server = try LocalTileServer()
        // Three names of this machine: each is an origin of its own, with six connections a host.
        let hosts = ["127.0.0.1", "localhost", "[::ffff:127.0.0.1]"]
        let urls = (0..<30).map { "http://\(hosts[$0 % hosts.count]):\(server.port)/slow/0.4/\($0)" }
        let client = TileHTTPClient(userAgent: "infowin/test", timeout: 10, allowPrivateNetwork: true)
        let results = client.fetch(urls)
        #expect(results.allSatisfy { if case .ok = $0 { true } else { false } }, "\(results)")
        let concurrent = try server.requests().map(\.concurrent)
        #expect(concurrent.max() ?? 0 <= 12)
        #expect(concurrent.max() ?? 0 > 6, "more than one host's six at once")
    }

    @Test func tilesNotFetchedByTheDeadlineFail() throws {
        let server = try LocalTileServer()
        let client = TileHTTPClient(userAgent: "infowin/test", timeout: 10, allowPrivateNetwork: true)
        let results = client.fetch([server.url("/slow/5/a")], deadline: Deadline(seconds: 0.3))
        #expect(results == [.failed("not fetched before the deadline")])
    }
}
