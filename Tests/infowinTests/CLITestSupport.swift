import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// What one run of the `infowin` binary did.
struct CLIResult {
    let status: Int32
    let stdout: [UInt8]
    let stderr: String
    /// True when the hang guard had to kill the process.
    var hung = false
    /// True when the process ended by a signal (a crash, or the guard).
    var signalled = false

    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

struct CLIError: Error, CustomStringConvertible {
    let description: String
}

/// Runs the `infowin` executable that SwiftPM built beside the test bundle.
enum CLI {
    /// The repository's folder.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The fonts golden images are drawn with (the test fixtures' list), as command-line options.
    static let pinnedFontOptions: [String] = {
        let list = repository.appendingPathComponent("Tests/InfoWinKitTests/Fixtures/pinned-fonts.txt")
        let files = ((try? String(contentsOf: list, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        return ["--hermetic-fonts"] + files.flatMap { ["--font", $0] }
    }()

    /// `<scratch>/debug/infowin`: the folder of the test bundle's executable (or of argv[0]) plus `infowin`.
    static func binaryURL() throws -> URL {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("infowin"))
        }
        if let first = CommandLine.arguments.first {
            let argv0 = URL(fileURLWithPath: first).standardizedFileURL
            candidates.append(argv0.deletingLastPathComponent().appendingPathComponent("infowin"))
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("infowin"))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw CLIError(description: "the infowin binary is missing; looked at: "
            + candidates.map(\.path).joined(separator: ", ")
            + " (build it first: swift build --build-tests)")
    }

    /// Runs `infowin arguments…` (or `executable`) in `folder`, feeding `stdin` (or an empty standard input),
    /// with `environment` (or the test's own). Standard output and error go through files, so a large PNG
    /// on stdout cannot deadlock a pipe. SIGINT and SIGTERM are unblocked in the child, as a shell starts
    /// it (test threads block them), or blocked with `blockingInterrupts`. `onStart` sees the running
    /// process; with `hangGuard`, a process still running after that many seconds is killed and reported.
    static func run(
        _ arguments: [String], stdin: [UInt8]? = nil, in folder: URL? = nil, environment: [String: String]? = nil,
        executable: URL? = nil, blockingInterrupts: Bool = false, hangGuard: Double? = nil,
        onStart: ((Process) -> Void)? = nil
    ) throws -> CLIResult {
        let io = FileManager.default.temporaryDirectory
            .appendingPathComponent("infowin-cli-io-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: io, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: io) }
        let inURL = io.appendingPathComponent("stdin")
        let outURL = io.appendingPathComponent("stdout")
        let errURL = io.appendingPathComponent("stderr")
        try Data(stdin ?? []).write(to: inURL)
        try Data().write(to: outURL)
        try Data().write(to: errURL)

        let input = try FileHandle(forReadingFrom: inURL)
        let output = try FileHandle(forWritingTo: outURL)
        let error = try FileHandle(forWritingTo: errURL)
        defer {
            try? input.close()
            try? output.close()
            try? error.close()
        }

        let process = Process()
        process.executableURL = try executable ?? binaryURL()
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let environment { process.environment = environment }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        // The child inherits the signal mask of the thread that starts it.
        var interrupts = sigset_t()
        sigemptyset(&interrupts)
        sigaddset(&interrupts, SIGINT)
        sigaddset(&interrupts, SIGTERM)
        var previousMask = sigset_t()
        pthread_sigmask(blockingInterrupts ? SIG_BLOCK : SIG_UNBLOCK, &interrupts, &previousMask)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
        try process.run()
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        onStart?(process)
        var hung = false
        if let hangGuard {
            let deadline = Date().addingTimeInterval(hangGuard)
            while process.isRunning {
                if Date() > deadline {
                    hung = true
                    kill(process.processIdentifier, SIGKILL)
                    break
                }
                usleep(5_000)
            }
        }
        process.waitUntilExit()

        return CLIResult(
            status: process.terminationStatus,
            stdout: Array(try Data(contentsOf: outURL)),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
            hung: hung, signalled: process.terminationReason == .uncaughtSignal)
    }
}

/// A fresh folder for one test, removed when the test lets go of it.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("infowin-cli-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    @discardableResult
    func write(_ text: String, to relative: String) throws -> URL {
        try write(Array(text.utf8), to: relative)
    }

    @discardableResult
    func write(_ bytes: [UInt8], to relative: String) throws -> URL {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: path(relative))
    }

