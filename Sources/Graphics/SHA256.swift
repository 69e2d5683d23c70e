import CPango

/// SHA-256, by GLib's checksum (linked for Pango already): a file's identity that anyone can check with
/// `sha256sum`.
package enum SHA256 {
    /// The digest of `bytes` as 64 lowercase hexadecimal digits.
    package static func hex(_ bytes: [UInt8]) -> String {
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { return "" }
        defer { g_checksum_free(checksum) }
        bytes.withUnsafeBufferPointer { buffer in
            // GLib takes a signed length: feed it in pieces well below 2 GiB.
            var offset = 0
            while offset < buffer.count {
                let count = min(1 << 30, buffer.count - offset)
                g_checksum_update(checksum, buffer.baseAddress.map { $0 + offset }, gssize(count))
                offset += count
            }
        }
        return String(cString: g_checksum_get_string(checksum))
    }
}
