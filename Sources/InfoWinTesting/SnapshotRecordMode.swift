import InfoWinCheck

/// When a snapshot writes its golden (`record:`), as `INFOWIN_RECORD` and `infowin check --record` say it;
/// given, it wins over `INFOWIN_RECORD`, but with `CI` set nothing is ever recorded.
public enum SnapshotRecordMode: String, Sendable, Hashable, CaseIterable {
    /// Never: a missing golden is a failure.
    case never
    /// Record goldens that do not exist yet (each still fails once): the default.
    case missing
    /// Also re-record goldens that fail (each still fails).
    case failed
    /// Re-record every golden; nothing fails for a difference.
    case all

    /// The checker's mode, of the same name.
    var recordMode: RecordMode { RecordMode(rawValue: rawValue) ?? .never }
}
