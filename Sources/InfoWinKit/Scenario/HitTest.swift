/// What a tap at a canvas point hits: the topmost window's close button or body first (windows of
/// `showInfoWindows` are drawn over the selected one's, later on top), then the topmost tappable marker
/// shown, then the topmost tappable shape, else the map.
package struct HitResult: Sendable, Equatable {
    /// What was hit.
    package enum Kind: String, Sendable {
        case closeButton, infoWindow, marker, shape, map
    }

    /// What was hit.
    package let kind: Kind
    /// The window's (or its close button's) or the marker's id; nil for the map.
    package let marker: String?
    /// The map coordinate under the point (always).
    package let coordinate: Coordinate
    /// The shape's id, for a shape.
    var shape: String? = nil

    /// The result as SPEC.md's JSON.
    package var json: JSONValue.Kind {
        var json = JSONValue.Kind.members(["kind": .string(kind.rawValue)])
        if let marker { json = json.adding("marker", .string(marker)) }
        if let shape { json = json.adding("shape", .string(shape)) }
        return json.adding("coordinate", coordinate.json)
    }
}

extension Scene {
    /// What a tap at `point` (canvas points) hits. The window counts with its tail; a marker by its icon's
    /// rectangle, rotation and anchors taken into account exactly; markers drawn later are on top.
    func hit(_ point: Point, projection: MapProjection) -> HitResult {
        let coordinate = projection.coordinate(at: point)
        for window in windows.reversed() {
            if let button = window.closeButton, button.frame.contains(point) {
                return HitResult(kind: .closeButton, marker: window.markerID, coordinate: coordinate)
            }
            if window.contains(point) {
                return HitResult(kind: .infoWindow, marker: window.markerID, coordinate: coordinate)
            }
        }
        // Hidden markers are not drawn and untappable ones pass the tap through, to a marker below or the map.
        for marker in drawingOrder.reversed() where !untappableMarkers.contains(marker.id) && marker.contains(point) {
            return HitResult(kind: .marker, marker: marker.id, coordinate: coordinate)
        }
        for shape in shapes.reversed() where shape.tappable && shape.contains(point) {
            return HitResult(kind: .shape, marker: nil, coordinate: coordinate, shape: shape.id)
        }
        return HitResult(kind: .map, marker: nil, coordinate: coordinate)
    }
}

extension PlacedMarker {
    /// True when `point` falls on the icon's (possibly rotated) rectangle.
    func contains(_ point: Point) -> Bool {
        guard let local = transform.inverted?.apply(point) else { return false }
        let epsilon = 1e-9
        return local.x >= -epsilon && local.y >= -epsilon && local.x <= size.width + epsilon && local.y <= size.height + epsilon
    }
}

extension PlacedWindow {
    /// True when `point` falls on the body or on the tail.
    func contains(_ point: Point) -> Bool {
        if frame.contains(point) { return true }
        let tail = chrome.tail ?? TailStyle(width: 0, height: 0)
        let half = min(tail.width / 2, frame.width / 2)
        guard tail.height > 0, half > 0, point.y >= frame.maxY, point.y <= tailTip.y else { return false }
        // The tail narrows linearly from its base, centred on the body, to its tip.
        let progress = (point.y - frame.maxY) / max(tailTip.y - frame.maxY, 1e-9)
        let middle = frame.x + frame.width / 2
        let center = middle + (tailTip.x - middle) * progress
        return abs(point.x - center) <= half * (1 - progress)
    }
}
