#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// PNG's row filters (ISO 15948 §9): each row of straight RGB or RGBA bytes after one filter-type byte.
package enum PNGRowFilter {
    package enum Kind: UInt8 {
        case none = 0, sub, up, average, paeth
    }

    /// The filtered rows of RGB (`channels` 3, every pixel opaque) or RGBA (4) bytes: "up" or "sub" for each
    /// row, whichever leaves more pixels unchanged, or with `adaptive` the filter whose bytes sum smallest
    /// as signed values (libpng's heuristic, for `--png-compression small`).
    package static func filter(_ rows: PixelRows, channels: Int, adaptive: Bool) -> [UInt8] {
        let rowLength = rows.width * channels + 1
        var out = [UInt8](repeating: 0, count: rowLength * rows.height)
        out.withUnsafeMutableBufferPointer { buffer in
            if adaptive {
                filterAdaptively(rows, channels: channels, into: buffer.baseAddress!)
            } else if channels == 3 {
                filterOpaque(rows, into: buffer.baseAddress!)
            } else {
                filterTranslucent(rows, into: buffer.baseAddress!)
            }
        }
        return out
    }

    /// Whether eight pixels equal eight others: memcmp, which is as fast in a debug build as in a release
    /// one (SIMD8's generic operations are not specialised in debug builds, and most groups of eight of a
    /// flat picture are equal to those above).
    @inline(__always)
    static func eightEqual(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>) -> Bool {
        memcmp(a, b, 32) == 0
    }

    @inline(__always)
    static func load8(_ pixels: UnsafePointer<UInt32>) -> SIMD8<UInt32> {
        UnsafeRawPointer(pixels).loadUnaligned(as: SIMD8<UInt32>.self)
    }

    /// How many of the row's pixels differ from the one on their left (the first from zero, in the bits
    /// of `firstMask`).
    static func changesFromTheLeft(_ row: UnsafePointer<UInt32>, width: Int, firstMask: UInt32) -> Int {
        var changes = row[0] & firstMask != 0 ? 1 : 0
        var x = 1
        while x + 8 <= width {
            changes += count(load8(row + x) .!= load8(row + x - 1))
            x += 8
        }
        while x < width {
            if row[x] != row[x - 1] { changes += 1 }
            x += 1
        }
        return changes
    }

    @inline(__always)
    static func count(_ mask: SIMDMask<SIMD8<Int32>>) -> Int {
        Int(SIMD8<Int32>(repeating: 0).replacing(with: 1, where: mask).wrappedSum())
    }

    /// Each byte of `a` minus the same byte of `b`, wrapping, with no borrow between bytes.
    @inline(__always)
    static func bytewiseDifference(_ a: UInt32, _ b: UInt32) -> UInt32 {
        ((a | 0x8080_8080) &- (b & 0x7F7F_7F7F)) ^ ((a ^ ~b) & 0x8080_8080)
    }

    /// `bytewiseDifference` for eight pixels at once.
    @inline(__always)
    static func bytewiseDifference(_ a: SIMD8<UInt32>, _ b: SIMD8<UInt32>) -> SIMD8<UInt32> {
        let high = SIMD8<UInt32>(repeating: 0x8080_8080)
        return ((a | high) &- (b & ~high)) ^ ((a ^ ~b) & high)
    }
}
