import Testing
@testable import InfoWinKit

@Suite("Web Mercator projection")
struct ProjectionTests {
    let camera = CameraSpec(target: Coordinate(latitude: 0, longitude: 0), zoom: 0, bearing: 0)

    @Test("the camera target is at the canvas centre")
    func targetAtCentre() {
        let projection = MapProjection(
            camera: CameraSpec(target: Coordinate(latitude: 51.5, longitude: -0.127), zoom: 12, bearing: 33), width: 390, height: 300)
        let point = projection.canvasPoint(of: Coordinate(latitude: 51.5, longitude: -0.127))
        #expect(abs(point.x - 195) < 1e-9 && abs(point.y - 150) < 1e-9)
    }

    @Test("the world is 256 pt wide at zoom 0 and doubles with each zoom level")
    func worldSize() {
        let zoom0 = MapProjection(camera: camera, width: 512, height: 512)
        #expect(abs(zoom0.canvasPoint(of: Coordinate(latitude: 0, longitude: 90)).x - (256 + 64)) < 1e-9)
        var zoomed = camera
        zoomed.zoom = 3
        let zoom3 = MapProjection(camera: zoomed, width: 512, height: 512)
        #expect(abs(zoom3.canvasPoint(of: Coordinate(latitude: 0, longitude: 90)).x - (256 + 512)) < 1e-9)
    }

    @Test("north is up and latitudes stretch as in Mercator")
    func latitude() {
        let projection = MapProjection(camera: camera, width: 256, height: 256)
        let north = projection.canvasPoint(of: Coordinate(latitude: 45, longitude: 0))
        // y = (1 − ln(tan φ + sec φ) / π) / 2 × 256 with φ = 45°.
        #expect(abs(north.y - 92.0896) < 1e-3)
        #expect(abs(north.x - 128) < 1e-9)
    }

    @Test("latitudes beyond the Mercator limit are drawn at the limit")
    func latitudeClamp() {
        let projection = MapProjection(camera: camera, width: 256, height: 256)
        let pole = projection.canvasPoint(of: Coordinate(latitude: 90, longitude: 0))
        let limit = projection.canvasPoint(of: Coordinate(latitude: MapProjection.latitudeLimit, longitude: 0))
        #expect(pole == limit)
        #expect(abs(pole.y) < 1e-6)
    }

    @Test("a bearing of 90° puts the east at the top: markers move, north turns left")
    func bearing() {
        var turned = camera
        turned.bearing = 90
        let projection = MapProjection(camera: turned, width: 256, height: 256)
        let east = projection.canvasPoint(of: Coordinate(latitude: 0, longitude: 90))
        #expect(abs(east.x - 128) < 1e-9 && abs(east.y - 64) < 1e-9)
    }

    @Test("a marker across the antimeridian is drawn on the nearest copy of the world")
    func antimeridian() {
        let projection = MapProjection(
            camera: CameraSpec(target: Coordinate(latitude: 0, longitude: 179), zoom: 4, bearing: 0), width: 256, height: 256)
        let point = projection.canvasPoint(of: Coordinate(latitude: 0, longitude: -179))
        #expect(point.x > 128 && point.x < 256)
    }

    @Test("coordinate(at:) undoes canvasPoint(of:)", arguments: [0.0, 30, 200])
    func inverse(bearing: Double) {
        let projection = MapProjection(
            camera: CameraSpec(target: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 11, bearing: bearing), width: 390, height: 300)
        let coordinate = Coordinate(latitude: 48.9, longitude: 2.2)
        let back = projection.coordinate(at: projection.canvasPoint(of: coordinate))
        #expect(abs(back.latitude - coordinate.latitude) < 1e-9 && abs(back.longitude - coordinate.longitude) < 1e-9)
    }
}
