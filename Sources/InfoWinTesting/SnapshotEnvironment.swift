#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import InfoWinCheck
import InfoWinKit

/// What the environment (and the test's `record:`) says about snapshots: `INFOWIN_RECORD` (`never`,
/// `missing`, `failed` or `all`; `missing` by default), overridden by `record:` when a test gives it; `CI`
/// (when set, nothing is ever recorded: a missing golden fails); and `INFOWIN_ARTIFACTS` (where the
/// expected, actual and difference images of failures go; by default the test package's
/// `.build/infowin-artifacts`).
struct SnapshotEnvironment {
    var recordMode: RecordMode
    var artifactsFolder: String
    /// How a failure's message says to record a golden: the `record:` parameter when the test gives it,
    /// else the environment variable.
    var recordAdvice: RecordAdvice

    /// `record`, when given, is the test's `record:`; `testFile` (`#filePath`) finds the package whose
    /// `.build` folder holds the artefacts.
    init(_ environment: [String: String] = SnapshotEnvironment.processVariables, record: SnapshotRecordMode? = nil, testFile: String = "") throws(SnapshotSetupError) {
        let onCI = RecordMode.defaultMode(ciVariable: environment["CI"]) == .never
        if let record {
            recordMode = onCI ? .never : record.recordMode
            recordAdvice = RecordAdvice { "record: .\($0.rawValue)" }
        } else if let asked = environment["INFOWIN_RECORD"], !asked.isEmpty {
            guard let mode = RecordMode(rawValue: asked) else {
                throw SnapshotSetupError(
                    message: "INFOWIN_RECORD is \(asked); expected one of " + RecordMode.allCases.map(\.rawValue).joined(separator: ", "))
            }
            recordMode = onCI ? .never : mode
            recordAdvice = Self.variableAdvice
        } else {
            recordMode = onCI ? .never : .missing
            recordAdvice = Self.variableAdvice
        }
        if let folder = environment["INFOWIN_ARTIFACTS"], !folder.isEmpty {
            artifactsFolder = Path.join(FileSystem.currentFolder(), folder)
        } else {
            artifactsFolder = Path.join(Self.packageRoot(of: testFile) ?? FileSystem.currentFolder(), ".build/infowin-artifacts")
        }
    }

    /// Advice naming the environment variable: `INFOWIN_RECORD=missing`.
    static let variableAdvice = RecordAdvice { "INFOWIN_RECORD=\($0.rawValue)" }

    /// The nearest folder above `testFile` that holds a `Package.swift`: the package the test is in; nil
    /// when there is none (a test file outside any package).
    static func packageRoot(of testFile: String) -> String? {
        guard testFile.hasPrefix("/") else { return nil }
        var folder = Path.folder(of: testFile)
        while true {
            if FileSystem.isRegularFile(Path.join(folder, "Package.swift")) { return folder }
            guard folder != "/" else { return nil }
            folder = Path.folder(of: folder)
        }
    }

    /// The variables the snapshot helpers read, from the process's environment (with `getenv`: of
    /// Foundation, the helpers use only the parameters' `URL`).
    static var processVariables: [String: String] {
        var variables: [String: String] = [:]
        for name in ["CI", "INFOWIN_RECORD", "INFOWIN_ARTIFACTS", "TMPDIR"] {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        return variables
    }
}

/// A snapshot that could not be set up (a bad `INFOWIN_RECORD`, a parameter out of range, an unwritable
/// folder).
struct SnapshotSetupError: Error {
    let message: String
}
