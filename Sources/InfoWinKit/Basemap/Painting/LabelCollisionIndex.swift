/// The boxes of the labels placed so far (and what they must avoid), in a grid of square cells so that a
/// new label is checked against its neighbours only.
struct LabelCollisionIndex {
    static let cellSize = 64.0
    private var cells: [Int64: [Rect]] = [:]

    /// The cells `box` touches, at most `cellLimit` (a giant box is checked as the boxes of its corner
    /// cells and those between, capped, and still refused by `overlapsAny`'s exact tests).
    private func keys(of box: Rect) -> [Int64] {
        // Far out boxes (a line's glyphs a world away) share the one list too, before any cell is counted.
        guard [box.x, box.y, box.maxX, box.maxY].allSatisfy({ abs($0) < 1e12 }) else { return [Self.hugeKey] }
        let x0 = Int64((box.x / Self.cellSize).rounded(.down)), x1 = Int64((box.maxX / Self.cellSize).rounded(.down))
        let y0 = Int64((box.y / Self.cellSize).rounded(.down)), y1 = Int64((box.maxY / Self.cellSize).rounded(.down))
        guard (x1 - x0 + 1) * (y1 - y0 + 1) <= Self.cellLimit else { return [Self.hugeKey] }
        return (y0...y1).flatMap { y in (x0...x1).map { x in y &* 1_000_003 &+ x } }
    }

    /// Boxes covering more cells than this share one list that every check reads.
    private static let cellLimit: Int64 = 1_024
    private static let hugeKey = Int64.min

    mutating func insert(_ box: Rect) {
        for key in keys(of: box) { cells[key, default: []].append(box) }
    }

    func overlapsAny(_ box: Rect) -> Bool {
        for key in keys(of: box) + [Self.hugeKey] {
            if cells[key]?.contains(where: { Self.overlap($0, box) }) == true { return true }
        }
        return false
    }

    /// Overlap with some area: boxes that only touch do not collide.
    static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }
}
