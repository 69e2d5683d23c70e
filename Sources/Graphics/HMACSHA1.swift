import CPango

/// HMAC-SHA1 (RFC 2104 with SHA-1), by GLib's HMAC (linked for Pango already, as `SHA256` is): what Google's
/// URL signing computes. SHA-1 is broken for collisions but HMAC-SHA1 still authenticates; it is here only
/// because signing code already written for Google's URLs computes it.
package enum HMACSHA1 {
    /// The 20-byte HMAC-SHA1 of `message` under `key`.
    package static func digest(key: [UInt8], message: [UInt8]) -> [UInt8] {
        // GLib wants a key pointer even for an empty key.
        let hmac = (key.isEmpty ? [0] : key).withUnsafeBufferPointer { g_hmac_new(G_CHECKSUM_SHA1, $0.baseAddress, gsize(key.count)) }
        guard let hmac else { return [] }
        defer { g_hmac_unref(hmac) }
        feedInPieces(message) { g_hmac_update(hmac, $0, $1) }
        var digest = [UInt8](repeating: 0, count: 20)
        var length = gsize(digest.count)
        g_hmac_get_digest(hmac, &digest, &length)
        return Array(digest.prefix(Int(length)))
    }
}
