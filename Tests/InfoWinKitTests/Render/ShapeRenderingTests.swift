import Foundation
import Graphics
import Testing
import InfoWinCheck
@testable import InfoWinKit

/// The image of a spec with these top-level members, looking at `target` at `zoom`, at scale 2.
private func render(_ members: String, latitude: Double = 0, longitude: Double = 0, zoom: Double = 10, bearing: Double = 0) throws -> (RenderResult, PixelImage) {
    try renderPinned(try testSpec(#"""
        {"map": {"width": 390, "height": 300, "scale": 2, "background": "\#u{23}FFFFFF",
                 "camera": {"target": {"latitude": \#(latitude), "longitude": \#(longitude)}, "zoom": \#(zoom), "bearing": \#(bearing)}}\#(members)}
        """#))
}

/// The pixel (at scale 2) where `coordinate` falls on the canvas of that camera.
private func pixel(
    of coordinate: Coordinate, latitude: Double = 0, longitude: Double = 0, zoom: Double = 10, dx: Double = 0, dy: Double = 0
) -> (x: Int, y: Int) {
    let projection = MapProjection(
        camera: CameraSpec(target: Coordinate(latitude: latitude, longitude: longitude), zoom: zoom, bearing: 0), width: 390, height: 300)
    let point = projection.canvasPoint(of: coordinate)
    return (Int(((point.x + dx) * 2).rounded(.down)), Int(((point.y + dy) * 2).rounded(.down)))
}

private func coordinate(_ latitude: Double, _ longitude: Double) -> String {
    #"{"latitude": \#(latitude), "longitude": \#(longitude)}"#
}

private func colour(_ image: PixelImage, _ at: (x: Int, y: Int)) -> UInt32 { image.color(x: at.x, y: at.y).rgb }

/// The image of one circle filled #00FF00 with a 2 pt #FF0000 stroke (none when `stroked` is false), the
/// camera at `latitude`, `longitude`, `zoom`.
private func circleImage(
    at centre: Coordinate, radius: Double, stroked: Bool = true, latitude: Double, longitude: Double, zoom: Double
) throws -> PixelImage {
    let stroke = stroked ? #""strokeColor": "\#u{23}FF0000", "strokeWidth": 2"# : #""strokeWidth": 0"#
    return try render(
        #", "circles": [{"position": \#(coordinate(centre.latitude, centre.longitude)), "radius": \#(radius), "fillColor": "\#u{23}00FF00", \#(stroke)}]"#,
        latitude: latitude, longitude: longitude, zoom: zoom).1
}

@Suite("shapes: drawing (SPEC.md, Shapes)")
struct ShapeRenderingTests {
    @Test("a straight polyline covers the pixels between its coordinates, and not those 6 pt beside it")
    func straightLine() throws {
        let (_, image) = try render(#", "polylines": [{"path": [\#(coordinate(0, -0.2)), \#(coordinate(0, 0.2))], "strokeWidth": 4, "strokeColor": "\#u{23}FF0000"}]"#)
        for longitude in [-0.15, 0, 0.1] {
            #expect(colour(image, pixel(of: Coordinate(latitude: 0, longitude: longitude))) == 0xFF0000)
            #expect(colour(image, pixel(of: Coordinate(latitude: 0, longitude: longitude), dy: 6)) == 0xFFFFFF)
        }
        #expect(colour(image, pixel(of: Coordinate(latitude: 0, longitude: 0.3))) == 0xFFFFFF)
    }

    @Test("a geodesic polyline follows the great circle: between (10, −30) and (10, 30) it passes 11.51° N at 0°, not 10° N")
    func geodesicLine() throws {
        let members = #", "polylines": [{"path": [\#(coordinate(10, -30)), \#(coordinate(10, 30))], "geodesic": true, "strokeWidth": 3, "strokeColor": "\#u{23}0000FF"}]"#
        let (_, image) = try render(members, latitude: 10, zoom: 3)
        let north = atan(tan(10 * Double.pi / 180) / cos(30 * Double.pi / 180)) * 180 / .pi
        #expect(colour(image, pixel(of: Coordinate(latitude: north, longitude: 0), latitude: 10, zoom: 3)) == 0x0000FF)
        #expect(colour(image, pixel(of: Coordinate(latitude: 10, longitude: 0), latitude: 10, zoom: 3)) == 0xFFFFFF)
        let (_, straight) = try render(members.replacing(#""geodesic": true"#, with: #""geodesic": false"#), latitude: 10, zoom: 3)
        #expect(colour(straight, pixel(of: Coordinate(latitude: 10, longitude: 0), latitude: 10, zoom: 3)) == 0x0000FF)
    }

    @Test("an encoded path draws the same pixels as its coordinates")
    func encodedPath() throws {
        let written = #", "polylines": [{"path": [\#(coordinate(38.5, -120.2)), \#(coordinate(40.7, -120.95)), \#(coordinate(43.252, -126.453))]}]"#
        let encoded = #", "polylines": [{"encodedPath": "_p~iF~ps|U_ulLnnqC_mqNvxq`@"}]"#
        let (_, a) = try render(written, latitude: 41, longitude: -123, zoom: 5)
        let (_, b) = try render(encoded, latitude: 41, longitude: -123, zoom: 5)
        #expect(a.pixels == b.pixels)
        #expect(a.pixels.contains { $0 & 0xFFFFFF == 0x0000FF })
    }

    @Test("a polygon's hole is cut out whatever its direction; its fill and stroke are drawn")
    func polygonHole() throws {
        let outer = [coordinate(-0.1, -0.1), coordinate(0.1, -0.1), coordinate(0.1, 0.1), coordinate(-0.1, 0.1)].joined(separator: ",")
        for hole in [
            [coordinate(-0.03, -0.03), coordinate(0.03, -0.03), coordinate(0.03, 0.03), coordinate(-0.03, 0.03)],
            [coordinate(-0.03, -0.03), coordinate(-0.03, 0.03), coordinate(0.03, 0.03), coordinate(0.03, -0.03)],
        ] {
            let (_, image) = try render(#", "polygons": [{"path": [\#(outer)], "holes": [[\#(hole.joined(separator: ","))]], "fillColor": "\#u{23}00FF00", "strokeColor": "\#u{23}FF0000", "strokeWidth": 4}]"#)
            #expect(colour(image, pixel(of: Coordinate(latitude: 0, longitude: 0))) == 0xFFFFFF)
            #expect(colour(image, pixel(of: Coordinate(latitude: 0.06, longitude: 0.06))) == 0x00FF00)
            #expect(colour(image, pixel(of: Coordinate(latitude: 0, longitude: 0.1))) == 0xFF0000)
            #expect(colour(image, pixel(of: Coordinate(latitude: 0, longitude: 0.2))) == 0xFFFFFF)
        }
    }

    @Test("the default polygon fill is #0000FF40 over the map")
    func defaultPolygonFill() throws {
        let ring = [coordinate(-0.1, -0.1), coordinate(0.1, -0.1), coordinate(0, 0.1)].joined(separator: ",")
        let (_, image) = try render(#", "polygons": [{"path": [\#(ring)]}]"#)
        // 25 % blue over white.
        #expect(colorsAreClose(colour(image, pixel(of: Coordinate(latitude: 0, longitude: 0))), 0xBFBFFF))
    }

    @Test("a circle is the geodesic circle of its radius: 1,000 m north is on its stroke, 900 m inside is filled, 1,100 m is not")
    func circle() throws {
        let centre = Coordinate(latitude: 50, longitude: 8)
        let image = try circleImage(
            at: Coordinate(latitude: 50, longitude: 8), radius: 1000, latitude: 50, longitude: 8, zoom: 13)
        let at = { (metres: Double, bearing: Double) in
            pixel(of: Geodesic.destination(from: centre, distance: metres, bearing: bearing), latitude: 50, longitude: 8, zoom: 13)
        }
        for bearing in [0.0, 90, 200] {
            #expect(colour(image, at(1000, bearing)) == 0xFF0000)
            #expect(colour(image, at(900, bearing)) == 0x00FF00)
            #expect(colour(image, at(1100, bearing)) == 0xFFFFFF)
        }
    }

    @Test("a circle around the north pole fills up to the world's edge beyond it, and its stroke follows only its ring")
    func circleAroundAPole() throws {
        // 1,500 km from 85° N reaches 13.5° of arc: past the pole, down to 71.5° N on the centre's meridian.
        let centre = Coordinate(latitude: 85, longitude: 10)
        let image = try circleImage(
            at: Coordinate(latitude: 85, longitude: 10), radius: 1500000, latitude: 78, longitude: 10, zoom: 2)
        let at = { (latitude: Double, longitude: Double) in pixel(of: Coordinate(latitude: latitude, longitude: longitude), latitude: 78, longitude: 10, zoom: 2) }
        for longitude in [-40.0, 10, 60] {
            #expect(colour(image, at(84.9, longitude)) == 0x00FF00, "beyond the pole's side of the ring at \(longitude)°")
        }
        #expect(colour(image, at(73, 10)) == 0x00FF00)
        #expect(colour(image, at(70, 10)) == 0xFFFFFF)
        let south = Geodesic.destination(from: centre, distance: 1_500_000, bearing: 180)
        #expect(colour(image, at(south.latitude, south.longitude)) == 0xFF0000)
        // The top row of the world: filled, with no stroke along the world's edge.
        let top = pixel(of: Coordinate(latitude: 85.05, longitude: 10), latitude: 78, longitude: 10, zoom: 2, dy: 2)
        for x in stride(from: 20, to: 760, by: 60) {
            #expect(colour(image, (x, top.y)) == 0x00FF00, "the world's top edge at x \(x)")
        }
    }

    @Test("a circle around the south pole fills down past the world's bottom edge")
    func circleAroundTheSouthPole() throws {
        // 2,500 km from 80° S reaches 22.5° of arc: past the pole, up to 57.5° S on the centre's meridian.
        let image = try circleImage(
            at: Coordinate(latitude: -80, longitude: -60), radius: 2500000, stroked: false, latitude: -75, longitude: -60, zoom: 1.5)
        let at = { (latitude: Double, longitude: Double) in pixel(of: Coordinate(latitude: latitude, longitude: longitude), latitude: -75, longitude: -60, zoom: 1.5) }
        for longitude in [-110.0, -60, -10] {
            #expect(colour(image, at(-84.9, longitude)) == 0x00FF00, "beyond the pole's side of the ring at \(longitude)°")
        }
        #expect(colour(image, at(-60, -60)) == 0x00FF00)
        #expect(colour(image, at(-55, -60)) == 0xFFFFFF)
        let bottom = pixel(of: Coordinate(latitude: -85.06, longitude: -60), latitude: -75, longitude: -60, zoom: 1.5, dy: 2)
        #expect(colour(image, (380, bottom.y)) == 0x00FF00, "past the world's bottom edge")
    }

    @Test("circles at the limits draw what they cover: centred on a pole, reaching 20,000 km, 1 m beside the pole")
    func circlesAtTheLimits() throws {
        // On the pole: a cap above one latitude, straight across the map.
        let onPole = try circleImage(at: Coordinate(latitude: 90, longitude: 0), radius: 500_000, stroked: false, latitude: 60, longitude: 0, zoom: 0.5)
        #expect(colour(onPole, (390, 4)) == 0x00FF00)
        #expect(colour(onPole, (390, 400)) == 0xFFFFFF)
        let onSouthPole = try circleImage(at: Coordinate(latitude: -90, longitude: 30), radius: 3_000_000, stroked: false, latitude: -60, longitude: 0, zoom: 0.5)
        #expect(colour(onSouthPole, (390, 596)) == 0x00FF00)
        // All but 15 km about the antipode: the whole canvas around the centre.
        let reaching = try circleImage(at: Coordinate(latitude: 0, longitude: 0), radius: 20_000_000, stroked: false, latitude: 0, longitude: 0, zoom: 0.5)
        for x in [10, 390, 770] { #expect(colour(reaching, (x, 300)) == 0x00FF00) }
        // A metre from the pole: an ordinary small circle, nothing else drawn.
        let beside = try circleImage(at: Coordinate(latitude: 89.99999, longitude: 179.9), radius: 1, stroked: false, latitude: 60, longitude: 0, zoom: 0.5)
        #expect(colour(beside, (390, 300)) == 0xFFFFFF)
    }

    @Test("a circle around both poles covers the world but the cap about its antipode")
    func circleAroundBothPoles() throws {
        // 15,000 km from (10° N, 10° E) is 134.9° of arc: all but a cap of 45.1° about (10° S, 170° W).
        let antipode = Coordinate(latitude: -10, longitude: -170)
        let arc = 15_000_000.0 / Geodesic.earthRadius * 180 / .pi
        let image = try circleImage(
            at: Coordinate(latitude: 10, longitude: 10), radius: 15000000, latitude: 0, longitude: -120, zoom: 1)
        let at = { (coordinate: Coordinate) in pixel(of: coordinate, latitude: 0, longitude: -120, zoom: 1) }
        #expect(colour(image, at(antipode)) == 0xFFFFFF)
        #expect(colour(image, at(Coordinate(latitude: 0, longitude: -60))) == 0x00FF00)
        #expect(colour(image, at(Coordinate(latitude: 60, longitude: -120))) == 0x00FF00)
        for bearing in [0.0, 90, 270] {
            let metres = { (degrees: Double) in degrees * .pi / 180 * Geodesic.earthRadius }
            #expect(colour(image, at(Geodesic.destination(from: antipode, distance: metres(180 - arc - 5), bearing: bearing))) == 0xFFFFFF)
            #expect(colour(image, at(Geodesic.destination(from: antipode, distance: metres(180 - arc), bearing: bearing))) == 0xFF0000)
            #expect(colour(image, at(Geodesic.destination(from: antipode, distance: metres(180 - arc + 5), bearing: bearing))) == 0x00FF00)
        }
    }

    @Test("spans colour their segments, the last carried to the end; a gradient runs from one colour to the other")
    func spans() throws {
        let path = (0...3).map { coordinate(0, -0.15 + 0.1 * Double($0)) }.joined(separator: ",")
        let (_, image) = try render(##", "polylines": [{"path": [\##(path)], "strokeWidth": 6, "spans": [{"color": "#00FF00", "segments": 1}, {"gradient": {"from": "#FF0000", "to": "#0000FF"}, "segments": 1}, {"color": "#000000", "segments": 0.5}]}]"##)
        #expect(colour(image, pixel(of: Coordinate(latitude: 0, longitude: -0.1))) == 0x00FF00)
        let early = colour(image, pixel(of: Coordinate(latitude: 0, longitude: -0.04))), late = colour(image, pixel(of: Coordinate(latitude: 0, longitude: 0.04)))
        #expect(early >> 16 > early & 0xFF && late & 0xFF > late >> 16, "red to blue: \(hex(early)) then \(hex(late))")
        #expect(colour(image, pixel(of: Coordinate(latitude: 0, longitude: 0.13))) == 0x000000)
    }

    @Test("a stroke pattern leaves its gaps undrawn and draws its dashes")
    func pattern() throws {
        // At zoom 10, 0.01° of longitude is 7.28 pt: dashes of 20 pt and gaps of 20 pt (less the 2 pt caps).
        let (_, image) = try render(#", "polylines": [{"path": [\#(coordinate(0, -0.2)), \#(coordinate(0, 0.2))], "strokeWidth": 4, "strokeColor": "\#u{23}000000", "strokePattern": [{"dash": 20}, {"gap": 20}]}]"#)
        let start = pixel(of: Coordinate(latitude: 0, longitude: -0.2))
        #expect(colour(image, (start.x + 20, start.y)) == 0x000000)
        #expect(colour(image, (start.x + 60, start.y)) == 0xFFFFFF)
        #expect(colour(image, (start.x + 100, start.y)) == 0x000000)
        let (_, gapFirst) = try render(#", "polylines": [{"path": [\#(coordinate(0, -0.2)), \#(coordinate(0, 0.2))], "strokeWidth": 4, "strokeColor": "\#u{23}000000", "strokePattern": [{"gap": 20}, {"dash": 20}]}]"#)
        #expect(colour(gapFirst, (start.x + 20, start.y)) == 0xFFFFFF)
        #expect(colour(gapFirst, (start.x + 60, start.y)) == 0x000000)
    }

    @Test("a ground overlay covers its bounds and nothing beyond; at a position and zoomLevel it is its pixels in points at that zoom")
    func groundOverlay() throws {
        let (_, image) = try render(#", "groundOverlays": [{"image": "icon.png", "bounds": {"southWest": \#(coordinate(-0.1, -0.1)), "northEast": \#(coordinate(0.1, 0.1))}}]"#)
        #expect(colour(image, pixel(of: Coordinate(latitude: 0.09, longitude: -0.09))) == 0x336699)
        #expect(colour(image, pixel(of: Coordinate(latitude: 0.11, longitude: 0))) == 0xFFFFFF)
        // icon.png is 16 × 8 pixels: at zoom 10 with zoomLevel 8 it is 64 × 32 pt, centred on its position.
        let (_, placed) = try render(#", "groundOverlays": [{"image": "icon.png", "position": \#(coordinate(0, 0)), "zoomLevel": 8}]"#)
        #expect(colour(placed, (2 * 195 + 2 * 31, 2 * 150 + 2 * 15)) == 0x336699)
        #expect(colour(placed, (2 * 195 + 2 * 33, 2 * 150)) == 0xFFFFFF)
        #expect(colour(placed, (2 * 195, 2 * 150 + 2 * 17)) == 0xFFFFFF)
        // Turned 90° about its centre, it is 32 pt wide and 64 pt tall.
        let (_, turned) = try render(#", "groundOverlays": [{"image": "icon.png", "position": \#(coordinate(0, 0)), "zoomLevel": 8, "bearing": 90}]"#)
        #expect(colour(turned, (2 * 195, 2 * 150 + 2 * 31)) == 0x336699)
        #expect(colour(turned, (2 * 195 + 2 * 31, 2 * 150)) == 0xFFFFFF)
    }

    @Test("shapes draw under every marker whatever their zIndex, and among themselves by zIndex, then input order")
    func zOrder() throws {
        let line = { (colour: String, z: Int) in #"{"path": [\#(coordinate(0, -0.2)), \#(coordinate(0, 0.2))], "strokeWidth": 30, "strokeColor": "\#(colour)", "zIndex": \#(z)}"# }
        let (_, image) = try render(#", "polylines": [\#(line("#FF0000", 5)), \#(line("#00FF00", 1)), \#(line("#0000FF", 5))], "markers": [\#(testMarker("m", longitude: 0.1, #", "zIndex": -5, "icon": "icon.png""#))]"#)
        #expect(colour(image, pixel(of: Coordinate(latitude: 0, longitude: -0.1))) == 0x0000FF)
        // The marker's 16 × 8 icon stands on its position, above the shapes.
        #expect(colour(image, pixel(of: Coordinate(latitude: 0, longitude: 0.1), dy: -2)) == 0x336699)
    }

    @Test("SVG and PDF keep shapes as paths")
    func vectors() throws {
        var spec = try testSpec(shapeSpecJSON(#", "polylines": [{"path": [\#(coordinate(0, -0.2)), \#(coordinate(0, 0.2))], "strokeColor": "\#u{23}123456"}]"#))
        spec.fonts = FontSetup(files: Repository.pinnedFonts, hermetic: true)
        var options = RenderOptions()
        options.format = .svg
        let svg = String(decoding: try Renderer().render(spec, options: options).bytes, as: UTF8.self)
        #expect(svg.contains("stroke-linecap:round;stroke-linejoin:round;stroke:rgb(7.058824%,20.392157%,33.72549%)"))
        #expect(!svg.contains("<image"))
        options.format = .pdf
        let pdf = try Renderer().render(spec, options: options).bytes
        #expect(pdf.starts(with: Array("%PDF".utf8)))
    }

    @Test("a polyline across the antimeridian takes the short way")
    func antimeridian() throws {
        let (_, image) = try render(#", "polylines": [{"path": [\#(coordinate(0, 179.9)), \#(coordinate(0, -179.9))], "strokeWidth": 4, "strokeColor": "\#u{23}FF0000"}]"#, longitude: 180)
        #expect(colour(image, (390, 300)) == 0xFF0000)
    }

    @Test("a line far beyond the canvas at zoom 22 draws where it crosses the canvas, no wrap-around stripes")
    func farPoints() throws {
        let (_, image) = try render(#", "polylines": [{"path": [\#(coordinate(0, -60)), \#(coordinate(0, 60))], "strokeWidth": 4, "strokeColor": "\#u{23}FF0000"}]"#, zoom: 22)
        #expect(colour(image, (390, 300)) == 0xFF0000)
        #expect(colour(image, (390, 100)) == 0xFFFFFF)
    }
}

private func hex(_ value: UInt32) -> String { String(value, radix: 16) }
