/// Every way infowin's work can fail, in three kinds kept apart (`kind`): the spec, an input, the machine.
/// Each message names the file, the JSON path where there is one, and what was expected.
public enum InfoWinError: Error, Equatable, Sendable {
    /// The text is not JSON; `path` is given when the fault belongs to a value (a duplicate key).
    case syntax(file: String, line: Int, column: Int, path: JSONPath?, message: String)
    /// A value is wrong: a wrong type, out of range, unknown, or not supported yet.
    case invalid(file: String, path: JSONPath, message: String)
    /// An input could not be read or is not what it must be: a spec file, an asset, a font, a catalog,
    /// data rows, a golden, a tile source (`file` is its path or URL).
    case io(file: String, message: String)
    /// The machine failed the work, not the spec or an input: a write, or a library (Cairo, an encoder)
    /// that could not do what it was asked. `path` is the part of the spec being drawn, when one was.
    case machine(file: String, path: JSONPath?, message: String)
    /// The memory an image of `width` × `height` pixels needs, `bytes` in all, could not be had.
    case outOfMemory(file: String, width: Int, height: Int, bytes: Int)
    /// The render was stopped from outside (its `RenderCancellation`, serve's deadline) before `step`.
    case cancelled(file: String, step: String)

    /// What failed: the spec, an input, or the machine.
    public enum Kind: String, Sendable {
        /// The spec is not JSON, or a value in it is wrong (`syntax`, `invalid`).
        case spec
        /// An input could not be read or is not what it must be (`io`).
        case input
        /// Memory, a write or a library failed, or the work was stopped (`outOfMemory`, `machine`, `cancelled`).
        case machine
    }

    /// The kind of this error.
    public var kind: Kind {
        switch self {
        case .syntax, .invalid: .spec
        case .io: .input
        case .outOfMemory, .machine, .cancelled: .machine
        }
    }

    /// True for `outOfMemory`: the same work may succeed alone, when nothing else holds memory.
    package var isOutOfMemory: Bool {
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
        case .io(let file, let message), .machine(let file, nil, let message):
            return "\(file): \(message)"
        case .machine(let file, let path?, let message):
            return "\(file): \(path): \(message)"
        case .outOfMemory(let file, let width, let height, let bytes):
            return "\(file): not enough memory for a \(width) × \(height) image (\(Format.grouped((bytes + (1 << 20) - 1) >> 20)) MB)"
        case .cancelled(let file, let step):
            return "\(file): the render was cancelled before \(step)"
        }
    }
}
