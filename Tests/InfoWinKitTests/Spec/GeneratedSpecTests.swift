import Foundation
import Graphics
import SpecGenerator
import Testing
@testable import InfoWinKit

/// Thousands of random valid specs (the structure-aware generator that `make fuzz` also drives), each
/// held to the invariants every spec must keep: it renders without a trap; `validate` (the report) accepts
/// exactly what `render` renders; the same bytes whatever was rendered before on the same renderer (so on
/// any thread); every text line lies inside its view's box, or is clipped to it; the lines drawn are the
/// lines reported; `truncated` exactly when an ellipsis is drawn; and `clipped` only when the lines drawn
/// do not fit in their view's box (a text drawn whole in a lower box is clipped, not truncated).
@Suite struct GeneratedSpecTests {
    /// How many specs a run of `make test` checks; `INFOWIN_GENERATED_SPECS` sets more for a long run
    /// (`make generated-specs`: 20,000).
    static let count = ProcessInfo.processInfo.environment["INFOWIN_GENERATED_SPECS"].flatMap { Int($0) } ?? 1000
    static let firstSeed = ProcessInfo.processInfo.environment["INFOWIN_GENERATED_SEED"].flatMap { UInt64($0) } ?? 20_261_201

    /// The specs are checked in this many shares, every share's `index % shares`, side by side: as one
    /// test on one thread they took the whole of `make test`'s time, the rest done beside them.
    static let shares = 8

    @Test(arguments: 0..<shares)
    func generatedSpecsKeepEveryInvariant(share: Int) throws {
        let pinned = FontSetup(files: Repository.pinnedFonts, hermetic: true)
        var generator = SpecGenerator(entropy: SeededEntropy(seed: Self.firstSeed))
        var specs: [(index: Int, json: String, spec: Spec)] = []
        for index in 0..<Self.count {
            // Every spec is generated, for the same sequence whatever the share; this share's are decoded.
            let json = generator.specJSON()
            guard index % Self.shares == share else { continue }
            var spec = try decodeGenerated(json, index: index)
            spec.fonts = pinned
            specs.append((index, json, spec))
        }
        // Two renderers with different histories, at the same time on two threads: one in order, one in
        // reverse, as two workers of a batch.
        let backwardBytes = Locked<[[UInt8]?]>(Array(repeating: nil, count: specs.count))
        let sendableSpecs = specs.map(\.spec)
        let backwardDone = DispatchSemaphore(value: 0)
        let backward = Thread {
            let renderer = Renderer()
            for index in sendableSpecs.indices.reversed() {
                let bytes = try? renderer.render(sendableSpecs[index]).bytes
                backwardBytes.withLock { $0[index] = bytes }
            }
            backwardDone.signal()
        }
        backward.start()
        let forward = Renderer()
        var firstBytes: [[UInt8]?] = Array(repeating: nil, count: specs.count)
        var failures: [String] = []
        for (position, generated) in specs.enumerated() {
            let problems = invariantProblems(generated.spec, renderer: forward, bytes: &firstBytes[position])
            failures += problems.map { "spec \(generated.index): \($0)\n\(generated.json)" }
        }
        backwardDone.wait()
        for position in specs.indices where backwardBytes.withLock({ $0[position] }) != firstBytes[position] {
            failures.append("spec \(specs[position].index): other bytes on another thread after other specs\n\(specs[position].json)")
        }
        // Every failure, spec included, for a long run's triage (a file a share, its number after a dot).
        if let dump = ProcessInfo.processInfo.environment["INFOWIN_GENERATED_FAILURES"], !failures.isEmpty {
            try failures.joined(separator: "\n\n").write(toFile: "\(dump).\(share)", atomically: true, encoding: .utf8)
        }
        #expect(failures.isEmpty, "\(failures.count) of \(specs.count) generated specs broke an invariant; the first:\n\(failures.prefix(3).joined(separator: "\n\n"))")
    }

    @Test func generatorMakesEveryViewKindAndManyTexts() {
        var generator = SpecGenerator(entropy: SeededEntropy(seed: 1))
        let text = (0..<300).map { _ in generator.specJSON() }.joined()
        for kind in ["\"text\"", "\"spans\"", "\"image\"", "\"vstack\"", "\"hstack\"", "\"zstack\"", "\"spacer\"", "\"divider\"",
                     "\"forEach\"", "\"if\"", "\"window\"", "\"contents\"", "\"iconView\"", "\"offset\"", "\"maxHeight\"", "\"web\"", "\"ar\"",
                     "\"pin\"", "\"glyph\"", "\"textColor\"", "\"borderColor\"", "\"optionalAndHidesLowerPriority\"",
                     "\"requiredAndHidesOptional\"", "\"tappable\"", "\"clipsToBounds\"",
                     "\"traits\"", "\"dark\"", "\"AX5\"", "\"textStyle\"", "\"systemBackground\"", "{{userData.tone}}", "{{userData.lines}}",
                     "{{item.day}", "userData.store.hours", "{{userData.store.hours[0].open}}"] {
            #expect(text.contains(kind), "no generated spec has \(kind)")
        }
    }

