/// Counts the scans of a JPEG by walking its markers, before libjpeg-turbo decodes it: a progressive
/// JPEG of thousands of tiny scans costs a pass over the whole image for each (a 273 KB tile took 14 s of
/// CPU). TurboJPEG 2.1's `TJFLAG_LIMITSCANS` stops at 500 scans; ordinary progressive JPEGs have about
/// ten, so more than `limit` is refused as damaged first, as libjpeg-turbo's own fuzzers do.
package enum JPEGScans {
    /// The most scans a JPEG may have.
    package static let limit = 100

    /// Refuses a JPEG of more than `limit` scans.
    package static func check(_ bytes: [UInt8]) throws(GraphicsError) {
        let scans = count(bytes, stoppingAfter: limit)
        guard scans <= limit else {
            throw .unreadableImage("a damaged JPEG: more than \(limit) scans (an ordinary progressive JPEG has about 10)")
        }
    }

    /// The start-of-scan markers of `bytes` (at most `stoppingAfter + 1`). Marker segments are skipped by
    /// their lengths, so a thumbnail inside an APP segment does not count; after a scan's header its
    /// entropy-coded data runs to the next 0xFF that is neither a stuffed zero nor a restart marker.
    static func count(_ bytes: [UInt8], stoppingAfter most: Int) -> Int {
        var scans = 0, position = 2
        while scans <= most {
            // A marker is 0xFF (any number of them) and a code; bytes before it are garbage libjpeg skips.
            while position < bytes.count, bytes[position] != 0xFF { position += 1 }
            while position < bytes.count, bytes[position] == 0xFF { position += 1 }
            guard position < bytes.count else { break }
            let code = bytes[position]
            position += 1
            switch code {
            case 0xD9: return scans
            case 0x01, 0xD0...0xD8: continue
            default: break
            }
            guard position + 1 < bytes.count else { break }
            position += Int(bytes[position]) << 8 | Int(bytes[position + 1])
            guard code == 0xDA else { continue }
            scans += 1
            while position + 1 < bytes.count, !(bytes[position] == 0xFF && bytes[position + 1] != 0 && !(0xD0...0xD7).contains(bytes[position + 1])) {
                position += 1
            }
        }
        return scans
    }
}
