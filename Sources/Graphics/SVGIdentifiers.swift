/// Cairo's SVG surface names embedded images and surfaces after process-wide counters (`image58`,
/// `surface43`), so the same drawing made later in a run, or on another thread of a batch, gets other
/// names. Renumbering them in order of first appearance makes the bytes depend on the drawing alone.
enum SVGIdentifiers {
    private static let prefixes: [[UInt8]] = [Array("image".utf8), Array("surface".utf8)]
    private static let digits = UInt8(ascii: "0")...UInt8(ascii: "9")

    /// `svg` with every `id="imageN"`/`"surfaceN"` and every `#imageN`/`#surfaceN` reference renumbered from 1.
    static func renumbered(_ svg: [UInt8]) -> [UInt8] {
        var names: [[UInt8]: Int] = [:]
        var output: [UInt8] = []
        output.reserveCapacity(svg.count)
        var index = 0
        while index < svg.count {
            let byte = svg[index]
            output.append(byte)
            index += 1
            guard byte == UInt8(ascii: "#") || (byte == UInt8(ascii: "\"") && output.suffix(4).elementsEqual("id=\"".utf8)) else { continue }
            guard let prefix = prefixes.first(where: { svg[index...].starts(with: $0) }) else { continue }
            var end = index + prefix.count
            while end < svg.count, digits.contains(svg[end]) { end += 1 }
            guard end > index + prefix.count else { continue }
            let name = Array(svg[index..<end])
            let number = names[name] ?? (names.count + 1)
            names[name] = number
            output += prefix + Array(String(number).utf8)
            index = end
        }
        return output
    }
}