    @Test func anyFuzzerInputMakesAValidSpec() throws {
        var bytes = SeededEntropy(seed: 7)
        for length in [0, 1, 5, 40, 400, 4000] {
            let input = (0..<length).map { _ in UInt8(truncatingIfNeeded: bytes.next()) }
            var generator = SpecGenerator(entropy: ByteEntropy(input))
            _ = try decodeGenerated(generator.specJSON(), index: length)
        }
    }

    private func decodeGenerated(_ json: String, index: Int) throws -> Spec {
        do {
            return try SpecDecoder.decode(SpecSource(name: "generated-\(index).json", bytes: Array(json.utf8), folder: TestAssets.folder))
        } catch {
            Issue.record("a generated spec is refused: \(error.message)\n\(json)")
            throw error
        }
    }

    /// What `spec` breaks, rendering it on `renderer` (its bytes are kept for the second renderer).
    private func invariantProblems(_ spec: Spec, renderer: Renderer, bytes: inout [UInt8]?) -> [String] {
        var problems: [String] = []
        let rendered: RenderResult?
        do throws(InfoWinError) { rendered = try renderer.render(spec) } catch { rendered = nil; problems.append("render failed: \(error.message)") }
        bytes = rendered?.bytes
        do throws(InfoWinError) {
            let report = try renderer.report(spec)
            if let rendered, report.text != rendered.report.text { problems.append("validate's report differs from render's") }
        } catch {
            if rendered != nil { problems.append("validate refuses what render renders: \(error.message)") }
        }
        guard let scene = try? renderer.layOut(spec, options: RenderOptions()) else { return problems }
        let views = (scene.infoWindow?.view.map { [$0] } ?? []) + scene.markers.compactMap { marker in
            if case .view(let view, _) = marker.icon { view } else { nil }
        }
        if let window = scene.infoWindow {
            for text in [window.title, window.snippet].compactMap({ $0 }) {
                problems += textProblems(text, in: nil)
                if !text.drawnFrame.isInside(window.frame) {
                    problems.append("the default window's lines \(text.text.lines) (\(text.drawnFrame)) leave its frame \(window.frame)")
                }
            }
        }
        for view in views { problems += viewProblems(view) }
        for marker in scene.markers {
            if case .pin(let pin) = marker.icon, case .text(let glyph)? = pin.glyph { problems += textProblems(glyph, in: nil) }
        }
        return problems
    }

    private func viewProblems(_ view: PlacedView) -> [String] {
        switch view.content {
        case .text(let text): textProblems(text, in: view)
        case .stack(let children): children.flatMap(viewProblems)
        default: []
        }
    }

    private func textProblems(_ placed: PlacedText, in view: PlacedView?) -> [String] {
        var problems: [String] = []
        let fitted = placed.text, shown = fitted.lines.joined(separator: "\n")
        // A drawn line holds the controls that keep it to its paragraph's direction; the report's does not.
        let drawnLines = placed.layout.lines.enumerated().map { index, line in fitted.shownLine(TextFitter.trimmedEnd(line.text), at: index) }
        if fitted.displayText.isEmpty ? !(drawnLines.allSatisfy(\.isEmpty)) : drawnLines != fitted.lines {
            problems.append("lines drawn \(drawnLines) are not the lines reported \(fitted.lines)")
        }
        if fitted.truncated != (fitted.lines.last?.hasSuffix("…") ?? false) {
            problems.append("truncated is \(fitted.truncated) for the lines \(fitted.lines)")
        }
        if let view, placed.clipped {
            let drawn = placed.drawnFrame, box = view.contentFrame
            if drawn.height <= box.height + 1e-6 && drawn.width <= box.width + 1e-6 {
                problems.append("the lines \(fitted.lines) (\(drawn)) are reported clipped but fit in their box \(box)")
            }
        }
        if let view, !view.clipsContent {
            if !placed.drawnFrame.isInside(view.frame) && !shown.allSatisfy(\.isWhitespace) {
                problems.append("the lines \(fitted.lines) (\(placed.drawnFrame)) leave their unclipped box \(view.frame)")
            }
        }
        return problems
    }
}

extension Rect {
    /// True when this rectangle lies inside `box`, within half a point (text is placed at fractions of a
    /// point), or is empty.
    fileprivate func isInside(_ box: Rect) -> Bool {
        width == 0 || (x >= box.x - 0.5 && maxX <= box.maxX + 0.5 && y >= box.y - 0.5 && maxY <= box.maxY + 0.5)
    }
}
