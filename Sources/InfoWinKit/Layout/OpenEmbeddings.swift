/// The explicit bidirectional embeddings, overrides and isolates (RLO, LRE, RLI, …) still open at a point
/// of a paragraph. A line break ends them all (Unicode's bidi rule for a paragraph separator), so a line
/// that wrapping made a paragraph of its own opens them again: an `ar-XB` paragraph overridden right to
/// left stays right to left on every wrapped line, not only the first.
enum OpenEmbeddings {
    private static let embeddings: Set<Unicode.Scalar> = ["\u{202A}", "\u{202B}", "\u{202D}", "\u{202E}"]
    private static let isolates: Set<Unicode.Scalar> = ["\u{2066}", "\u{2067}", "\u{2068}"]
    private static let popEmbedding: Unicode.Scalar = "\u{202C}"
    private static let popIsolate: Unicode.Scalar = "\u{2069}"

    /// The controls open just before `text`'s end, outermost first: what a line starting there must
    /// begin with to be laid out as it is in its paragraph.
    static func prefix(before text: Substring) -> String {
        var open: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                open.removeAll()
            } else if embeddings.contains(scalar) || isolates.contains(scalar) {
                open.append(scalar)
            } else if scalar == popEmbedding, let last = open.last, embeddings.contains(last) {
                open.removeLast()
            } else if scalar == popIsolate, let isolate = open.lastIndex(where: isolates.contains) {
                open.removeSubrange(isolate...)
            }
        }
        return String(String.UnicodeScalarView(open))
    }
}
