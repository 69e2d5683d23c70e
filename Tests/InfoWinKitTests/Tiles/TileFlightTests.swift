import Foundation
import Testing
import InfoWinCheck
@testable import InfoWinKit

/// SPEC.md, "Map tiles, round two": the workers of one process share one in-flight request per tile URL.
@Suite("one request per tile")
struct TileFlightTests {
    /// Renders `count` specs over the 4 tiles of `template` in one batch of 4 workers, each batch with a
    /// tile provider of its own (as each `infowin batch` has), over the disk cache `cache`.
    private func batch(_ count: Int, over template: String, cache: String) throws -> [BatchOutcome] {
        let folder = NSTemporaryDirectory() + "infowin-flights-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        for index in 0..<count {
            let json = #"""
                {"map": {"width": 200, "height": 200, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1},
                         "tiles": {"source": "\#(template)"}},
                 "markers": [{"id": "m", "position": {"latitude": \#(Double(index) * 0.5), "longitude": 0}}]}
                """#
            FileManager.default.createFile(atPath: "\(folder)/specs/spec\(index).json", contents: Data(json.utf8))
        }
        let provider = TileProvider(settings: TileSettings(cacheFolder: cache, timeout: 5, allowPrivateNetwork: true))
        let settings = RenderSettings(extraFonts: Repository.pinnedFonts, hermeticFonts: true, tiles: provider)
        return BatchRenderer(settings: settings, jobs: 4).render(try SpecDiscovery.find([folder + "/specs"]), to: folder + "/out")
    }

    @Test("20 specs over the same 4 tiles in a batch of 4 workers send 4 requests on an empty cache, none on a warm one")
    func oneRequestPerTile() throws {
        let server = try LocalTileServer()
        let cache = temporaryTileCache()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        // A slow server keeps the first requests in flight while the other workers ask for the same tiles.
        let template = server.url("/slow/0.3/png/3366CC/{z}/{x}/{y}")
        let cold = try batch(20, over: template, cache: cache)
        #expect(cold.count == 20 && cold.allSatisfy { $0.error == nil && $0.warnings.isEmpty }, "\(cold.compactMap(\.error))")
        let paths = try server.requests().map(\.path).sorted()
        #expect(paths == ["0/0", "0/1", "1/0", "1/1"].map { "/slow/0.3/png/3366CC/1/\($0)" })
        let warm = try batch(20, over: template, cache: cache)
        #expect(warm.allSatisfy { $0.error == nil })
        #expect(try server.requests().count == 4, "the warm cache answers every tile")
    }

    @Test("a worker asking for a tile in flight waits for the first request and shares its result")
    func followersShareTheLeadersResult() async throws {
        let flights = TileFlights()
        let first = flights.claim(["a", "b"])
        guard case .lead(let a) = first[0], case .lead(let b) = first[1] else {
            Issue.record("the first to ask leads")
            return
        }
        guard case .follow(let following) = flights.claim(["a"])[0] else {
            Issue.record("a URL in flight is followed")
            return
        }
        let waiter = Task.detached { following.wait() }
        flights.land("a", a, .notFound(status: 404))
        #expect(await waiter.value == .notFound(status: 404))
        flights.land("b", b, .ok([1]))
        guard case .lead = flights.claim(["a"])[0] else {
            Issue.record("a landed URL is asked afresh")
            return
        }
    }
}
