import Foundation

/// Pillow (python3-pil, which `make test` installs) as an independent PNG reader: it decodes with its own
/// zlib calls and its own unfiltering, none of which is ours.
enum PillowReader {
    /// Debian's Python, where `make test` installs Pillow: a `python3` first on the PATH may lack it.
    private static let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"

    static let isInstalled = (try? run(["-c", "import PIL"])) == 0

    /// Decodes every `*.png` in `folder` into a `*.rgba` file of straight RGBA bytes.
    static func decodeAll(in folder: URL) throws {
        let script = """
            import glob, sys
            from PIL import Image
            for path in glob.glob(sys.argv[1] + "/*.png"):
                with Image.open(path) as image:
                    image.load()
                    open(path[:-4] + ".rgba", "wb").write(image.convert("RGBA").tobytes())
            """
        let status = try run(["-c", script, folder.path])
        if status != 0 { throw CocoaError(.fileReadCorruptFile) }
    }

    private static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
