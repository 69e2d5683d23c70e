import Dispatch
import Foundation
import InfoWinTestSupport
import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// `infowin serve` run for one test on 127.0.0.1 and stopped with SIGTERM when the test's body returns.
enum Serve {
    /// A port nothing listens on now (the system's pick for port 0, released).
    static func freePort() throws -> Int {
        let socket = try ListeningSocket.bind(host: "127.0.0.1", port: 0)
        close(socket.descriptor)
        return socket.port
    }

    /// Runs `infowin serve OPTIONS` on a free port, waits until /readyz answers 200, calls `body` with the
    /// port, then sends SIGTERM; returns how the server ended (its status and its standard error).
    @discardableResult
    static func with(_ options: [String], in folder: URL? = nil, _ body: (Int, Process) throws -> Void) throws -> CLIResult {
        let port = try freePort()
        var failure: (any Error)?
        let result = try withoutActuallyEscaping(body) { body in
            try CLI.run(["serve", "--listen", "127.0.0.1:\(port)"] + options, in: folder, hangGuard: 90) { process in
                do {
                    try waitUntilReady(port, process: process)
                    try body(port, process)
                } catch {
                    failure = error
                }
                if process.isRunning { kill(process.processIdentifier, SIGTERM) }
            }
        }
        if let failure { throw CLIError(description: "\(failure); the server said: \(result.stderr)") }
        return result
    }

    private static func waitUntilReady(_ port: Int, process: Process) throws {
        for _ in 0..<600 {
            guard process.isRunning else { throw CLIError(description: "infowin serve ended (status \(process.terminationStatus))") }
            if let answer = try? RawHTTP.request(port: port, "GET", "/readyz"), answer.status == 200 { return }
            usleep(50_000)
        }
        throw CLIError(description: "infowin serve was not ready after 30 s")
    }

    /// The value of the metric line `name` (with its labels) in /metrics, or nil when it is absent.
    static func metric(_ name: String, port: Int) throws -> Double? {
        let text = try RawHTTP.request(port: port, "GET", "/metrics").text
        return text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    /// Waits (up to 30 s) until the metric `name` reaches `value`.
    static func waitForMetric(_ name: String, atLeast value: Double, port: Int) throws {
        for _ in 0..<600 {
            if let seen = try metric(name, port: port), seen >= value { return }
            usleep(50_000)
        }
        throw CLIError(description: "\(name) did not reach \(value)")
    }

    /// Runs `request` on another thread; the returned closure waits for its answer.
    static func inBackground(_ request: @escaping @Sendable () throws -> RawHTTPResponse) -> () -> RawHTTPResponse? {
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.set(try? request())
            done.signal()
        }
        return {
            done.wait()
            return box.value
        }
    }

    private final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: RawHTTPResponse?
        func set(_ value: RawHTTPResponse?) { lock.withLock { stored = value } }
        var value: RawHTTPResponse? { lock.withLock { stored } }
    }

    /// A spec whose map tiles come from `server`'s `/NAME/{z}/{x}/{y}.png` (one tile is drawn).
    static func tiledSpec(port: Int, name: String) -> [UInt8] {
        Array("""
            {"version": 1, "map": {"width": 64, "height": 64, "camera": {"target": {"latitude": 48.86, "longitude": 2.35}, "zoom": 12},
             "tiles": {"source": "http://127.0.0.1:\(port)/\(name)/{z}/{x}/{y}.png"}}, "markers": []}
            """.utf8)
    }

    /// Runs a one-worker service with `--deadline deadline`, posts it a spec whose tiles come `tileDelay`
    /// seconds late (named `name`), and runs `body` with the port and that render's answer.
    static func withLateRender(
        tileDelay: Double, deadline: String, name: String, _ body: (_ port: Int, _ late: RawHTTPResponse) throws -> Void
    ) throws {
        let tiles = try SlowTileHandler.server(delay: tileDelay)
        let folder = try TemporaryFolder()
        try with(["--workers", "1", "--allow-private-network", "--tile-cache", folder.path("cache"), "--deadline", deadline]) { port, _ in
            let spec = tiledSpec(port: tiles.port, name: name)
            try body(port, try RawHTTP.request(port: port, "POST", "/render", headers: ["Content-Type": "application/json"], body: spec))
        }
    }

    /// The JSON object in `bytes`.
    static func json(_ bytes: [UInt8]) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] ?? [:]
    }
}

/// A map tile server on 127.0.0.1 that answers every tile after `delay` seconds with the same PNG.
struct SlowTileHandler: HTTPHandler {
    let delay: Double
    let tile: [UInt8]

    func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        let response = HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", "image/png")], body: tile)
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { responder.respond(response) }
    }

    /// A server of this handler, with one of the examples' tiles.
    static func server(delay: Double) throws -> HTTPServer {
        let tile = try Data(contentsOf: CLI.repository.appendingPathComponent("Examples/map-tiles/city/13/4092/2723.png"))
        return try HTTPServer(socket: try ListeningSocket.bind(host: "127.0.0.1", port: 0), handler: SlowTileHandler(delay: delay, tile: Array(tile)))
    }
}
