/// MapLibre's `mergeLines`, run on a tile's features before labels are placed along lines: a line whose
/// first point is another's last point and whose text is the same (a street cut at a bridge, at a change
/// of class) is joined to it, so that its labels are spaced along the whole street, not restarted on each
/// piece. Only each feature's first line is joined, as MapLibre's; features without text are left alone.
enum LabelLineMerger {
    private struct End: Hashable {
        let text: String
        let x: Double
        let y: Double

        init(_ text: String, _ point: Point) {
            self.text = text
            x = point.x
            y = point.y
        }
    }

    /// For each of `lines` (a feature's text, empty for none, and its first line), the line it is drawn
    /// with: its own, a longer one it was joined into (given to the first feature of the run), or nil
    /// when it was joined into another's.
    static func merge(_ lines: [(text: String, line: [Point])]) -> [[Point]?] {
        var result: [[Point]?] = lines.map(\.line)
        // The feature holding the joined line that ends at (or starts at) a text's point.
        var byStart: [End: Int] = [:], byEnd: [End: Int] = [:]
        for (index, entry) in lines.enumerated() {
            guard !entry.text.isEmpty, let first = entry.line.first, let last = entry.line.last, entry.line.count >= 2 else { continue }
            let startKey = End(entry.text, first), endKey = End(entry.text, last)
            let before = byEnd[startKey], after = byStart[endKey]
            if let before, let after, before != after {
                // Lines of the same text meet both its ends: the three become the one before it.
                byEnd[startKey] = nil
                byStart[endKey] = nil
                let tail = result[after] ?? []
                result[before] = (result[before] ?? []).dropLast() + entry.line.dropLast() + tail
                result[after] = nil
                result[index] = nil
                if let end = result[before]?.last { byEnd[End(entry.text, end)] = before }
            } else if let before {
                byEnd[startKey] = nil
                result[before] = (result[before] ?? []).dropLast() + entry.line
                byEnd[endKey] = before
                result[index] = nil
            } else if let after {
                byStart[endKey] = nil
                result[after] = entry.line.dropLast() + (result[after] ?? [])
                byStart[startKey] = after
                result[index] = nil
            } else {
                byStart[startKey] = index
                byEnd[endKey] = index
            }
        }
        return result
    }
}
