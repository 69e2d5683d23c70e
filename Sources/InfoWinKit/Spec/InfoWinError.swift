/// Every way infowin's work can fail; each message names the file, the JSON path and what was expected.
public enum InfoWinError: Error, Equatable, Sendable {
    /// The text is not JSON; `path` is given when the fault belongs to a value (a duplicate key).
    case syntax(file: String, line: Int, column: Int, path: JSONPath?, message: String)
    /// A value is wrong: a wrong type, out of range, unknown, or not supported yet.
    case invalid(file: String, path: JSONPath, message: String)
    /// A file could not be read or written.
    case io(file: String, message: String)
    /// The memory an image of `width` × `height` pixels needs, `bytes` in all, could not be had.
    case outOfMemory(file: String, width: Int, height: Int, bytes: Int)

    /// True for `outOfMemory`: the same work may succeed alone, when nothing else holds memory.
    public var isOutOfMemory: Bool {
        if case .outOfMemory = self { return true }
        return false
    }

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
        case .outOfMemory(let file, let width, let height, let bytes):
            return "\(file): not enough memory for a \(width) × \(height) image (\(Format.grouped((bytes + (1 << 20) - 1) >> 20)) MB)"
        }
    }
}
