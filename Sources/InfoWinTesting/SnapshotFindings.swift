/// What one snapshot call found, for XCTest and Swift Testing to report each in their own way.
struct SnapshotFindings: Sendable {
    /// Each variant that does not match its golden (or could not be checked): `check`'s message.
    var failures: [String] = []
    /// The render's warnings, each named by its variant (`london.dark: marker "london": the info window is
    /// cut by the top edge of the canvas`).
    var warnings: [String] = []
    /// What was read otherwise than written (a POSIX locale name as its tag).
    var notes: [String] = []
    /// True when the test gave `failOn: []`: XCTest then prints the warnings instead of failing on them.
    var warningsAreNotes = false

    /// A warning as XCTest fails on it, saying how to let it pass.
    static func failing(_ warning: String) -> String {
        "warning: \(warning) (failOn: [] lets the render's warnings pass, printed as notes)"
    }

    /// Prints a line as a note on standard output, where test runners show it.
    static func printNote(_ text: String) {
        print("note: \(text)")
    }
}
