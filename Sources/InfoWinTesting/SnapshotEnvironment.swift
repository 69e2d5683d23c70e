#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import InfoWinCheck
import InfoWinKit

/// What the environment says about snapshots: `INFOWIN_RECORD` (`never`, `missing`, `failed` or `all`;
/// `missing` by default), `CI` (when set, nothing is ever recorded: a missing golden fails) and
/// `INFOWIN_ARTIFACTS` (where the expected, actual and difference images of failures go; default
/// `.build/infowin-artifacts`).
struct SnapshotEnvironment {
    var recordMode: RecordMode
    var artifactsFolder: String

    init(_ environment: [String: String] = SnapshotEnvironment.processVariables) throws(SnapshotSetupError) {
        let onCI = RecordMode.defaultMode(ciVariable: environment["CI"]) == .never
        if let asked = environment["INFOWIN_RECORD"], !asked.isEmpty {
            guard let mode = RecordMode(rawValue: asked) else {
                throw SnapshotSetupError(
                    message: "INFOWIN_RECORD is \(asked); expected one of " + RecordMode.allCases.map(\.rawValue).joined(separator: ", "))
            }
            recordMode = onCI ? .never : mode
        } else {
            recordMode = onCI ? .never : .missing
        }
        let folder = environment["INFOWIN_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 } ?? ".build/infowin-artifacts"
        artifactsFolder = Path.join(FileSystem.currentFolder(), folder)
    }

    /// How a failure's message says to record a golden from a test: the environment variable.
    static let recordAdvice = RecordAdvice { "INFOWIN_RECORD=\($0.rawValue)" }

    /// The variables the snapshot helpers read, from the process's environment. (Not Foundation's
    /// ProcessInfo: a module importing both Foundation and InfoWinKit sees two definitions of ICU's C
    /// types, Foundation's and the system's.)
    static var processVariables: [String: String] {
        var variables: [String: String] = [:]
        for name in ["CI", "INFOWIN_RECORD", "INFOWIN_ARTIFACTS", "TMPDIR"] {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        return variables
    }
}

/// A snapshot that could not be set up (a bad `INFOWIN_RECORD`, an unwritable folder).
struct SnapshotSetupError: Error {
    let message: String
}
