#if canImport(Glibc)
import Glibc
#endif

/// A shape's lines in world points of zoom 0 (the world 256 wide, as `MapProjection` counts), the same at
/// every camera: geodesic edges and circles sampled, longitudes unwrapped along each line so that a line
/// across the antimeridian takes the short way, as the SDK draws it.
struct ShapeOutline {
    /// A polyline's one line, a polygon's outer ring and then its holes, a circle's ring, an overlay's four
    /// corners (top-left, top-right, bottom-right, bottom-left).
    var lines: [[Point]]
    /// For a polyline, where each of its coordinates falls in `lines[0]` (spans count those segments).
    var vertices: [Int] = []
    /// The open lines an area's stroke follows when they are not `lines` closed: a circle around a pole,
    /// whose filled ring is closed beyond the edge of the world where its stroke is not (see `CircleOutline`).
    var strokedLines: [[Point]]? = nil
    /// The points `camera.fit` must show when they are not all of `lines`' (a circle around a pole: one
    /// turn of the world where it is drawn over three).
    var framed: [Point]? = nil

    /// The world size `lines` are counted in.
    static let worldSize = 256.0
}

/// Makes outlines, sharing one allowance of sampled points among all the shapes of a scene.
final class OutlineBuilder {
    /// Sampled points a scene's geodesic edges and circles may add (beyond it, edges are drawn straight
    /// and circles with the fewest points).
    static let sampleAllowance = 1_000_000
    /// A geodesic edge is sampled every this many degrees of arc.
    static let sampleStep = 0.1
    /// The points of a geodesic circle, and the fewest once the allowance is spent.
    static let circlePoints = 360, fewestCirclePoints = 24

    private var allowance = OutlineBuilder.sampleAllowance

    func outline(of geometry: ShapeGeometry, image: Size? = nil) -> ShapeOutline {
        switch geometry {
        case .polyline(let line):
            var vertices: [Int] = []
            let points = self.line(line.path, geodesic: line.geodesic, closed: false, vertices: &vertices)
            return ShapeOutline(lines: [points], vertices: vertices)
        case .polygon(let area):
            var ignored: [Int] = []
            return ShapeOutline(lines: ([area.path] + area.holes).map { line($0, geodesic: area.geodesic, closed: true, vertices: &ignored) })
        case .circle(let circle):
            // A spec's 100,000 circles share the allowance too: past it, each is a coarser ring.
            let count = min(Self.circlePoints, max(Self.fewestCirclePoints, allowance))
            allowance = max(0, allowance - count)
            return CircleOutline(circle).outline(points: count)
        case .groundOverlay(let overlay):
            return ShapeOutline(lines: [corners(of: overlay, image: image ?? Size(width: 1, height: 1))])
        }
    }

    /// The world point of a coordinate whose longitude may lie beyond ±180 (unwrapped).
    static func world(_ coordinate: Coordinate) -> Point {
        MapProjection.worldPoint(coordinate, worldSize: ShapeOutline.worldSize)
    }

    /// `coordinates` as world points, each longitude moved by whole turns to within 180° of the one before
    /// (the first to within 180° of `reference`).
    static func unwrapped(_ coordinates: [Coordinate], near reference: Double) -> [Point] {
        var previous = reference
        return coordinates.map { coordinate in
            var longitude = coordinate.longitude
            longitude -= 360 * ((longitude - previous) / 360).rounded()
            previous = longitude
            return Self.world(Coordinate(latitude: coordinate.latitude, longitude: longitude))
        }
    }

    /// A line through `path` (closed back to its start for a ring), each edge sampled along its great
    /// circle when `geodesic`; `vertices` gets where each coordinate of the path falls.
    private func line(_ path: [Coordinate], geodesic: Bool, closed: Bool, vertices: inout [Int]) -> [Point] {
        var ring = path
        // A polygon's path need not repeat its first point; one that does is the same ring.
        if closed, ring.count > 1, ring.first == ring.last { ring.removeLast() }
        guard geodesic, let first = ring.first else { return Self.unwrapped(ring, near: ring.first?.longitude ?? 0) }
        var sampled: [Coordinate] = [first]
        vertices = [0]
        let edges = closed ? ring.count : ring.count - 1
        for index in 0..<edges {
            let a = ring[index], b = ring[(index + 1) % ring.count]
            let degrees = Geodesic.angle(a, b) * 180 / .pi
            let pieces = min(allowance + 1, max(1, Int(min(1e6, degrees / Self.sampleStep).rounded(.up))))
            allowance -= pieces - 1
            if pieces > 1 {
                for piece in 1..<pieces {
                    sampled.append(Geodesic.interpolate(a, b, fraction: Double(piece) / Double(pieces)))
                }
            }
            sampled.append(b)
            vertices.append(sampled.count - 1)
        }
        if closed { sampled.removeLast() }
        return Self.unwrapped(sampled, near: first.longitude)
    }

    /// An overlay's corners: its bounds, or its image's size at `zoomLevel` around `position`'s anchor,
    /// turned by `bearing` about the anchor.
    private func corners(of overlay: GroundOverlaySpec, image: Size) -> [Point] {
        let rect: Rect
        switch overlay.placement {
        case .bounds(let southWest, let northEast):
            let east = northEast.longitude < southWest.longitude ? northEast.longitude + 360 : northEast.longitude
            let topLeft = Self.world(Coordinate(latitude: northEast.latitude, longitude: southWest.longitude))
            let bottomRight = Self.world(Coordinate(latitude: southWest.latitude, longitude: east))
            rect = Rect(x: topLeft.x, y: topLeft.y, width: bottomRight.x - topLeft.x, height: bottomRight.y - topLeft.y)
        case .position(let position, let zoomLevel):
            let anchor = Self.world(position)
            let width = image.width / pow(2, zoomLevel), height = image.height / pow(2, zoomLevel)
            rect = Rect(x: anchor.x - overlay.anchor.x * width, y: anchor.y - overlay.anchor.y * height, width: width, height: height)
        }
        let pivot = Point(x: rect.x + overlay.anchor.x * rect.width, y: rect.y + overlay.anchor.y * rect.height)
        let turn = AffineTransform.translation(x: -pivot.x, y: -pivot.y).then(.rotation(degrees: overlay.bearing))
            .then(.translation(x: pivot.x, y: pivot.y))
        return [Point(x: rect.x, y: rect.y), Point(x: rect.maxX, y: rect.y), Point(x: rect.maxX, y: rect.maxY), Point(x: rect.x, y: rect.maxY)]
            .map(turn.apply)
    }
}
