import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import InfoWinKit

/// A port on 127.0.0.1 that nothing listens on: bound, read and closed again.
private func closedPort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(socket >= 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
    }
    try #require(bound)
    return Int(UInt16(bigEndian: address.sin_port))
}

/// The message of the error rendering `template` gives, with private networks allowed (the server is local).
private func failure(_ template: String, timeout: Double = 5) throws -> String {
    let settings = TileSettings(cacheFolder: temporaryTileCache(), timeout: timeout, allowPrivateNetwork: true)
    let error = try #require(throws: InfoWinError.self) { try renderHTTP(try httpSpec(template), settings) }
    return error.message
}

/// SPEC.md, "Map tiles, round two": a tile that cannot be had for a reason other than the source not having
/// it fails the render, naming `map.tiles.source`, the host or path, and the cause.
@Suite("map tile sources that fail")
struct TileSourceErrorTests {
    @Test("a refused connection fails the render, naming the source, the host and the retries")
    func refused() throws {
        let port = try closedPort()
        let message = try failure("http://127.0.0.1:\(port)/{z}/{x}/{y}.png")
        #expect(message.contains("map.tiles.source"), "\(message)")
        #expect(message.contains("http://127.0.0.1:\(port)/1/"), "\(message)")
        #expect(message.contains("connect") && message.hasSuffix("(3 tries)"), "\(message)")
    }

    @Test("a connection reset before the answer fails the render after the retries")
    func reset() throws {
        let server = try LocalTileServer()
        let message = try failure(server.url("/reset/{z}/{x}/{y}"))
        #expect(message.contains("map.tiles.source") && message.contains(server.url("/reset/1/")), "\(message)")
        #expect(message.lowercased().contains("reset") && message.hasSuffix("(3 tries)"), "\(message)")
    }

    @Test("a TLS failure (https:// to a server speaking plain HTTP) fails the render, naming it")
    func tlsFailure() throws {
        let server = try LocalTileServer()
        let template = server.url("/png/3366CC/{z}/{x}/{y}").replacingOccurrences(of: "http://", with: "https://")
        let message = try failure(template)
        #expect(message.contains("map.tiles.source") && message.contains("https://127.0.0.1:\(server.port)/png/"), "\(message)")
        #expect(message.lowercased().contains("ssl") || message.lowercased().contains("tls"), "\(message)")
    }

    @Test("a server slower than --tile-timeout fails the render: timed out after 1 s (3 tries)")
    func slow() throws {
        let server = try LocalTileServer()
        let message = try failure(server.url("/slow/3/{z}/{x}/{y}"), timeout: 1)
        #expect(message.contains("map.tiles.source") && message.contains(server.url("/slow/3/1/")), "\(message)")
        #expect(message.hasSuffix("timed out after 1 s (3 tries)"), "\(message)")
    }

    @Test("a 503 after the retries fails the render: HTTP 503 after 3 tries, each tile asked three times")
    func serverError() throws {
        let server = try LocalTileServer()
        let message = try failure(server.url("/status/503/{z}/{x}/{y}"))
        #expect(message.contains("map.tiles.source") && message.hasSuffix("HTTP 503 after 3 tries"), "\(message)")
        let counts = Dictionary(grouping: try server.requests(), by: \.path).mapValues(\.count)
        #expect(!counts.isEmpty && counts.values.allSatisfy { $0 == 3 }, "\(counts)")
    }

    @Test("another 4xx than 404 fails the render at once: HTTP 403, never retried")
    func forbidden() throws {
        let server = try LocalTileServer()
        let message = try failure(server.url("/status/403/{z}/{x}/{y}"))
        #expect(message.contains("map.tiles.source") && message.hasSuffix("HTTP 403"), "\(message)")
        #expect(try server.requests().count == 4)
    }

    @Test("a redirect loop fails the render, naming it")
    func redirectLoop() throws {
        let server = try LocalTileServer()
        let message = try failure(server.url("/loop/{z}/{x}/{y}"))
        #expect(message.contains("map.tiles.source") && message.hasSuffix("a redirect loop or more than 5 redirects"), "\(message)")
    }

    @Test("the missing-tiles line names at most ten tiles, counts the rest, and says the source's reason once")
    func missingLineIsCapped() {
        let tiles = (0..<13).map { TileID(z: 4, x: $0, y: 2) }
        let names = (0..<10).map { "4/\($0)/2" }.joined(separator: ", ")
        #expect(MissingTiles(source: "t.mbtiles", tiles: tiles, reasons: []).line == "13 map tiles missing from t.mbtiles: \(names) and 3 more")
        #expect(MissingTiles(source: "s", tiles: [tiles[0]], reasons: ["HTTP 404"]).line == "1 map tile missing from s: 4/0/2 (HTTP 404)")
    }

    @Test("a tile path that cannot be read as a file fails the render, naming the path; a missing file does not")
    func unreadableFile() throws {
        let tiles = try ColourTiles()
        let spec = try tiles.spec(tiles: #"{"source": "tiles/{z}/{x}/{y}.png"}"#, zoom: 1, latitude: 0, longitude: 0)
        let tile = "\(tiles.folder)/tiles/1/0/0.png"
        try FileManager.default.removeItem(atPath: tile)
        try FileManager.default.createDirectory(atPath: tile, withIntermediateDirectories: false)
        let error = try #require(throws: InfoWinError.self) { try renderPinned(spec) }
        #expect(error.message.contains("map.tiles.source") && error.message.contains("tiles/1/0/0.png is not a regular file"), "\(error.message)")
        try FileManager.default.removeItem(atPath: tile)
        let (result, _) = try renderPinned(spec)
        #expect(result.report.warnings == ["1 map tile missing from tiles/{z}/{x}/{y}.png: 1/0/0"])
        #expect(result.report.missingTiles?.tiles == [TileID(z: 1, x: 0, y: 0)])
    }
}
