import Foundation
import InfoWinTestSupport
#if canImport(Glibc)
import Glibc
#endif
import Testing

// What the hostile-input suites share: a guarded process runner, folder listings, small specs and PNGs.

/// Seconds after which a run is killed and reported as hung. Far beyond anything a working build needs.
let hangGuard: Double = 180

/// Runs `executable arguments…` in `folder` with the environment minus `CI`, standard input from `stdin`
/// (or nothing), killed after `hangGuard` seconds.
func runGuarded(
    _ arguments: [String], in folder: URL, stdin: [UInt8]? = nil, executable: URL? = nil,
    blockingInterrupts: Bool = false, onStart: ((Process) -> Void)? = nil
) throws -> CLIResult {
    var environment = ProcessInfo.processInfo.environment
    environment["CI"] = nil
    return try CLI.run(
        arguments, stdin: stdin, in: folder, environment: environment, executable: executable,
        blockingInterrupts: blockingInterrupts, hangGuard: hangGuard, onStart: onStart)
}

/// Every entry below `folder` (hidden ones included, links not followed), relative, sorted.
func tree(_ folder: URL) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    var found: [String] = []
    while let item = enumerator.nextObject() as? String { found.append(item) }
    return found.sorted()
}

/// Names that look like the writer's temporary files (`.NAME.tmp-…`).
func temporaries(_ folder: URL) -> [String] {
    tree(folder).filter { path in
        let name = (path as NSString).lastPathComponent
        return name.hasPrefix(".") || name.contains(".tmp")
    }
}

/// A small spec (JSON text) with these markers: a 200 × 150 pt map at scale 1.
func smallSpec(markers: [String], selected: String? = "m", width: Int = 200, height: Int = 150, scale: Double = 1, extra: String = "") -> String {
    let selection = selected.map { #", "selectedMarker": "\#($0)""# } ?? ""
    return #"{"version": 1, "map": {"width": \#(width), "height": \#(height), "scale": \#(scale), "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 12}}, "markers": [\#(markers.joined(separator: ", "))]\#(selection)\#(extra)}"#
}

func marker(_ id: String = "m", _ rest: String = "") -> String {
    #"{"id": "\#(id)", "position": {"latitude": 0, "longitude": 0}\#(rest)}"#
}

/// A JSON string literal, escaping only what JSON must.
func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case _ where scalar.value < 0x20: result += String(format: "\\u%04X", scalar.value)
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

func isFIFO(_ path: String) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0 else { return false }
    return info.st_mode & S_IFMT == S_IFIFO
}

/// A PNG that `infowin` itself rendered (whole): signature first, IEND last.
func isWholePNG(_ bytes: [UInt8]) -> Bool {
    let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
    return bytes.count > 20 && Array(bytes.prefix(8)) == PNG.signature && Array(bytes.suffix(12)) == iend
}

/// A PNG of `width` × `height` whose IHDR claims `claimed` (stored deflate; valid CRCs unless `breakCRC`).
func hostilePNG(width: Int = 4, height: Int = 4, claiming claimed: (Int, Int)? = nil, breakCRC: Bool = false) -> [UInt8] {
    var bytes = PNG.solid(width: width, height: height)
    if let (claimedWidth, claimedHeight) = claimed {
        let be = { (value: Int) -> [UInt8] in [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        bytes.replaceSubrange(16..<24, with: be(claimedWidth) + be(claimedHeight))
        // The IHDR CRC is now wrong too; a header check must refuse the size before any CRC is looked at.
    }
    if breakCRC {
        // The IDAT chunk's CRC: the four bytes before IEND's length and type.
        bytes[bytes.count - 13] ^= 0xFF
    }
    return bytes
}

/// Runs `render spec.json -o out.png --layout out.json` in `folder` and checks the failure contract; returns stderr.
func expectRenderRefused(
    _ folder: TemporaryFolder, spec: String = "spec.json", status: Int32 = 1, extraArguments: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> String {
    let before = tree(folder.url)
    let run = try runGuarded(["render", spec, "-o", "out.png", "--layout", "out.json"] + extraArguments, in: folder.url)
    #expect(!run.hung, "infowin hung", sourceLocation: sourceLocation)
    #expect(!run.signalled, "infowin crashed: \(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.status == status, "stderr: \(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.stderr.hasPrefix("error: "), "stderr: \(run.stderr.prefix(500).debugDescription)", sourceLocation: sourceLocation)
    #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(tree(folder.url) == before, "a file (or a temporary) was left behind", sourceLocation: sourceLocation)
    return run.stderr
}

/// Renders `spec.json` in `folder` and expects success; returns the layout report.
func expectRendered(_ folder: TemporaryFolder, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let run = try runGuarded(["render", "spec.json", "-o", "out.png", "--layout", "out.json"], in: folder.url)
    #expect(!run.hung && !run.signalled, sourceLocation: sourceLocation)
    #expect(run.status == 0, "stderr: \(run.stderr.prefix(2000))", sourceLocation: sourceLocation)
    #expect(temporaries(folder.url).isEmpty, sourceLocation: sourceLocation)
    guard run.status == 0 else { return [:] }
    #expect(isWholePNG(try folder.bytes("out.png")), sourceLocation: sourceLocation)
    return try folder.layout("out.json")
}

/// Runs `infowin arguments…` through `/bin/sh` after `setup` (redirections such as `exec >&-`, or
/// `ulimit -v N`), guarded as `runGuarded`.
func runAfterShellSetup(_ setup: String, _ arguments: [String], in folder: URL) throws -> CLIResult {
    let binary = try CLI.binaryURL().path
    return try runGuarded(
        ["-c", setup + "; exec \"$0\" \"$@\"", binary] + arguments, in: folder, executable: URL(fileURLWithPath: "/bin/sh"))
}

/// True when the binary runs under AddressSanitizer (`make test-sanitize` sets ASAN_OPTIONS): its shadow
/// memory needs terabytes of address space, so tests under `ulimit -v` cannot run there.
let underAddressSanitizer = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil
