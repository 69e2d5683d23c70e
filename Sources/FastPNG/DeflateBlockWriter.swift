/// Writes one deflate block with dynamic Huffman codes (RFC 1951 §3.2.7) made from the counts of its
/// own tokens: the header (the code lengths, run-length coded and themselves Huffman coded), the tokens,
/// the end-of-block symbol.
struct DeflateBlockWriter {
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The longest a block can be, in bytes: its header, and 48 bits for the longest token.
    static func bound(tokens: Int) -> Int { 6 * tokens + 400 }

    static func write(
        _ tokens: UnsafeBufferPointer<UInt32>, literalCounts: [UInt32], distanceCounts: [UInt32], isFinal: Bool,
        into writer: inout BitWriter
    ) {
        var literalCounts = literalCounts
        literalCounts[DeflateAlphabet.endOfBlock] = 1
        let literals = HuffmanCode(counts: literalCounts, limit: 15)
        let distances = HuffmanCode(counts: distanceCounts, limit: 15)
        writer.reserve(bound(tokens: tokens.count))
        writer.write(isFinal ? 1 : 0, bits: 1)
        writer.write(2, bits: 2)
        writeHeader(literals: literals, distances: distances, into: &writer)
        writeTokens(tokens, literals: literals, distances: distances, into: &writer)
        writer.write(literals.codes[DeflateAlphabet.endOfBlock], bits: Int(literals.lengths[DeflateAlphabet.endOfBlock]))
    }

    private static func writeHeader(literals: HuffmanCode, distances: HuffmanCode, into writer: inout BitWriter) {
        let literalCount = max(257, (literals.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let distanceCount = max(1, (distances.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let runs = CodeLengthRun.encode(Array(literals.lengths[0..<literalCount]) + Array(distances.lengths[0..<distanceCount]))
        var runCounts = [UInt32](repeating: 0, count: 19)
        for run in runs { runCounts[Int(run.symbol)] += 1 }
        let runCode = HuffmanCode(counts: runCounts, limit: 7)
        let sentLengths = max(4, (codeLengthOrder.lastIndex { runCode.lengths[$0] > 0 } ?? 0) + 1)
        writer.write(UInt32(literalCount - 257), bits: 5)
        writer.write(UInt32(distanceCount - 1), bits: 5)
        writer.write(UInt32(sentLengths - 4), bits: 4)
        for symbol in codeLengthOrder[0..<sentLengths] { writer.write(UInt32(runCode.lengths[symbol]), bits: 3) }
        for run in runs {
            let symbol = Int(run.symbol)
            writer.write(runCode.codes[symbol], bits: Int(runCode.lengths[symbol]))
            if let extraBits = CodeLengthRun.extraBits[symbol] { writer.write(UInt32(run.extra), bits: extraBits) }
        }
    }

    private static func writeTokens(
        _ tokens: UnsafeBufferPointer<UInt32>, literals: HuffmanCode, distances: HuffmanCode, into writer: inout BitWriter
    ) {
        literals.codes.withUnsafeBufferPointer { literalCodes in
        literals.lengths.withUnsafeBufferPointer { literalLengths in
        distances.codes.withUnsafeBufferPointer { distanceCodes in
        distances.lengths.withUnsafeBufferPointer { distanceLengths in
            for token in tokens {
                let symbol = Int(token & 0x1FF)
                writer.write(literalCodes[symbol], bits: Int(literalLengths[symbol]))
                guard symbol > DeflateAlphabet.endOfBlock else { continue }
                writer.write(token >> 9 & 0x1F, bits: DeflateAlphabet.lengthExtraBits(symbol))
                let distance = Int(token >> 14 & 0x1F)
                writer.write(distanceCodes[distance], bits: Int(distanceLengths[distance]))
                writer.write(token >> 19, bits: DeflateAlphabet.distanceExtraBits(distance))
            }
        }
        }
        }
        }
    }
}

/// One symbol of the code-length alphabet: a length (0…15), or a run (16: repeat the last length 3–6
/// times, 17: 3–10 zeros, 18: 11–138 zeros) with the value of its extra bits.
struct CodeLengthRun {
    let symbol: UInt8
    let extra: UInt8

    static let extraBits: [Int: Int] = [16: 2, 17: 3, 18: 7]

    static func encode(_ lengths: [UInt8]) -> [CodeLengthRun] {
        var runs: [CodeLengthRun] = []
        var index = 0
        while index < lengths.count {
            let length = lengths[index]
            var count = 1
            while index + count < lengths.count && lengths[index + count] == length { count += 1 }
            index += count
            if length == 0 {
                while count >= 11 {
                    let taken = min(count, 138)
                    runs.append(CodeLengthRun(symbol: 18, extra: UInt8(taken - 11)))
                    count -= taken
                }
                if count >= 3 {
                    runs.append(CodeLengthRun(symbol: 17, extra: UInt8(count - 3)))
                    count = 0
                }
            } else {
                runs.append(CodeLengthRun(symbol: length, extra: 0))
                count -= 1
                while count >= 3 {
                    let taken = min(count, 6)
                    runs.append(CodeLengthRun(symbol: 16, extra: UInt8(taken - 3)))
                    count -= taken
                }
            }
            runs += Array(repeating: CodeLengthRun(symbol: length, extra: 0), count: count)
        }
        return runs
    }
}
