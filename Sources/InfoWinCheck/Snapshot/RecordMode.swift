import InfoWinKit

/// When `infowin check` writes golden images.
package enum RecordMode: String, Sendable, CaseIterable {
    /// Never: a missing golden is a failure.
    case never
    /// Record goldens that do not exist yet (each still counts as a failure).
    case missing
    /// Also re-record goldens that fail (each still counts as a failure).
    case failed
    /// Re-record every golden; nothing fails for a difference.
    case all

    /// `missing`, or `never` when the environment variable `CI` is set (a CI run must not record).
    package static func defaultMode(ciVariable: String?) -> RecordMode {
        ciVariable.map { !$0.isEmpty } == true ? .never : .missing
    }
}