    func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: url.appendingPathComponent(relative)))
    }

    /// Every entry of the folder (or of a sub-folder), hidden ones included, sorted.
    func entries(_ relative: String = "") throws -> [String] {
        let folder = relative.isEmpty ? url : url.appendingPathComponent(relative)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// The layout report written at `relative`, parsed.
    func layout(_ relative: String) throws -> [String: Any] {
        try Layout.parse(bytes(relative))
    }
}

// MARK: - Specs

enum Specs {
    /// A marker object, in JSON.
    static func marker(
        _ id: String, latitude: Double = 0, longitude: Double = 0,
        title: String? = nil, snippet: String? = nil, extra: String = ""
    ) -> String {
        var fields = [
            "\"id\": \(quoted(id))",
            "\"position\": { \"latitude\": \(latitude), \"longitude\": \(longitude) }",
        ]
        if let title { fields.append("\"title\": \(quoted(title))") }
        if let snippet { fields.append("\"snippet\": \(quoted(snippet))") }
        if !extra.isEmpty { fields.append(extra) }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    /// A whole spec: a map centred on 0,0 at zoom 12 with `markers`.
    static func spec(
        width: Int = 390, height: Int = 300, scale: Int? = nil,
        markers: [String], selected: String? = nil
    ) -> String {
        let scaleField = scale.map { ", \"scale\": \($0)" } ?? ""
        let selectedField = selected.map { ",\n  \"selectedMarker\": \(quoted($0))" } ?? ""
        return """
            {
              "version": 1,
              "map": {
                "width": \(width), "height": \(height)\(scaleField),
                "camera": { "target": { "latitude": 0, "longitude": 0 }, "zoom": 12 }
              },
              "markers": [
                \(markers.joined(separator: ",\n    "))
              ]\(selectedField)
            }

            """
    }

    /// The London example of SPEC.md: 390 × 300 pt at scale 2, its window open.
    static let london = """
        {
          "version": 1,
          "map": {
            "width": 390, "height": 300, "scale": 2,
            "camera": { "target": { "latitude": 51.5, "longitude": -0.127 }, "zoom": 12 }
          },
          "markers": [
            { "id": "london", "position": { "latitude": 51.5, "longitude": -0.127 },
              "title": "London", "snippet": "Population: 8,174,100" }
          ],
          "selectedMarker": "london"
        }

        """

    /// A JSON string literal (escapes quotes, backslashes and control characters; the rest stays as is).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

// MARK: - PNG

enum PNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The text of the `tEXt` chunk named `keyword`, or nil when there is none.
    static func textChunk(_ keyword: String, of bytes: [UInt8]) -> String? {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard offset + 12 + length <= bytes.count else { return nil }
            let data = bytes[offset + 8..<offset + 8 + length]
            if String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) == "tEXt", let zero = data.firstIndex(of: 0),
               String(decoding: data[..<zero], as: UTF8.self) == keyword {
                return String(decoding: data[(zero + 1)...], as: UTF8.self)
            }
            offset += 12 + length
        }
        return nil
    }

    /// Width and height from the IHDR chunk, or nil when `bytes` is not a PNG that starts with IHDR.
    static func size(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature,
              Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    /// A tiny valid RGBA PNG (stored, uncompressed deflate) of one colour, for icons.
    static func solid(width: Int, height: Int, rgba: [UInt8] = [0x20, 0x60, 0xC0, 0xFF]) -> [UInt8] {
        var raw: [UInt8] = []
        for _ in 0..<height {
            raw.append(0)
            for _ in 0..<width { raw += rgba }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let last: UInt8 = offset + count == raw.count ? 1 : 0
            zlib.append(last)
            zlib += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[offset..<offset + count]
            offset += count
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        zlib += bigEndian(b << 16 | a)

        var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        ihdr += [8, 6, 0, 0, 0]
        return signature + chunk("IHDR", ihdr) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}

// MARK: - Layout report

enum Layout {
    static func parse(_ bytes: [UInt8]) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(bytes))
        guard let dictionary = object as? [String: Any] else {
            throw CLIError(description: "the layout report is not a JSON object")
        }
        return dictionary
    }

    static func number(_ value: Any?) -> Double? {
        (value as? NSNumber)?.doubleValue
    }

    /// `{ "x", "y", "width", "height" }` as numbers, or nil.
    static func rect(_ value: Any?) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let object = value as? [String: Any],
              let x = number(object["x"]), let y = number(object["y"]),
              let width = number(object["width"]), let height = number(object["height"])
        else { return nil }
        return (x, y, width, height)
    }

    /// `{ "x", "y" }` as numbers, or nil.
    static func point(_ value: Any?) -> (x: Double, y: Double)? {
        guard let object = value as? [String: Any],
              let x = number(object["x"]), let y = number(object["y"])
        else { return nil }
        return (x, y)
    }
}
