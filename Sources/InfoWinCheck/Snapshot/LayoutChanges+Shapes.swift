import InfoWinKit

extension LayoutChanges {
    /// `polyline "route" changed` (moved, resized, or drawn otherwise), `circle "fence" is new`, `… is gone`.
    static func shapeChanges(_ old: [LayoutReport.Shape], _ new: [LayoutReport.Shape]) -> [String] {
        let oldByID = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newIDs = Set(new.map(\.id))
        var changes: [String] = []
        for shape in new {
            let name = "\(shape.kind) \(JSONWriter.quoted(shape.id))"
            guard let previous = oldByID[shape.id] else {
                changes.append("\(name) is new")
                continue
            }
            let a = previous.frame, b = shape.frame
            let moved = [a.x - b.x, a.y - b.y, a.width - b.width, a.height - b.height].contains { abs($0) > tolerance }
            if moved || previous.digest != shape.digest || previous.kind != shape.kind { changes.append("\(name) changed") }
        }
        for shape in old where !newIDs.contains(shape.id) {
            changes.append("\(shape.kind) \(JSONWriter.quoted(shape.id)) is gone")
        }
        return changes
    }
}
