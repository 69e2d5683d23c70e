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

    /// Reports everything found: the notes to `note`, each warning to `warn` when the test framework has
    /// warnings (Swift Testing's warning-severity issues), else as XCTest takes them: a failure saying how to
    /// let it pass, or with `failOn: []` a note; then the failures to `fail`.
    func report(fail: (String) -> Void, note: (String) -> Void = Self.printNote, warn: ((String) -> Void)? = nil) {
        notes.forEach(note)
        for warning in warnings {
            if let warn {
                warn("warning: \(warning)")
            } else if warningsAreNotes {
                note("warning: \(warning)")
            } else {
                fail("warning: \(warning) (failOn: [] lets the render's warnings pass, printed as notes)")
            }
        }
        failures.forEach(fail)
    }

    /// Prints a line as a note on standard output, where test runners show it.
    static func printNote(_ text: String) {
        print("note: \(text)")
    }
}
