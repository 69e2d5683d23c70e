#if canImport(Glibc)
import Glibc
#endif

/// Great circles and geodesic circles on a sphere of the Earth's mean radius, as the SDK draws `geodesic`
/// lines and `GMSCircle` (its `GMSGeometry` uses the same sphere).
enum Geodesic {
    /// The Earth's mean radius in metres (`kGMSEarthRadius`).
    static let earthRadius = 6_371_009.0

    private struct Vector {
        var x, y, z: Double

        init(x: Double, y: Double, z: Double) {
            self.x = x
            self.y = y
            self.z = z
        }

        init(_ coordinate: Coordinate) {
            let latitude = coordinate.latitude * .pi / 180, longitude = coordinate.longitude * .pi / 180
            self.init(x: cos(latitude) * cos(longitude), y: cos(latitude) * sin(longitude), z: sin(latitude))
        }

        var coordinate: Coordinate {
            Coordinate(latitude: atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi, longitude: atan2(y, x) * 180 / .pi)
        }
    }

    /// The angle between two coordinates seen from the Earth's centre, in radians.
    static func angle(_ a: Coordinate, _ b: Coordinate) -> Double {
        let u = Vector(a), v = Vector(b)
        let cross = Vector(x: u.y * v.z - u.z * v.y, y: u.z * v.x - u.x * v.z, z: u.x * v.y - u.y * v.x)
        return atan2((cross.x * cross.x + cross.y * cross.y + cross.z * cross.z).squareRoot(), u.x * v.x + u.y * v.y + u.z * v.z)
    }

    /// The point `fraction` (0…1) of the way from `a` to `b` along the shorter great circle.
    static func interpolate(_ a: Coordinate, _ b: Coordinate, fraction: Double) -> Coordinate {
        let theta = angle(a, b)
        guard theta > 1e-12 else { return a }
        let u = Vector(a), v = Vector(b)
        let wa = sin((1 - fraction) * theta) / sin(theta), wb = sin(fraction * theta) / sin(theta)
        return Vector(x: wa * u.x + wb * v.x, y: wa * u.y + wb * v.y, z: wa * u.z + wb * v.z).coordinate
    }

    /// The point `distance` metres from `start` heading `bearing` degrees clockwise from north.
    static func destination(from start: Coordinate, distance: Double, bearing: Double) -> Coordinate {
        let delta = distance / earthRadius, theta = bearing * .pi / 180
        let phi = start.latitude * .pi / 180, lambda = start.longitude * .pi / 180
        let sinPhi2 = sin(phi) * cos(delta) + cos(phi) * sin(delta) * cos(theta)
        let phi2 = asin(min(1, max(-1, sinPhi2)))
        let lambda2 = lambda + atan2(sin(theta) * sin(delta) * cos(phi), cos(delta) - sin(phi) * sinPhi2)
        return Coordinate(latitude: phi2 * 180 / .pi, longitude: lambda2 * 180 / .pi)
    }
}
