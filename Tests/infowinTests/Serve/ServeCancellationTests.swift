import Foundation
import InfoWinTestSupport
import Testing

/// `infowin serve` cancels a render at its deadline: the 504 goes out and the worker is free for the next
/// request at once, so a few slow requests cannot hold every worker. Nothing is timed: the slow renders
/// would hold their workers far beyond the deadline (tiles that answer after a minute; windows whose
/// shadows take many seconds to draw), and the quick render after them can only be drawn by a freed worker.
@Suite(.serialized) struct ServeCancellationTests {
    private let json = ["Content-Type": "application/json"]

    private var quickSpec: [UInt8] {
        get throws { Array(try Data(contentsOf: CLI.repository.appendingPathComponent("Examples/selected-marker/spec.json"))) }
    }

    /// One custom window of 2,800 points square with a shadow of blur 100 (near the shadows' limit) and
    /// `count` more of 4,096 points with unblurred shadows (near the painted-pixel limit): the most a spec may
    /// ask to draw, many seconds in a debug build.
    private func slowToDraw(_ count: Int) -> [UInt8] {
        let window = { (size: Int, blur: Int) in
            #"{"window": {"text": "a", "width": \#(size), "height": \#(size), "shadow": {"color": "\#u{23}000", "blur": \#(blur)}}}"#
        }
        let markers = (0...count).map { index in
            #"{"id": "m\#(index)", "position": {"latitude": \#(index % 40 - 20), "longitude": \#(index % 60 - 30)}, "title": "T", "infoWindow": \#(index == 0 ? window(2800, 100) : window(4096, 0))}"#
        }
        let shown = (1...count).map { #""m\#($0)""# }.joined(separator: ", ")
        return Array(#"""
            {"version": 1, "map": {"width": 4096, "height": 4096, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 2}},
             "markers": [\#(markers.joined(separator: ", "))], "selectedMarker": "m0", "showInfoWindows": [\#(shown)]}
            """#.utf8)
    }

    @Test func renderingPastTheDeadlineIsCancelledAndItsWorkersDrawTheNextRequest() throws {
        try Serve.with(["--workers", "2", "--queue", "8", "--deadline", "1"]) { port, _ in
            let slow = slowToDraw(55)
            let answers = (0..<2).map { _ in
                Serve.inBackground { try RawHTTP.request(port: port, "POST", "/render", headers: ["Content-Type": "application/json"], body: slow) }
            }
            for answer in answers {
                #expect(answer()?.status == 504)
            }
            // Both workers were drawing; only a cancelled render lets this one be drawn within the deadline.
            let quick = try RawHTTP.request(port: port, "POST", "/render", headers: json, body: try quickSpec)
            #expect(quick.status == 200)
            #expect(quick.header("Content-Type") == "image/png")
        }
    }

    @Test func fetchingTilesPastTheDeadlineIsCancelledAndItsWorkerDrawsTheNextRequest() throws {
        try Serve.withLateRender(tileDelay: 60, deadline: "2", name: "stuck") { port, late in
            #expect(late.status == 504)
            let quick = try RawHTTP.request(port: port, "POST", "/render", headers: json, body: try quickSpec)
            #expect(quick.status == 200)
            #expect(try Serve.metric("infowin_renders_in_flight", port: port) == 0)
        }
    }
}
