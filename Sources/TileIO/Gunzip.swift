import CZlib

/// Inflates gzip data, refusing more than `limit` bytes out: inflating stops as soon as the output
/// would pass the limit, so a small file that inflates to gigabytes costs no more than `limit` bytes.
/// Used for PMTiles directories and for gzip-compressed vector tiles.
package func gunzip(_ bytes: [UInt8], limit: Int) throws(TileIOError) -> [UInt8] {
    var stream = z_stream()
    guard inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
        throw .unreadable("zlib could not start")
    }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    var input = bytes
    var overLimit = false
    let status: Int32 = input.withUnsafeMutableBufferPointer { source in
        stream.next_in = source.baseAddress
        stream.avail_in = UInt32(source.count)
        var result = Z_OK
        while result == Z_OK {
            // One byte past the limit at most: enough to know the data is larger.
            let room = min(chunk.count, limit + 1 - output.count)
            result = chunk.withUnsafeMutableBufferPointer { buffer in
                stream.next_out = buffer.baseAddress
                stream.avail_out = UInt32(room)
                return inflate(&stream, Z_NO_FLUSH)
            }
            output.append(contentsOf: chunk[..<(room - Int(stream.avail_out))])
            if output.count > limit {
                overLimit = true
                break
            }
            if result == Z_BUF_ERROR && stream.avail_in == 0 { break }
        }
        return result
    }
    guard !overLimit else { throw .overLimit("data that inflates to more than \(sizeText(limit))") }
    guard status == Z_STREAM_END else { throw .unreadable("damaged gzip data") }
    return output
}

/// `16 MB`, `4 MB`, or bytes, as the limits' messages name sizes.
private func sizeText(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
}
