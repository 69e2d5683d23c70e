/// Rectangles kept in a grid of 64 pt cells, to ask quickly whether a new one overlaps any of them:
/// 10,000 optional markers decided one by one are 50 million comparisons without it. Rectangles over
/// 256 pt a side are kept apart in a list, so that one huge icon view does not fill thousands of cells.
struct FrameIndex {
    private static let cell = 64.0
    private static let largeSide = 256.0

    private var cells: [CellKey: [Rect]] = [:]
    private var small: [Rect] = []
    private var large: [Rect] = []

    private struct CellKey: Hashable {
        let column: Int
        let row: Int
    }

    mutating func insert(_ rect: Rect) {
        guard let keys = Self.keys(covering: rect) else {
            large.append(rect)
            return
        }
        small.append(rect)
        for key in keys { cells[key, default: []].append(rect) }
    }

    /// True when `rect` shares more than an edge with a rectangle inserted.
    func overlapsAny(_ rect: Rect) -> Bool {
        if large.contains(where: { $0.intersects(rect) }) { return true }
        guard let keys = Self.keys(covering: rect) else { return small.contains { $0.intersects(rect) } }
        return keys.contains { key in cells[key]?.contains { $0.intersects(rect) } ?? false }
    }

    /// The cells `rect` covers, or nil for a large (or not finite) rectangle.
    private static func keys(covering rect: Rect) -> [CellKey]? {
        guard rect.width <= largeSide, rect.height <= largeSide, rect.x.isFinite, rect.y.isFinite,
              abs(rect.x) < 1e12, abs(rect.y) < 1e12 else { return nil }
        let columns = Int((rect.x / cell).rounded(.down))...Int((rect.maxX / cell).rounded(.down))
        let rows = Int((rect.y / cell).rounded(.down))...Int((rect.maxY / cell).rounded(.down))
        return columns.flatMap { column in rows.map { CellKey(column: column, row: $0) } }
    }
}
