/// The names one command gives its outputs, gathered to find two outputs that would be one file (`-o
/// out.png --scale 1,2 --layout out@2x.png`, or specs `a.json` and `a@2x.json` in a batch at `--scale 1,2`).
package struct OutputNames: Sendable {
    /// Two outputs that would be written to the same file.
    package struct Collision: Sendable, Error {
        /// The file both would be.
        package let name: String
        /// What the first output is (`the image at scale 2`, a spec's path).
        package let first: String
        /// What the second output is.
        package let second: String

        /// A message for a command-line error.
        package var message: String {
            "\(first) and \(second) would both be written to \(name): rename one of them, or drop a --scale"
        }
    }

    private var owners: [String: String] = [:]

    /// No names yet.
    package init() {}

    /// Adds `name` (compared lexically, `./` and `..` resolved against the current folder) for `owner`;
    /// throws when another output already has it.
    package mutating func add(_ name: String, for owner: String) throws(Collision) {
        let key = Path.normalized(Path.join(FileSystem.currentFolder(), name))
        if let first = owners[key] { throw Collision(name: name, first: first, second: owner) }
        owners[key] = owner
    }
}
