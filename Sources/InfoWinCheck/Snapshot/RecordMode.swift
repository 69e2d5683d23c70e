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

/// How a user asks for a golden to be recorded where the check runs: `--record MODE` on the command line,
/// `INFOWIN_RECORD=MODE` for the Swift snapshot helpers. Failure messages name it, so that the advice is
/// one the reader can follow.
package struct RecordAdvice: Sendable {
    /// `MODE` → the words that ask for that mode ("--record missing").
    private let asking: @Sendable (RecordMode) -> String

    /// Advice naming `asking(mode)`.
    package init(_ asking: @escaping @Sendable (RecordMode) -> String) {
        self.asking = asking
    }

    /// The words that ask for `mode`.
    func asking(for mode: RecordMode) -> String { asking(mode) }

    /// The command line's `--record MODE`.
    static let commandLine = RecordAdvice { "--record \($0.rawValue)" }
}
