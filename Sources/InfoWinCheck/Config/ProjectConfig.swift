import InfoWinKit

/// A project's config file, `infowin.json` (SPEC.md, "Installing and configuring"): default values for the
/// options of every command, so that a team pins its fonts, asset folders, goldens and tolerances once.
/// Paths are absolute here, resolved against the file's folder; a key not written is nil.
package struct ProjectConfig: Sendable, Equatable {
    /// The name the file is looked for by.
    package static let fileName = "infowin.json"
    /// The largest config file read, in bytes: a config is a few lines, so anything near this is not one.
    package static let sizeLimit = 1 << 20

    /// The file as messages name it (`infowin.json`, `../infowin.json`, or as `--config` gave it).
    package var file: String
    /// The absolute folder its relative paths start from.
    package var folder: String

    /// `$schema`: the schema an editor checks the file with; infowin does not read it.
    package var schema: String?
    /// Font files every render uses, and no others.
    package var fonts: [String]?
    /// Folders specs may also read files from.
    package var assetRoots: [String]?
    /// The folder of golden images (`--golden`).
    package var golden: String?
    /// The folder outputs and goldens are named relative to (`--base`).
    package var base: String?
    /// The folder of `check`'s HTML report (`--report`).
    package var report: String?
    /// `check`'s JUnit XML file (`--junit`).
    package var junit: String?
    /// `check`'s Markdown summary file (`--summary`).
    package var summary: String?
    /// `--fail-on` names.
    package var failOn: [String]?
    /// `--quiet` kinds.
    package var quiet: [String]?
    /// The catalog (`--strings`).
    package var strings: String?
    /// Catalog locales, or `["all"]` for `"all"` (`--locale`).
    package var locales: [String]?
    /// `--traits` names.
    package var traits: [String]?
    /// `--threshold`.
    package var threshold: Double?
    /// `--max-diff-pixels`.
    package var maxDiffPixels: Int?
    /// `--max-diff-ratio`.
    package var maxDiffRatio: Double?
    /// The tile cache folder (`--tile-cache`).
    package var tileCache: String?
    /// `--offline`.
    package var offline: Bool?
    /// `--allow-private-network`.
    package var allowPrivateNetwork: Bool?
    /// `--jobs`.
    package var jobs: Int?
    /// `serve`'s default basemap, a vector tileset (`--basemap`).
    package var basemap: String?
    /// Its style: a built-in name or a style file (`--style`).
    package var style: String?
    /// The hosts `/staticmap`'s icons may come from (`--allow-icon-host`).
    var allowIconHosts: [String]?
    /// `/staticmap`'s map ids, each `NAME=STYLE` (a built-in name or an absolute style file path) as
    /// `--map-id` takes it, in the file's order.
    package var mapIds: [String]?

    /// A config with no key set, for the file `file` in `folder`.
    package init(file: String, folder: String) {
        self.file = file
        self.folder = folder
    }

    /// How `$.failOn[1]` is written in messages about the file.
    package static func describe(_ path: JSONPath) -> String {
        guard !path.components.isEmpty else { return "$" }
        let text = path.description
        return text.hasPrefix("[") ? "$" + text : "$." + text
    }

    /// `error`'s message, with its JSON path written as config paths are (`$.failOn[1]`).
    package static func message(_ error: InfoWinError) -> String {
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
