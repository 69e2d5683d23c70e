import Foundation
import FuzzSupport
import Graphics
import InfoWinKit
import SpecGenerator

/// libFuzzer target, structure-aware: the input's bytes steer the spec generator (each byte one choice),
/// so every input is a valid spec with a view tree, and mutations explore view kinds, modifiers, texts,
/// looks and locales rather than JSON syntax. A spec must render and report without a trap, `validate`
/// must accept exactly what `render` renders, and two renders must give the same bytes.
public func fuzzViewTrees(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var generator = SpecGenerator(entropy: ByteEntropy(Array(UnsafeBufferPointer(start: data, count: size))))
    let json = generator.specJSON()
    guard var spec = try? SpecDecoder.decode(SpecSource(name: "generated.json", bytes: Array(json.utf8), folder: assets)) else {
        fatalError("the generator made a spec that is refused:\n\(json)")
    }
    spec.fonts = fonts
    let first = try? renderer.render(spec)
    let report = try? renderer.report(spec)
    if (first == nil) != (report == nil) { fatalError("render and validate disagree:\n\(json)") }
    if let first, (try? renderer.render(spec))?.bytes != first.bytes { fatalError("two renders differ:\n\(json)") }
    return 0
}

/// One renderer for the run: libFuzzer calls the target on one thread.
nonisolated(unsafe) private let renderer = Renderer()

/// The fonts golden images are drawn with, from the list beside the tests (the current folder is the
/// repository's root under `make fuzz`).
private let fonts = FontSetup(
    files: ((try? String(contentsOfFile: "Tests/InfoWinKitTests/Fixtures/pinned-fonts.txt", encoding: .utf8)) ?? "")
        .split(separator: "\n").map(String.init), hermetic: true)

/// A folder holding the icons generated specs name (`icon.png`, `icon@2x.png`): 16 × 8 pixels each.
private let assets: String = {
    let folder = NSTemporaryDirectory() + "infowin-fuzz-assets-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let png = try! ImageSurface(width: 16, height: 8, argbPixels: Array(repeating: 0xFF33_6699, count: 16 * 8)).pngData()
    for name in ["icon.png", "icon@2x.png"] { FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(png)) }
    return folder
}()

@_cdecl("FuzzViewTrees_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzViewTrees(data, size) })
}
