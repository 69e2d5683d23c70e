import CDeflate

/// zlib streams (RFC 1950) of whole byte arrays, by libdeflate: what a PNG's compressed text chunks (`zTXt`) hold.
package enum ZlibData {
    /// `bytes` compressed at libdeflate's level 9 (the same bytes on every run); nil only without memory.
    package static func compressed(_ bytes: [UInt8]) -> [UInt8]? {
        try? PNGEncoder.libdeflateCompress(bytes, level: 9)
    }

    /// The bytes `stream` inflates to, or nil when it is damaged or would inflate past `limit` bytes (a
    /// hostile file's zip bomb stops there). Its buffer grows from 8 × the stream's size, doubling.
    package static func inflated(_ stream: ArraySlice<UInt8>, limit: Int) -> [UInt8]? {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var capacity = min(limit, max(4096, stream.count * 8))
        while true {
            var out = [UInt8](repeating: 0, count: capacity)
            var written = 0
            let result = stream.withUnsafeBytes { source in
                out.withUnsafeMutableBytes { target in
                    libdeflate_zlib_decompress(decompressor, source.baseAddress, source.count, target.baseAddress, target.count, &written)
                }
            }
            switch result {
            case LIBDEFLATE_SUCCESS:
                out.removeLast(out.count - written)
                return out
            case LIBDEFLATE_INSUFFICIENT_SPACE where capacity < limit:
                capacity = min(limit, capacity * 2)
            default:
                return nil
            }
        }
    }
}
