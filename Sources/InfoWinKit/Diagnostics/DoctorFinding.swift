/// One line of `infowin doctor`: how a check went, and what it found.
public struct DoctorFinding: Sendable, Equatable {
    /// Fine, surprising (renders may differ or lack something), or broken (renders fail).
    public enum Level: String, Sendable {
        case ok, warning, error
    }

    /// How it went.
    public let level: Level
    /// What was checked and found; for a problem, what to install or change.
    public let message: String

    /// A finding.
    public init(_ level: Level, _ message: String) {
        self.level = level
        self.message = message
    }

    /// `ok MESSAGE`, `warning MESSAGE` or `error MESSAGE`, on one line.
    public var line: String {
        level.rawValue + " " + message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
