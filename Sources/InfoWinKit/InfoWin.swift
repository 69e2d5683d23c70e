/// Facts about this build of infowin.
package enum InfoWin {
    /// The version, from the repository's `VERSION` file at build time (the BuildInfo plugin).
    package static let version = BuildInfo.version
    /// The git commit built (12 hex digits, `-dirty` when tracked files differed from it), or `unknown`
    /// when the source was not a git checkout.
    package static let commit = BuildInfo.commit
    /// `infowin VERSION (COMMIT)`, as `infowin --version` prints it.
    package static var versionLine: String { "infowin \(version) (\(commit))" }
}
