import CPango

/// SHA-256, by GLib's checksum (linked for Pango already): a file's identity that anyone can check with
/// `sha256sum`.
package enum SHA256 {
    /// The digest of `bytes` as 64 lowercase hexadecimal digits.
    package static func hex(_ bytes: [UInt8]) -> String {
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { return "" }
        defer { g_checksum_free(checksum) }
        feedInPieces(bytes) { g_checksum_update(checksum, $0, $1) }
        return String(cString: g_checksum_get_string(checksum))
    }
}
