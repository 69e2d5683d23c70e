/// A canonical Huffman code (RFC 1951 §3.2.2) built from symbol counts, no code longer than a limit.
/// Every code is complete, even with one symbol or none (then two one-bit codes), so every inflater,
/// strict or not, reads it.
struct HuffmanCode {
    /// Each symbol's code length in bits, 0 for a symbol not used.
    let lengths: [UInt8]
    /// Each symbol's code, bit-reversed to be written least significant bit first.
    let codes: [UInt32]

    init(counts: [UInt32], limit: Int) {
        lengths = Self.codeLengths(counts, limit: limit)
        codes = Self.canonicalCodes(lengths)
    }

    /// Optimal lengths (Huffman's tree, ties broken by symbol for determinism), then the longest cut to
    /// `limit` by moving leaves up and splitting shallower ones until Kraft's sum is exactly one.
    private static func codeLengths(_ counts: [UInt32], limit: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: counts.count)
        var used = counts.indices.filter { counts[$0] > 0 }
        if used.count < 2 {
            let only = used.first ?? 0
            lengths[only] = 1
            lengths[only == 0 ? 1 : 0] = 1
            return lengths
        }
        used.sort { counts[$0] != counts[$1] ? counts[$0] < counts[$1] : $0 < $1 }
        let depths = leafDepths(used.map { UInt64(counts[$0]) })
        var perLength = [Int](repeating: 0, count: max(limit, depths.max()!) + 1)
        for depth in depths { perLength[depth] += 1 }
        limitLengths(&perLength, to: limit)
        // The rarest symbols take the longest codes.
        var next = 0
        for length in stride(from: limit, through: 1, by: -1) {
            for _ in 0..<perLength[length] {
                lengths[used[next]] = UInt8(length)
                next += 1
            }
        }
        return lengths
    }

    /// The depth of each leaf in a Huffman tree over `weights` (ascending), built with two queues: the
    /// sorted leaves and the internal nodes, which are made in ascending order.
    private static func leafDepths(_ weights: [UInt64]) -> [Int] {
        let leaves = weights.count
        var weight = weights + [UInt64](repeating: 0, count: leaves - 1)
        var parent = [Int](repeating: 0, count: 2 * leaves - 1)
        var nextLeaf = 0, nextInner = leaves
        func lightest(made: Int) -> Int {
            if nextLeaf < leaves && (nextInner >= made || weight[nextLeaf] <= weight[nextInner]) {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextInner += 1
            return nextInner - 1
        }
        for node in leaves..<(2 * leaves - 1) {
            let first = lightest(made: node), second = lightest(made: node)
            weight[node] = weight[first] + weight[second]
            parent[first] = node
            parent[second] = node
        }
        var depth = [Int](repeating: 0, count: 2 * leaves - 1)
        for node in stride(from: 2 * leaves - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        return Array(depth[0..<leaves])
    }

    /// Rewrites the count of codes of each length so none is longer than `limit` and the code stays
    /// complete: leaves deeper than the limit come up to it, then each step takes one leaf off the
    /// deepest level and splits the deepest shallower leaf in two, lowering Kraft's sum by one unit.
    private static func limitLengths(_ perLength: inout [Int], to limit: Int) {
        guard perLength.count > limit + 1 else { return }
        for length in (limit + 1)..<perLength.count {
            perLength[limit] += perLength[length]
            perLength[length] = 0
        }
        var kraft = 0
        for length in 1...limit { kraft += perLength[length] << (limit - length) }
        while kraft > 1 << limit {
            perLength[limit] -= 1
            for length in stride(from: limit - 1, through: 1, by: -1) where perLength[length] > 0 {
                perLength[length] -= 1
                perLength[length + 1] += 2
                break
            }
            kraft -= 1
        }
    }

    private static func canonicalCodes(_ lengths: [UInt8]) -> [UInt32] {
        let longest = Int(lengths.max() ?? 0)
        var perLength = [UInt32](repeating: 0, count: longest + 1)
        for length in lengths where length > 0 { perLength[Int(length)] += 1 }
        var next = [UInt32](repeating: 0, count: longest + 2)
        var code: UInt32 = 0
        for length in stride(from: 1, through: longest, by: 1) {
            code = (code + perLength[length - 1]) << 1
            next[length] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let code = next[Int(length)]
            next[Int(length)] += 1
            return code.bitReversed(length: Int(length))
        }
    }
}

private extension UInt32 {
    func bitReversed(length: Int) -> UInt32 {
        var reversed: UInt32 = 0, rest = self
        for _ in 0..<length {
            reversed = reversed << 1 | rest & 1
            rest >>= 1
        }
        return reversed
    }
}
