import CZlib
@testable import FastPNG
import Foundation
import Graphics
import Testing

/// The fast PNG writer's deflate is our own code, so every stream is read back by zlib's inflate and every
/// PNG by Cairo's reader (libpng) and by Pillow: none of them shares a line with the writer.
@Suite("PNG writer: our deflate read back by zlib, libpng and Pillow")
struct PNGWriterTests {
    @Test("streams of runs, repeats at every distance and noise inflate to the same bytes")
    func deflateStreamsInflateWithZlib() throws {
        var random = SplitMix(state: 15)
        for round in 0..<60 {
            let data = structuredBytes(count: [0, 1, 3, 7, 300, 5000, 70000, 300_000][round % 8], random: &random)
            let rowBytes = [1, 4, 2341, 32768, 32769, 40000][round % 6]
            let stream = zlibStream(data, pixelBytes: 3 + round % 2, rowBytes: rowBytes)
            #expect(try inflate(stream, count: data.count) == data, "round \(round): \(data.count) bytes")
        }
    }

    @Test("noise of 300,000 bytes spans many blocks and stays within a few percent of stored size")
    func noiseCostsLittleMoreThanItsSize() throws {
        var random = SplitMix(state: 7)
        let data = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let stream = zlibStream(data, pixelBytes: 3, rowBytes: 2341)
        #expect(try inflate(stream, count: data.count) == data)
        #expect(stream.count < data.count * 102 / 100)
    }

    @Test("code lengths stay within the limit and Kraft's sum is exactly one, even for Fibonacci counts")
    func huffmanLengthsAreLimitedAndComplete() {
        var fibonacci: [UInt32] = [1, 1]
        while fibonacci.count < 40 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        let cases: [(counts: [UInt32], limit: Int)] = [
            (fibonacci + [UInt32](repeating: 0, count: 246), 15), (Array(fibonacci.prefix(19)), 7),
            ([0, 0, 5, 0], 15), ([0, 0, 0], 15), ([1, 1], 7), ((0..<286).map { UInt32($0 % 7) }, 15),
        ]
        for (counts, limit) in cases {
            let code = HuffmanCode(counts: counts, limit: limit)
            #expect(code.lengths.allSatisfy { $0 <= limit })
            let kraft = code.lengths.filter { $0 > 0 }.reduce(0.0) { $0 + pow(2, -Double($1)) }
            #expect(kraft == 1, "counts \(counts.prefix(8))…")
            for (symbol, count) in counts.enumerated() where count > 0 { #expect(code.lengths[symbol] > 0) }
        }
    }

    @Test("every test image comes back from Cairo's reader with the same pixels, at every compression")
    func imagesRoundTripThroughLibpng() throws {
        for image in try PNGTestImage.all() {
            for compression in PNGCompression.allCases {
                let decoded = try ImageSurface(pngData: image.surface.pngData(compression: compression))
                #expect(decoded.argbPixels() == image.surface.argbPixels(), "\(image.name) at \(compression)")
            }
        }
    }

    @Test("the same surface gives the same bytes every time")
    func writingIsDeterministic() throws {
        for image in try PNGTestImage.all() {
            #expect(try image.surface.pngData() == image.surface.pngData(), "\(image.name)")
        }
    }

    @Test("Pillow reads every test image with the same pixels",
          .enabled(if: PillowReader.isInstalled, "Pillow (python3-pil) is not installed"))
    func imagesRoundTripThroughPillow() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("infowin-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let images = try PNGTestImage.all()
        for image in images { try Data(image.surface.pngData()).write(to: folder.appendingPathComponent("\(image.name).png")) }
        try PillowReader.decodeAll(in: folder)
        for image in images {
            let rgba = try [UInt8](Data(contentsOf: folder.appendingPathComponent("\(image.name).rgba")))
            #expect(premultiplied(rgba) == image.surface.argbPixels(), "\(image.name)")
        }
    }
}

/// Cairo's premultiplication (exact rounding of colour × alpha / 255) of straight RGBA bytes.
private func premultiplied(_ rgba: [UInt8]) -> [UInt32] {
    stride(from: 0, to: rgba.count, by: 4).map { index in
        let alpha = UInt32(rgba[index + 3])
        func scaled(_ value: UInt8) -> UInt32 {
            let product = UInt32(value) * alpha + 0x80
            return (product + (product >> 8)) >> 8
        }
        return alpha << 24 | scaled(rgba[index]) << 16 | scaled(rgba[index + 1]) << 8 | scaled(rgba[index + 2])
    }
}

/// Bytes like filtered rows and worse: zero runs, a byte repeated, earlier bytes copied from a random
/// distance (up to beyond the 32 KB window), and noise.
private func structuredBytes(count: Int, random: inout SplitMix) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    while bytes.count < count {
        let length = min(count - bytes.count, Int.random(in: 1...600, using: &random))
        switch Int.random(in: 0..<4, using: &random) {
        case 0: bytes += [UInt8](repeating: 0, count: length)
        case 1: bytes += [UInt8](repeating: UInt8.random(in: 0...255, using: &random), count: length)
        case 2 where !bytes.isEmpty:
            let start = bytes.count - Int.random(in: 1...min(bytes.count, 40000), using: &random)
            for offset in 0..<length { bytes.append(bytes[start + offset]) }
        default: for _ in 0..<length { bytes.append(UInt8.random(in: 0...3, using: &random) * 85) }
        }
    }
    return bytes
}

/// Our zlib stream of `data`, its checksum from zlib's adler32.
private func zlibStream(_ data: [UInt8], pixelBytes: Int, rowBytes: Int) -> [UInt8] {
    data.withUnsafeBufferPointer { bytes in
        let checksum = UInt32(adler32(adler32(0, nil, 0), bytes.baseAddress, uInt(bytes.count)))
        return RowDeflater.zlibStream(bytes, pixelBytes: pixelBytes, rowBytes: rowBytes, adler32: checksum)
    }
}

/// zlib's inflate of a whole stream that should hold `count` bytes.
private func inflate(_ stream: [UInt8], count: Int) throws -> [UInt8] {
    var length = uLong(max(count, 1))
    var out = [UInt8](repeating: 0, count: Int(length))
    let status = out.withUnsafeMutableBufferPointer { target in
        stream.withUnsafeBufferPointer { uncompress(target.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
    }
    try #require(status == Z_OK, "zlib: error \(status)")
    return Array(out.prefix(Int(length)))
}
