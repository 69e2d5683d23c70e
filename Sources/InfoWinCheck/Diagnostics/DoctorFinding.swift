import InfoWinKit

/// One line of `infowin doctor`: how a check went, and what it found.
package struct DoctorFinding: Sendable, Equatable {
    /// Fine, surprising (renders may differ or lack something), or broken (renders fail).
    package enum Level: String, Sendable {
        case ok, warning, error
    }

    /// How it went.
    package let level: Level
    /// What was checked and found; for a problem, what to install or change.
    package let message: String

    /// A finding.
    package init(_ level: Level, _ message: String) {
        self.level = level
        self.message = message
    }

    /// `ok MESSAGE`, `warning MESSAGE` or `error MESSAGE`, on one line.
    package var line: String {
        level.rawValue + " " + message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
