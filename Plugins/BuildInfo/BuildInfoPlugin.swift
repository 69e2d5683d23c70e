import Foundation
import PackagePlugin

/// Writes `BuildInfo.swift` (the version from the repository's `VERSION` file and the commit from git)
/// into the plugin's work folder, so that a plain `swift build` or `swift test` from a clean clone embeds
/// both, with no make. A build command, not a prebuild one: SwiftPM runs prebuild commands only when the
/// package's structure changes (swiftlang/swift-package-manager#5476), so a commit would go unseen. This
/// command runs again whenever HEAD moves (git's `HEAD` and its reflog `logs/HEAD`, which every commit,
/// checkout, reset and merge appends to), the index changes, `VERSION` changes or any source file of the
/// package changes (a tree that became dirty); the script (`/bin/sh`, nothing built) rewrites the file only
/// when its text changes, so nothing recompiles for nothing. With no git, or outside a git checkout, the
/// commit is `unknown`.
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo.swift")
        let sources = context.package.targets.compactMap { $0 as? SourceModuleTarget }.flatMap { $0.sourceFiles.map(\.url) }
        let inputs = ([package.appending(path: "VERSION")] + Self.gitFiles(of: package) + sources)
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        return [
            .buildCommand(
                displayName: "Embedding the version and commit in \(target.name)",
                executable: URL(filePath: "/bin/sh"),
                arguments: ["-c", script, "build-info", package.path, output.path],
                inputFiles: inputs, outputFiles: [output]),
        ]
    }

    /// The files git changes when HEAD moves or the index changes, in the repository's git folder (for a
    /// worktree, `.git` is a file naming its folder).
    private static func gitFiles(of package: URL) -> [URL] {
        var folder = package.appending(path: ".git")
        if let link = try? String(contentsOf: folder, encoding: .utf8), link.hasPrefix("gitdir:") {
            let path = link.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            folder = path.hasPrefix("/") ? URL(filePath: path) : package.appending(path: path)
        }
        return ["HEAD", "logs/HEAD", "index"].map { folder.appending(path: $0) }
    }

    /// `$1` the package folder, `$2` the output file. The version is the first line of VERSION; the
    /// commit is 12 hex digits of HEAD, `-dirty` when tracked files differ from it; the code is 16 hex
    /// digits of the SHA-256 of every file under `Sources/` (path and bytes, in byte order of the paths)
    /// and `Package.swift`: what the binary is compiled from, whoever builds it (a source build, the
    /// `.deb`, the image), and another value for a tree with uncommitted changes to the code.
    private var script: String {
        #"""
        set -u
        package="$1"; file="$2"
        version=$(head -n 1 "$package/VERSION" 2>/dev/null | tr -d '[:space:]')
        [ -n "$version" ] || version=unknown
        commit=unknown
        if command -v git >/dev/null 2>&1 && hash=$(git -C "$package" rev-parse --short=12 HEAD 2>/dev/null); then
          commit="$hash"
          git -C "$package" diff --quiet HEAD -- 2>/dev/null || commit="$commit-dirty"
        fi
        code=unknown
        if command -v sha256sum >/dev/null 2>&1; then
          code=$(cd "$package" && find Sources Package.swift -type f 2>/dev/null | LC_ALL=C sort |
            while IFS= read -r source; do printf '%s\n' "$source"; wc -c < "$source"; cat "$source"; done |
            sha256sum | cut -c 1-16)
        fi
        case "$version$commit$code" in *[!A-Za-z0-9.+-]*) version=unknown; commit=unknown; code=unknown ;; esac
        text="// Written by the BuildInfo plugin: do not edit.
        enum BuildInfo {
            static let version = \"$version\"
            static let commit = \"$commit\"
            static let code = \"$code\"
        }"
        mkdir -p "$(dirname "$file")"
        if [ "$(cat "$file" 2>/dev/null)" != "$text" ]; then
          printf '%s\n' "$text" > "$file.tmp" && mv "$file.tmp" "$file"
        fi
        """#
    }
}
