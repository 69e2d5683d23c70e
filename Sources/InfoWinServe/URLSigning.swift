import Graphics
import HTTPServer
import InfoWinKit

/// Signed `/staticmap` URLs, exactly as Google signs Static Maps URLs, so that signing code written for
/// Google works unchanged: `signature` is the URL-safe base64 of HMAC-SHA1(the decoded secret, the URL's
/// path and query up to `&signature=`, as sent on the wire, undecoded), and it is the last parameter. Any
/// of several secrets may sign, so that a new one can be rolled out before the old one is withdrawn.
package struct URLSigning: Sendable {
    /// The decoded secrets, each of which signs.
    package let secrets: [[UInt8]]

    /// Why a secrets file cannot be used: the message names the file and the line.
    package struct FileError: Error {
        package let message: String
    }

    /// The secrets of `file` (its `bytes`): one URL-safe base64 secret a line; blank lines and lines
    /// starting with `#` skipped.
    package init(file: String, bytes: [UInt8]) throws(FileError) {
        var secrets: [[UInt8]] = []
        // Split at each line feed byte (a Character would keep "\r\n" whole), "\r" dropped with the spaces.
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let text = Substring(String(decoding: line.filter { $0 != UInt8(ascii: "\r") }, as: UTF8.self)).trimmingSpaces
            guard !text.isEmpty, !text.hasPrefix("#") else { continue }
            guard let secret = Base64.decodeURLSafe(text), !secret.isEmpty else {
                throw FileError(message: "\(file):\(index + 1): expected a secret in URL-safe base64 (A–Z a–z 0–9 - _, = padding), as Google gives one")
            }
            secrets.append(secret)
        }
        guard !secrets.isEmpty else { throw FileError(message: "\(file): holds no secret (one URL-safe base64 secret a line)") }
        self.secrets = secrets
    }

    /// The `signature` value Google's signing code gives `pathAndQuery` (`/staticmap?…`) under `secret`.
    package static func signature(of pathAndQuery: String, secret: [UInt8]) -> String {
        Base64.encode(HMACSHA1.digest(key: secret, message: Array(pathAndQuery.utf8)), urlSafe: true)
    }

    /// The query without its `signature` once `request`'s signature is checked: a 403 when it is missing,
    /// not the last parameter, not base64, or made with none of the secrets (compared in constant time).
    package func verify(_ request: HTTPRequest) throws(Problem) -> String {
        let marker = "signature="
        let pieces = request.query.split(separator: "&", omittingEmptySubsequences: false)
        let signedAt = pieces.indices.filter { pieces[$0].hasPrefix(marker) }
        guard let last = signedAt.last else {
            throw Problem(403, "this server takes signed URLs only (--signing-secret): add signature=… as the last parameter, signed as Google signs Static Maps URLs")
        }
        guard signedAt.count == 1 else { throw Problem(403, "signature is given more than once") }
        guard last == pieces.count - 1 else { throw Problem(403, "signature must be the last parameter, as Google's URL signing requires") }
        let signed = pieces.dropLast().joined(separator: "&"), given = pieces[last].dropFirst(marker.count)
        let wanted = QueryString.decode(given.utf8)
        guard let bytes = Base64.decodeURLSafe(wanted), bytes.count == 20 else {
            throw Problem(403, "signature: expected the URL-safe base64 of a 20-byte HMAC-SHA1, got \(JSONWriter.quoted(String(wanted.prefix(64))))")
        }
        let part = request.path + "?" + signed
        // Every secret is tried, whichever matches, so the time taken does not tell which one did.
        let matches = secrets.map { ConstantTime.equal(HMACSHA1.digest(key: $0, message: Array(part.utf8)), bytes) }
        guard matches.contains(true) else {
            throw Problem(403, "signature does not match the URL: HMAC-SHA1 of the path and query up to &signature= with a secret of --signing-secret, in URL-safe base64")
        }
        return signed
    }
}
