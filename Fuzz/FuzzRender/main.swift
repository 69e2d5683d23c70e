import FuzzSupport
import InfoWinKit

/// libFuzzer target: a spec that decodes must lay out and draw (views, text, markers) and play its
/// events without crashing. Canvases are kept small so that an iteration stays fast.
public func fuzzRender(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let spec = try? SpecDecoder.decode(SpecSource(name: "fuzz.json", bytes: bytes, folder: "/nonexistent-fuzz-folder")),
          spec.map.width * spec.map.height * spec.map.scale * spec.map.scale <= 400 * 400
    else { return 0 }
    _ = try? renderer.render(spec)
    if !spec.events.isEmpty {
        _ = try? ScenarioPlayer(renderer: renderer).play(spec)
    }
    return 0
}

/// One renderer, so one font map, for the whole run: libFuzzer calls the target on one thread.
nonisolated(unsafe) private let renderer = Renderer()

@_cdecl("FuzzRender_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzRender(data, size) })
}
