/// A geodesic circle's outline, as the SDK draws `GMSCircle`: the points at its radius from its centre.
/// A circle around one pole crosses every meridian, so on the map its ring runs once across the world and
/// its area is closed beyond the world's edge past that pole, as far as the map could ever show (the stroke
/// follows the ring alone). A circle
/// around both poles covers the world but the cap about its antipode: its area is the world one turn wide,
/// centred on the circle, with the ring (and its copies a turn either side) as holes.
struct CircleOutline {
    let circle: CircleSpec

    init(_ circle: CircleSpec) {
        self.circle = circle
    }

    /// The angle from the centre to the ring, seen from the Earth's centre (under π: radii stop at 20,000 km).
    private var angularRadius: Double { circle.radius / Geodesic.earthRadius }
    private var aroundNorthPole: Bool { angularRadius > (90 - circle.position.latitude) * .pi / 180 }
    private var aroundSouthPole: Bool { angularRadius > (90 + circle.position.latitude) * .pi / 180 }

    /// The outline with `count` points on the ring. A circle around a pole is laid three turns of the world
    /// wide, centred on itself, so that wherever the camera looks no seam shows on a canvas up to a world wide
    /// on either side; `camera.fit` frames it one turn wide (`framed`).
    func outline(points count: Int) -> ShapeOutline {
        let world = ShapeOutline.worldSize
        let opposite = circle.position.longitude + 180
        switch (aroundNorthPole, aroundSouthPole) {
        case (false, false):
            return ShapeOutline(lines: [ring(count, fromBearing: 0, near: circle.position.longitude)])
        case (true, true):
            let centre = OutlineBuilder.world(circle.position).x
            let band = { (turns: Double, top: Double, bottom: Double) in
                [Point(x: centre - turns * world / 2, y: top), Point(x: centre + turns * world / 2, y: top),
                 Point(x: centre + turns * world / 2, y: bottom), Point(x: centre - turns * world / 2, y: bottom)]
            }
            // The cap about the antipode, a turn either side too, wherever it cuts the band.
            let hole = ring(count, fromBearing: 0, near: opposite)
            let holes = (-2...2).map { turn in hole.map { Point(x: $0.x + Double(turn) * world, y: $0.y) } }.filter { copy in
                copy.contains { abs($0.x - centre) < 1.5 * world }
            }
            return ShapeOutline(lines: [band(3, -world, 2 * world)] + holes, strokedLines: holes.map { $0 + $0.prefix(1) }, framed: band(1, 0, world))
        case (let north, _):
            // From the bearing across the pole, the ring starts on the opposite meridian and goes round once.
            let once = ring(count, fromBearing: north ? 0 : 180, near: opposite)
            guard let first = once.first, let last = once.last else { return ShapeOutline(lines: []) }
            let turn = last.x > first.x ? world : -world
            let shifted = { (turns: Double) in once.map { Point(x: $0.x + turns * turn, y: $0.y) } }
            let line = shifted(-1) + once + shifted(1) + [Point(x: first.x + 2 * turn, y: first.y)]
            let beyond = { (line: [Point], edge: Double) in [Point(x: line[line.count - 1].x, y: edge), Point(x: line[0].x, y: edge)] }
            let framed = once + [Point(x: first.x + turn, y: first.y)]
            return ShapeOutline(
                lines: [line + beyond(line, north ? -world : 2 * world)], strokedLines: [line], framed: framed + beyond(framed, north ? 0 : world))
        }
    }

    /// `count` points of the ring, from `fromBearing` clockwise, unwrapped from within 180° of `near`.
    private func ring(_ count: Int, fromBearing start: Double, near reference: Double) -> [Point] {
        let coordinates = (0..<count).map { index in
            Geodesic.destination(from: circle.position, distance: circle.radius, bearing: start + Double(index) * 360 / Double(count))
        }
        return OutlineBuilder.unwrapped(coordinates, near: reference)
    }
}
