#if canImport(Glibc)
import Glibc
#endif

/// Chooses the camera before anything is placed (SPEC.md, "Framing"): `camera.fit` finds the highest zoom
/// at which the listed markers' icons and the open window fit the canvas less the paddings, centred in
/// it; `autoPan` then moves the camera the least distance that brings the open window and its marker's
/// icon inside the canvas less `map.padding` and the pan padding.
struct Framing {
    let map: MapSpec
    /// Output pixels per point: a window's edges are rounded to whole pixels, which may move it by half a
    /// pixel, so fitting keeps that much free on each side.
    let scale: Double

    /// Something drawn at a fixed size in points next to a map point: an icon around its ground anchor, a
    /// window (tail and shadow included) around its marker's ground anchor.
    struct Item {
        /// The map point it hangs from.
        let coordinate: Coordinate
        /// Its extent relative to that point on the canvas, in points (the same at every zoom).
        let extent: Rect
    }

    /// How finely the fitted zoom is found: far below what a pixel can show.
    static let zoomPrecision = 1e-9

    /// The camera that shows `items` (the fit's markers and the window) with the fit's padding.
    func fitted(_ items: [Item], fit: CameraFit) -> CameraSpec {
        let snap = 0.5 / scale
        let area = available(padding: EdgeInsets(
            top: fit.padding.top + snap, left: fit.padding.left + snap, bottom: fit.padding.bottom + snap, right: fit.padding.right + snap))
        guard !items.isEmpty else { return map.camera }
        var low = 0.0, high = fit.maxZoom
        if fits(items, zoom: high, in: area) {
            low = high
        } else {
            while high - low > Self.zoomPrecision {
                let middle = (low + high) / 2
                if fits(items, zoom: middle, in: area) { low = middle } else { high = middle }
            }
        }
        return centred(items, zoom: low, in: area)
    }

    /// The camera moved the least distance that brings `items` (the open window and its marker's icon)
    /// inside the canvas less `map.padding` and `panPadding`; a group larger than that is aligned to its
    /// top and leading edges.
    func panned(_ camera: CameraSpec, toShow items: [Item], panPadding: Double) -> CameraSpec {
        let area = available(padding: EdgeInsets(top: panPadding, left: panPadding, bottom: panPadding, right: panPadding))
        let projection = map.projection(camera)
        let bounds = items.map { item in
            let anchor = projection.canvasPoint(of: item.coordinate)
            return Rect(x: anchor.x + item.extent.x, y: anchor.y + item.extent.y, width: item.extent.width, height: item.extent.height)
        }.reduce(nil as Rect?) { $0?.union($1) ?? $1 }
        guard let bounds else { return camera }
        func shift(_ low: Double, _ high: Double, _ areaLow: Double, _ areaHigh: Double) -> Double {
            if high - low > areaHigh - areaLow { return areaLow - low }
            if low < areaLow { return areaLow - low }
            if high > areaHigh { return areaHigh - high }
            return 0
        }
        let dx = shift(bounds.x, bounds.maxX, area.x, area.maxX), dy = shift(bounds.y, bounds.maxY, area.y, area.maxY)
        guard dx != 0 || dy != 0 else { return camera }
        return dragged(camera, by: Point(x: dx, y: dy))
    }

    /// The camera after the drawing moved by `shift` canvas points (a pan gesture, or auto-pan), zoom unchanged.
    func dragged(_ camera: CameraSpec, by shift: Point) -> CameraSpec {
        // Moving the drawing by (dx, dy) moves the camera target the other way, turned back into the world.
        let worldShift = AffineTransform.rotation(degrees: camera.bearing).apply(Point(x: -shift.x, y: -shift.y))
        return moved(camera, byWorldPoints: worldShift)
    }

    /// The canvas less `map.padding` and `padding`, in canvas points.
    private func available(padding: EdgeInsets) -> Rect {
        let left = map.padding.left + padding.left, top = map.padding.top + padding.top
        return Rect(
            x: left, y: top, width: max(0, map.width - left - map.padding.right - padding.right),
            height: max(0, map.height - top - map.padding.bottom - padding.bottom))
    }

    /// The items' bounding box on a canvas turned by the bearing, in points, with their map points at
    /// `zoom` (origin anywhere: only its size and centre matter).
    private func bounds(_ items: [Item], zoom: Double) -> Rect {
        let worldSize = 256 * pow(2, zoom)
        let turn = AffineTransform.rotation(degrees: -map.camera.bearing)
        let first = MapProjection.worldPoint(items[0].coordinate, worldSize: worldSize)
        var result: Rect?
        for item in items {
            var world = MapProjection.worldPoint(item.coordinate, worldSize: worldSize)
            // Longitudes take the copy of the world nearest the first item, as markers take the one nearest the target.
            world.x -= worldSize * ((world.x - first.x) / worldSize).rounded()
            let point = turn.apply(world)
            let rect = Rect(x: point.x + item.extent.x, y: point.y + item.extent.y, width: item.extent.width, height: item.extent.height)
            result = result?.union(rect) ?? rect
        }
        return result!
    }

    private func fits(_ items: [Item], zoom: Double, in area: Rect) -> Bool {
        let box = bounds(items, zoom: zoom)
        return box.width <= area.width + 1e-9 && box.height <= area.height + 1e-9
    }

    /// The camera at `zoom` whose target puts the items' bounding box in the middle of `area`.
    private func centred(_ items: [Item], zoom: Double, in area: Rect) -> CameraSpec {
        let box = bounds(items, zoom: zoom)
        let worldSize = 256 * pow(2, zoom)
        let projectionCentre = map.projection().center
        let areaCentre = Point(x: area.x + area.width / 2, y: area.y + area.height / 2)
        // On the turned canvas the target is the box's centre moved by how far the projection's centre is
        // from the area's; turned back, that is a world point.
        let turned = Point(
            x: box.x + box.width / 2 + projectionCentre.x - areaCentre.x, y: box.y + box.height / 2 + projectionCentre.y - areaCentre.y)
        let world = AffineTransform.rotation(degrees: map.camera.bearing).apply(turned)
        let target = MapProjection.coordinate(ofWorld: world, worldSize: worldSize)
        return CameraSpec(target: target, zoom: zoom, bearing: map.camera.bearing)
    }

    private func moved(_ camera: CameraSpec, byWorldPoints shift: Point) -> CameraSpec {
        let worldSize = 256 * pow(2, camera.zoom)
        let world = MapProjection.worldPoint(camera.target, worldSize: worldSize)
        var moved = camera
        moved.target = MapProjection.coordinate(ofWorld: Point(x: world.x + shift.x, y: world.y + shift.y), worldSize: worldSize)
        return moved
    }
}
