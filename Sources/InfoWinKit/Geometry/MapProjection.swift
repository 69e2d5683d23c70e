#if canImport(Glibc)
import Glibc
#endif

/// Web Mercator as Google Maps draws it: the world is 256 pt wide at zoom 0, the camera target at the
/// canvas centre, the map turned so that the camera's bearing points up.
struct MapProjection: Sendable {
    /// The latitude beyond which Web Mercator is cut off.
    static let latitudeLimit = 85.05112877980659

    let camera: CameraSpec
    let center: Point
    let worldSize: Double
    let targetWorld: Point

    /// A projection for `camera` on a canvas of `width` × `height` points, the target at the centre of the
    /// canvas less `padding` (`GMSMapView.padding`).
    package init(camera: CameraSpec, width: Double, height: Double, padding: EdgeInsets = .zero) {
        self.camera = camera
        center = Point(x: padding.left + (width - padding.horizontal) / 2, y: padding.top + (height - padding.vertical) / 2)
        worldSize = 256 * pow(2, camera.zoom)
        targetWorld = MapProjection.worldPoint(camera.target, worldSize: worldSize)
    }

    /// Where `coordinate` falls on the canvas; longitudes take the copy of the world nearest the target.
    func canvasPoint(of coordinate: Coordinate) -> Point {
        let world = MapProjection.worldPoint(coordinate, worldSize: worldSize)
        var dx = world.x - targetWorld.x
        dx -= worldSize * (dx / worldSize).rounded()
        let offset = AffineTransform.rotation(degrees: -camera.bearing).apply(Point(x: dx, y: world.y - targetWorld.y))
        return Point(x: center.x + offset.x, y: center.y + offset.y)
    }

    /// The coordinate under a canvas point (the inverse of `canvasPoint(of:)`).
    package func coordinate(at point: Point) -> Coordinate {
        let offset = AffineTransform.rotation(degrees: camera.bearing).apply(Point(x: point.x - center.x, y: point.y - center.y))
        return Self.coordinate(ofWorld: Point(x: targetWorld.x + offset.x, y: targetWorld.y + offset.y), worldSize: worldSize)
    }

    /// The coordinate of a world point (at `worldSize`), its longitude wrapped into −180…180.
    static func coordinate(ofWorld world: Point, worldSize: Double) -> Coordinate {
        var longitude = world.x / worldSize * 360 - 180
        longitude -= 360 * (longitude / 360).rounded()
        let mercatorY = .pi * (1 - 2 * world.y / worldSize)
        return Coordinate(latitude: atan(sinh(mercatorY)) * 180 / .pi, longitude: longitude)
    }

    static func worldPoint(_ coordinate: Coordinate, worldSize: Double) -> Point {
        let latitude = min(max(coordinate.latitude, -latitudeLimit), latitudeLimit) * .pi / 180
        let x = (coordinate.longitude + 180) / 360 * worldSize
        let y = (1 - log(tan(latitude) + 1 / cos(latitude)) / .pi) / 2 * worldSize
        return Point(x: x, y: y)
    }
}
