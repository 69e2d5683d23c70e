extension PNGRowFilter {
    /// Every row made straight (RGB or RGBA bytes) and filtered with whichever of the five filters gives
    /// the smallest sum of magnitudes (`--png-compression small`).
    static func filterAdaptively(_ rows: PixelRows, channels: Int, into target: UnsafeMutablePointer<UInt8>) {
        let rowLength = rows.width * channels
        let words = UnsafeMutablePointer<UInt32>.allocate(capacity: rows.width)
        let previous = UnsafeMutablePointer<UInt8>.allocate(capacity: rowLength)
        let current = UnsafeMutablePointer<UInt8>.allocate(capacity: rowLength)
        let candidate = UnsafeMutablePointer<UInt8>.allocate(capacity: rowLength)
        defer {
            words.deallocate()
            previous.deallocate()
            current.deallocate()
            candidate.deallocate()
        }
        previous.initialize(repeating: 0, count: rowLength)
        var (above, row) = (previous, current)
        straightColour.withUnsafeBufferPointer { table in
            for y in 0..<rows.height {
                straighten(rows.row(y), width: rows.width, table: table.baseAddress!, into: words)
                UnsafeRawPointer(words).withMemoryRebound(to: UInt8.self, capacity: 4 * rows.width) { bytes in
                    for x in 0..<rows.width {
                        for channel in 0..<channels { row[x * channels + channel] = bytes[4 * x + channel] }
                    }
                }
                filterRow(row, above: above, length: rowLength, channels: channels, candidate: candidate, into: target + y * (rowLength + 1))
                swap(&above, &row)
            }
        }
    }

    private static func filterRow(
        _ row: UnsafeMutablePointer<UInt8>, above: UnsafeMutablePointer<UInt8>, length: Int, channels: Int,
        candidate: UnsafeMutablePointer<UInt8>, into line: UnsafeMutablePointer<UInt8>
    ) {
        var bestCost = Int.max
        for kind: UInt8 in [0, 1, 2, 3, 4] {
            var cost = 0
            for i in 0..<length {
                let left = i < channels ? 0 : Int(row[i - channels])
                let up = Int(above[i])
                let upperLeft = i < channels ? 0 : Int(above[i - channels])
                let predicted: Int = switch kind {
                case 0: 0
                case 1: left
                case 2: up
                case 3: (left + up) / 2
                default: paeth(left, up, upperLeft)
                }
                let byte = UInt8(truncatingIfNeeded: Int(row[i]) - predicted)
                candidate[i] = byte
                cost += byte < 128 ? Int(byte) : 256 - Int(byte)
            }
            if cost < bestCost {
                bestCost = cost
                line[0] = kind
                (line + 1).update(from: candidate, count: length)
            }
        }
    }

    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

}
