/// Facts about this build of infowin.
package enum InfoWin {
    /// The version, from the repository's `VERSION` file at build time (the BuildInfo plugin).
    package static let version = BuildInfo.version
    /// The git commit built (12 hex digits, `-dirty` when tracked files differed from it), or `unknown`
    /// when the source was not a git checkout.
    package static let commit = BuildInfo.commit
    /// 16 hex digits hashing the source code compiled (every file under `Sources/` and `Package.swift`), or
    /// `unknown`: the same for a source build, the `.deb` and the image of one tree, stripped or not.
    package static let code = BuildInfo.code
    /// The build as golden images record it (`infowin:build`) and the input hash starts from it:
    /// `VERSION COMMIT CODE`. Two renders by builds of the same name draw the same pixels from the same inputs.
    package static var build: String { "\(version) \(commit) \(code)" }
    /// `infowin VERSION (COMMIT)`, as `infowin --version` prints it.
    package static var versionLine: String { "infowin \(version) (\(commit))" }
}
