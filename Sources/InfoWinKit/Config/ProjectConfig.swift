/// A project's config file, `infowin.json` (SPEC.md, "Installing and configuring"): default values for the
/// options of every command, so that a team pins its fonts, asset folders, goldens and tolerances once.
/// Paths are absolute here, resolved against the file's folder; a key not written is nil.
public struct ProjectConfig: Sendable, Equatable {
    /// The name the file is looked for by.
    public static let fileName = "infowin.json"
    /// The largest config file read, in bytes: a config is a few lines, so anything near this is not one.
    public static let sizeLimit = 1 << 20

    /// The file as messages name it (`infowin.json`, `../infowin.json`, or as `--config` gave it).
    public var file: String
    /// The absolute folder its relative paths start from.
    public var folder: String

    /// `$schema`: the schema an editor checks the file with; infowin does not read it.
    public var schema: String?
    /// Font files every render uses, and no others.
    public var fonts: [String]?
    /// Folders specs may also read files from.
    public var assetRoots: [String]?
    /// The folder of golden images (`--golden`).
    public var golden: String?
    /// The folder outputs and goldens are named relative to (`--base`).
    public var base: String?
    /// The folder of `check`'s HTML report (`--report`).
    public var report: String?
    /// `check`'s JUnit XML file (`--junit`).
    public var junit: String?
    /// `check`'s Markdown summary file (`--summary`).
    public var summary: String?
    /// `--fail-on` names.
    public var failOn: [String]?
    /// The catalog (`--strings`).
    public var strings: String?
    /// Catalog locales, or `["all"]` for `"all"` (`--locale`).
    public var locales: [String]?
    /// `--traits` names.
    public var traits: [String]?
    /// `--threshold`.
    public var threshold: Double?
    /// `--max-diff-pixels`.
    public var maxDiffPixels: Int?
    /// `--max-diff-ratio`.
    public var maxDiffRatio: Double?
    /// The tile cache folder (`--tile-cache`).
    public var tileCache: String?
    /// `--offline`.
    public var offline: Bool?
    /// `--allow-private-network`.
    public var allowPrivateNetwork: Bool?
    /// `--jobs`.
    public var jobs: Int?

    /// A config with no key set, for the file `file` in `folder`.
    public init(file: String, folder: String) {
        self.file = file
        self.folder = folder
    }

    /// How `$.failOn[1]` is written in messages about the file.
    public static func describe(_ path: JSONPath) -> String {
        guard !path.components.isEmpty else { return "$" }
        let text = path.description
        return text.hasPrefix("[") ? "$" + text : "$." + text
    }

    /// `error`'s message, with its JSON path written as config paths are (`$.failOn[1]`).
    public static func message(_ error: InfoWinError) -> String {
        switch error {
        case .invalid(let file, let path, let message):
            return "\(file): \(describe(path)): \(message)"
        case .syntax(let file, let line, let column, let path, let message):
            return "\(file):\(line):\(column):\(path.map { " \(describe($0)):" } ?? "") \(message)"
        default:
            return error.message
        }
    }
}
