import Foundation

/// The optional tools some tests read infowin's output with (Pillow, poppler, librsvg, PyYAML, jsonschema,
/// zsh, fish, cmark-gfm, pre-commit: `make test` installs them all). A test that needs one is enabled only
/// where it is there (`.enabled(if: Tools.pillow, "Pillow (python3-pil) is not installed")`), so a machine
/// without it skips the test with that reason instead of failing it.
public enum Tools {
    /// True when `tool` is an executable on the PATH.
    public static func has(_ tool: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }

    /// Debian's Python, where `make test` installs its modules, when there is one: a `python3` first on the
    /// PATH (pyenv, a virtualenv) may lack them.
    public static let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"

    /// True when that Python runs and imports `module`.
    public static func pythonHas(_ module: String) -> Bool {
        (python.hasPrefix("/") || has("python3")) && (try? run([python, "-c", "import \(module)"]))?.status == 0
    }

    /// Pillow (python3-pil), the independent reader of PNG, JPEG and WebP.
    public static let pillow = pythonHas("PIL")
    /// PyYAML (python3-yaml), which reads the CI files and deployment examples.
    public static let pyYAML = pythonHas("yaml")
    /// jsonschema (python3-jsonschema), which validates specs against the published schema.
    public static let jsonschema = pythonHas("jsonschema")
    /// poppler's pdftotext and pdftoppm (poppler-utils).
    public static let pdf = has("pdftotext") && has("pdftoppm")
    /// librsvg's rsvg-convert (librsvg2-bin).
    public static let svg = has("rsvg-convert")

    /// Runs `arguments` (the first found on the PATH) in `folder`; standard output as text, standard error
    /// dropped.
    public static func run(_ arguments: [String], in folder: URL? = nil) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Runs the SQL `script` on the SQLite database `file` (made when missing) with Python's sqlite3, as the
    /// tests make MBTiles archives; the exit status.
    @discardableResult
    public static func sqlite(_ file: String, script: String) throws -> Int32 {
        let program = "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.executescript(sys.argv[2]); db.commit(); db.close()"
        return try run([python, "-c", program, file, script]).status
    }
}
