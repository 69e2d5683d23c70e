import Foundation
import Graphics
import Testing
@testable import InfoWinKit

/// Text laid out on two threads at once, each with a font map of its own, as a batch's workers lay it out:
/// the same bytes as on one thread. Pango 1.50 works out a font's approximate character width (which
/// line breaking uses) under a recursion guard shared by the whole process, so a font whose metrics were
/// first asked for while another thread's were being worked out broke its text into other lines for its
/// life; `CPangoMetricsGuard` makes that one thread at a time, and `CCairoFaceKeeper` makes cairo's shared
/// font faces one at a time. Each round starts two fresh renderers, so that every font's metrics are
/// worked out again, at the same moment on both threads.
@Suite("text laid out on two threads at once")
struct ConcurrentTextTests {
    /// Texts in several scripts and sizes in boxes narrower than a character, where Pango's line
    /// breaking reads the approximate character width (its margin for looking at a break closely).
    private static func narrowTextSpec() throws -> Spec {
        let texts = ["Supercalifragilistic er", "مرحبا بالعالم لأ", "नमस्ते दुनिया", "e\u{301}\u{302} שלום", "ดีมาก 東京"]
        let views = (0..<15).map { index in
            #"{"text": "\#(texts[index % texts.count])", "font": {"size": \#(9 + 2 * index)}, "width": \#(4 + index % 4)}"#
        }
        let json = testSpecJSON(
            markers: [testMarker("a", #", "iconView": {"vstack": [\#(views.joined(separator: ", "))]}"#)], selected: nil, scale: 1)
        var spec = try SpecDecoder.decode(SpecSource(name: "narrow-text.json", bytes: Array(json.utf8), folder: TestAssets.folder))
        spec.fonts = FontSetup(files: Repository.pinnedFonts, hermetic: true)
        return spec
    }

    @Test("fresh renderers on two threads draw the same bytes as one alone, round after round")
    func twoThreadsDrawWhatOneDraws() throws {
        let spec = try Self.narrowTextSpec()
        let alone = try Renderer().render(spec).bytes
        var differing = 0
        for _ in 0..<12 {
            let results = Locked<[[UInt8]?]>([nil, nil])
            let start = DispatchSemaphore(value: 0), done = DispatchGroup()
            for side in 0..<2 {
                done.enter()
                Thread {
                    let renderer = Renderer()
                    start.wait()
                    let bytes = try? renderer.render(spec).bytes
                    results.withLock { $0[side] = bytes }
                    done.leave()
                }.start()
            }
            start.signal()
            start.signal()
            done.wait()
            differing += results.withLock { $0 }.filter { $0 != alone }.count
        }
        #expect(differing == 0, "\(differing) of 24 renders on two threads differ from the render alone")
        #expect(FontLibrary.guardedFontClasses >= 1, "Pango's font class is not guarded: its metrics are worked out on several threads at once")
        #expect(FontLibrary.keptCairoFaces > 0, "Pango's cairo font faces are not made through CCairoFaceKeeper")
    }
}
