/// Text that is not valid JSON (or breaks a limit while being read), and where.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    /// 1-based line.
    public let line: Int
    /// 1-based column, in characters.
    public let column: Int
    /// The JSON path of the value being read, when the fault belongs to one (a duplicate key).
    public let path: JSONPath?
    /// What was wrong, lower case.
    public let message: String
}
