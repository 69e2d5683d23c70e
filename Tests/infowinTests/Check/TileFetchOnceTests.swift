import Dispatch
import Foundation
import InfoWinTestSupport
import HTTPServer
import Testing

/// One fetch per tile across a batch's worker processes: they share the disk cache, and a lock file there
/// lets the first to need a tile fetch it while the others wait and read it from the cache.
@Suite(.serialized) struct TileFetchOnceTests {
    /// 20 specs over the same 4 tiles (zoom 1, the whole world in 2 × 2 tiles), each with its own title.
    private func specs(in folder: TemporaryFolder, port: Int) throws {
        for index in 0..<20 {
            try folder.write(#"""
                {"version": 1, "map": {"width": 256, "height": 256, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1},
                 "tiles": {"source": "http://127.0.0.1:\#(port)/tiles/{z}/{x}/{y}.png"}},
                 "markers": [{"id": "m", "position": {"latitude": 0, "longitude": 0}, "title": "Spec \#(index)"}], "selectedMarker": "m"}
                """#, to: "specs/spec\(index).json")
        }
    }

    @Test(arguments: [1, 2, 4]) func twentySpecsOverFourHTTPTilesMakeFourRequestsWhateverTheJobs(jobs: Int) throws {
        let counter = CountingTileHandler.Counter()
        let server = try CountingTileHandler.server(counter: counter)
        let folder = try TemporaryFolder()
        try specs(in: folder, port: server.port)
        let result = try CLI.run([
            "batch", folder.path("specs"), "-o", folder.path("out"), "--jobs", String(jobs), "--allow-private-network",
            "--tile-cache", folder.path("cache"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(counter.paths.sorted() == ["/tiles/1/0/0.png", "/tiles/1/0/1.png", "/tiles/1/1/0.png", "/tiles/1/1/1.png"])
        // No lock file is left behind in the cache.
        let left = FileManager.default.enumerator(atPath: folder.path("cache"))?.compactMap { $0 as? String } ?? []
        #expect(left.filter { $0.hasSuffix(".lock") }.isEmpty)
        #expect(left.filter { $0.hasSuffix(".tile") }.count == 4)
    }

    @Test func aTileCacheThatCannotBeWrittenStillRendersEveryTile() throws {
        // A cache below a regular file cannot be made: no lock can be shared, so each worker fetches for itself
        // (at most once a worker per tile), and every spec is drawn.
        let counter = CountingTileHandler.Counter()
        let server = try CountingTileHandler.server(counter: counter)
        let folder = try TemporaryFolder()
        try specs(in: folder, port: server.port)
        _ = try folder.write("not a folder", to: "file")
        let result = try CLI.run([
            "batch", folder.path("specs"), "-o", folder.path("out"), "--jobs", "2", "--allow-private-network",
            "--tile-cache", folder.path("file/cache"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Set(counter.paths).count == 4)
        #expect(counter.paths.count <= 2 * 4)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.path("out")))?.filter { $0.hasSuffix(".png") }.count == 20)
    }
}

/// A tile server on 127.0.0.1 that answers every tile with the same PNG a little later (so that workers
/// ask at the same time) and counts the requests.
struct CountingTileHandler: HTTPHandler {
    /// The paths asked for, in order.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [String] = []

        func add(_ path: String) { lock.withLock { seen.append(path) } }
        var paths: [String] { lock.withLock { seen } }
    }

    let counter: Counter
    let tile: [UInt8]

    func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        counter.add(request.path)
        let response = HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", "image/png")], body: tile)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { responder.respond(response) }
    }

    static func server(counter: Counter) throws -> HTTPServer {
        let tile = try Data(contentsOf: CLI.repository.appendingPathComponent("Examples/map-tiles/city/13/4092/2723.png"))
        return try HTTPServer(socket: try ListeningSocket.bind(host: "127.0.0.1", port: 0), handler: CountingTileHandler(counter: counter, tile: Array(tile)))
    }
}
