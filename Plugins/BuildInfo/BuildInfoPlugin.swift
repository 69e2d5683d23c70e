import Foundation
import PackagePlugin

/// Writes `BuildInfo.swift` (the version from the repository's `VERSION` file and the commit from git)
/// into the plugin's work folder before every build, so that a plain `swift build` or `swift test` from a
/// clean clone embeds both, with no make. The script (`/bin/sh`, not built from the package) rewrites the
/// file only when its text changes, so builds stay incremental; with no git, or outside a git checkout,
/// the commit is `unknown`.
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo")
        return [
            .prebuildCommand(
                displayName: "Embedding the version and commit in \(target.name)",
                executable: URL(filePath: "/bin/sh"),
                arguments: ["-c", script, "build-info", context.package.directoryURL.path, output.path],
                outputFilesDirectory: output),
        ]
    }

    /// `$1` the package folder, `$2` the output folder. The version is the first line of VERSION; the
    /// commit is 12 hex digits of HEAD, `-dirty` when tracked files differ from it.
    private var script: String {
        #"""
        set -u
        package="$1"; output="$2"
        version=$(head -n 1 "$package/VERSION" 2>/dev/null | tr -d '[:space:]')
        [ -n "$version" ] || version=unknown
        commit=unknown
        if command -v git >/dev/null 2>&1 && hash=$(git -C "$package" rev-parse --short=12 HEAD 2>/dev/null); then
          commit="$hash"
          git -C "$package" diff --quiet HEAD -- 2>/dev/null || commit="$commit-dirty"
        fi
        case "$version$commit" in *[!A-Za-z0-9.+-]*) version=unknown; commit=unknown ;; esac
        mkdir -p "$output"
        text="// Written by the BuildInfo plugin before every build: do not edit.
        enum BuildInfo {
            static let version = \"$version\"
            static let commit = \"$commit\"
        }"
        file="$output/BuildInfo.swift"
        if [ "$(cat "$file" 2>/dev/null)" != "$text" ]; then
          printf '%s\n' "$text" > "$file.tmp" && mv "$file.tmp" "$file"
        fi
        """#
    }
}
