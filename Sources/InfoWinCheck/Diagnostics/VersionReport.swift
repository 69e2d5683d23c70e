import Graphics
import InfoWinKit

/// What `infowin version` says: infowin's version and commit, the C libraries' versions as this process
/// loaded them, and the faces the looks' default family resolves to with the hashes of their files.
package struct VersionReport: Sendable {
    /// infowin's version.
    package let version: String
    /// The commit built, or `unknown`.
    package let commit: String
    /// The C libraries.
    package let libraries: LinkedLibraries
    /// The default family's faces under the font setup asked for.
    package let fonts: [HashedFontFace]

    /// The report for renders with `fonts` (the machine's, or a pinned set).
    package init(fonts setup: FontSetup) throws(InfoWinError) {
        version = InfoWin.version
        commit = InfoWin.commit
        libraries = .current
        let library: FontLibrary
        do {
            library = try FontLibrary(setup: setup)
        } catch {
            throw .io(file: error.message, message: "cannot be read as a font")
        }
        var fonts: [HashedFontFace] = []
        for face in DefaultFaces.faces(in: library) {
            fonts.append(try HashedFontFace(face))
        }
        self.fonts = fonts
    }

    /// `{ "version", "commit", "libraries": { … }, "fonts": [ { "family", "style", "file", "hash" } ] }`,
    /// pretty-printed, with no newline at its end.
    package var json: String {
        String(JSONWriter.write(.members([
            "version": .string(version), "commit": .string(commit),
            "libraries": .object(libraries.named.map { JSONMember(key: $0.name, kind: .string($0.version)) }),
            "fonts": .list(fonts.map(\.json)),
        ])).dropLast())
    }

    /// `infowin VERSION (COMMIT)`, then a line per library and per face.
    package var lines: [String] {
        [InfoWin.versionLine] + libraries.named.map { "\($0.name) \($0.version)" }
            + fonts.map { "font \($0.face.family) \($0.face.style): \($0.face.file) (sha256 \($0.hash))" }
    }
}
