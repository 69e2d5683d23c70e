import CPango

/// How `SHA256` and `HMACSHA1` hand bytes to GLib, whose update functions take a signed length: in pieces
/// well below 2 GiB, each given to `update` with its start and length.
func feedInPieces(_ bytes: [UInt8], to update: (_ start: UnsafePointer<UInt8>?, _ count: gssize) -> Void) {
    bytes.withUnsafeBufferPointer { buffer in
        var offset = 0
        while offset < buffer.count {
            let count = min(1 << 30, buffer.count - offset)
            update(buffer.baseAddress.map { $0 + offset }, gssize(count))
            offset += count
        }
    }
}
