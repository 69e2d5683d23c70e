/// Every way infowin's work can fail; each message names the file, the JSON path and what was expected.
public enum InfoWinError: Error, Equatable, Sendable {
    /// The text is not JSON; `path` is given when the fault belongs to a value (a duplicate key).
    case syntax(file: String, line: Int, column: Int, path: JSONPath?, message: String)
    /// A value is wrong: a wrong type, out of range, unknown, or not supported yet.
    case invalid(file: String, path: JSONPath, message: String)
    /// A file could not be read or written.
    case io(file: String, message: String)

    /// The whole message, lower case after the location: `spec.json: markers[2].title: expected a string, got a number`.
    public var message: String {
        switch self {
        case .syntax(let file, let line, let column, let path, let message):
            let location = path.map { " \($0):" } ?? ""
            return "\(file):\(line):\(column):\(location) \(message)"
        case .invalid(let file, let path, let message):
            return "\(file): \(path): \(message)"
        case .io(let file, let message):
            return "\(file): \(message)"
        }
    }
}
