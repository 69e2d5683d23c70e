import Graphics
import InfoWinKit

/// A font face with the SHA-256 of its file: what `infowin version --json` lists, so that a team sees
/// which font files its goldens depend on (and can check them with `sha256sum`).
package struct HashedFontFace: Sendable, Equatable {
    /// The face.
    let face: FontFace
    /// 64 hexadecimal digits: the SHA-256 of the whole file.
    package let hash: String

    /// Fonts larger than this are not read (the largest CJK collections are about 30 MB).
    static let sizeLimit = 512 << 20

    /// Hashes the face's file; fails naming the file when it cannot be read.
    package init(_ face: FontFace) throws(InfoWinError) {
        self.face = face
        do throws(FileSystemError) {
            hash = SHA256.hex(try FileSystem.read(face.file, limit: Self.sizeLimit))
        } catch {
            throw .io(file: face.file, message: "cannot read the font file: \(error.reason)")
        }
    }

    /// `{ "family", "style", "file", "hash" }`.
    var json: JSONValue.Kind {
        .members(["family": .string(face.family), "style": .string(face.style), "file": .string(face.file), "hash": .string(hash)])
    }
}
