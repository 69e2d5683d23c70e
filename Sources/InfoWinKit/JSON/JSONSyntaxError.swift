/// Text that is not valid JSON (or breaks a limit while being read), and where.
package struct JSONSyntaxError: Error, Equatable, Sendable {
    /// 1-based line.
    package let line: Int
    /// 1-based column, in characters.
    package let column: Int
    /// The JSON path of the value being read, when the fault belongs to one (a duplicate key).
    package let path: JSONPath?
    /// What was wrong, lower case.
    package let message: String
}
