/// Warnings for what a spec puts where nobody sees it: markers whose icons lie wholly off the canvas (with
/// how far, and a hint when latitude and longitude look swapped, the commonest slip), and a window wholly
/// off it, which is said so rather than as "cut" by an edge.
struct OffCanvasWarnings {
    let canvas: Rect
    let projection: MapProjection

    /// The most markers one warning names; the rest are counted.
    static let namedLimit = 5

    /// One line for every marker off the canvas, or none.
    func markers(_ placed: [PlacedMarker], specs: [MarkerSpec]) -> [String] {
        let off = zip(placed, specs).filter { marker, _ in !marker.bounds.intersects(canvas) }
        guard !off.isEmpty else { return [] }
        let named = off.prefix(Self.namedLimit).map { marker, spec in
            "\(JSONWriter.quoted(marker.id)) \(distance(of: marker.bounds))\(looksSwapped(marker, spec) ? " (latitude and longitude swapped?)" : "")"
        }
        let rest = off.count > Self.namedLimit ? ", and \(Format.grouped(off.count - Self.namedLimit)) more" : ""
        let count = off.count == 1 ? "marker" : "\(Format.grouped(off.count)) markers"
        return ["\(count) off the canvas: \(named.joined(separator: ", "))\(rest)"]
    }

    /// The window's warning when it is wholly off the canvas, else nil (its edges are then "cut").
    func window(_ window: PlacedWindow, marker: String) -> String? {
        guard !window.frame.intersects(canvas) else { return nil }
        return "marker \(JSONWriter.quoted(marker)): the info window is off the canvas, \(distance(of: window.frame))"
    }

    /// How far `rect` is from the canvas, and on which sides: `538 pt below the canvas`, `20 pt right of
    /// the canvas`, `538 pt below and 20 pt right of the canvas`.
    private func distance(of rect: Rect) -> String {
        let vertical = rect.maxY <= canvas.y ? "\(points(canvas.y - rect.maxY)) above" : rect.y >= canvas.maxY ? "\(points(rect.y - canvas.maxY)) below" : nil
        let horizontal = rect.maxX <= canvas.x ? "\(points(canvas.x - rect.maxX)) left" : rect.x >= canvas.maxX ? "\(points(rect.x - canvas.maxX)) right" : nil
        switch (vertical, horizontal) {
        case (let vertical?, nil): return "\(vertical) the canvas"
        case (let vertical?, let horizontal?): return "\(vertical) and \(horizontal) of the canvas"
        default: return "\(horizontal ?? "off") of the canvas"
        }
    }

    private func points(_ length: Double) -> String {
        "\(Format.grouped(Int(length.rounded(.up)))) pt"
    }

    /// True when the marker, its latitude and longitude swapped, would be on the canvas.
    private func looksSwapped(_ marker: PlacedMarker, _ spec: MarkerSpec) -> Bool {
        let position = spec.position
        guard abs(position.longitude) <= 90, position.latitude != position.longitude else { return false }
        let swapped = Coordinate(latitude: position.longitude, longitude: position.latitude)
        return marker.moved(to: projection.canvasPoint(of: swapped)).bounds.intersects(canvas)
    }
}
