import Foundation

/// `Fixtures/tile_server.py` running on 127.0.0.1 for one test, stopped when the test lets go of it.
final class LocalTileServer {
    /// One request as the server logged it when it arrived.
    struct Request: Decodable {
        let path: String
        let userAgent: String?
        /// How many requests were in progress on the server, this one included.
        let concurrent: Int
    }

    struct StartError: Error, CustomStringConvertible {
        let description: String
    }

    let port: Int
    private let process: Process
    private let input: Pipe
    private let log: URL

    init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/tile_server.py")
        log = FileManager.default.temporaryDirectory.appendingPathComponent("infowin-tile-server-\(UUID().uuidString).log")
        try Data().write(to: log)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, log.path]
        // The server exits when this pipe closes, so it cannot outlive the test process.
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw StartError(description: "tile_server.py did not print its port (is python3 installed?)")
        }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: log)
    }

    /// The URL of `path` (which starts with `/`) on this server.
    func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    /// Every request the server has seen, in the order they arrived.
    func requests() throws -> [Request] {
        let text = try String(contentsOf: log, encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    /// How many requests for `path` the server has seen.
    func count(_ path: String) throws -> Int {
        try requests().filter { $0.path == path }.count
    }
}
