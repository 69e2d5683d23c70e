/// Turns a feature's geometry commands (MVT 2.1, section 4.3) into the parts `VectorTileFeature.geometry`
/// holds: MoveTo (1) starts a part at each of its points, LineTo (2) extends the part, ClosePath (7) ends
/// a ring (rings are closed implicitly, so it adds no point). Points are zigzag-coded deltas from the
/// cursor, which carries over from part to part.
enum VectorTileGeometry {
    private static let moveTo: UInt32 = 1, lineTo: UInt32 = 2, closePath: UInt32 = 7

    /// The parts of `commands` as `kind` reads them: each point on its own for points, lines of two
    /// points or more, and for polygons rings of three points or more with a non-zero area, each exterior
    /// ring (positive area, y down) followed by its holes. Every point is counted in `budget`.
    static func parts(_ commands: [UInt32], kind: VectorTileFeature.Kind, budget: inout VectorTileBudget) throws(VectorTileError) -> [[Point]] {
        let raw = try paths(commands, budget: &budget)
        switch kind {
        case .point: return raw.flatMap { path in path.map { [$0] } }
        case .lineString: return raw.filter { $0.count >= 2 }
        case .polygon: return rings(raw)
        case .unknown: return raw
        }
    }

    /// The paths the commands draw, as they draw them.
    private static func paths(_ commands: [UInt32], budget: inout VectorTileBudget) throws(VectorTileError) -> [[Point]] {
        var paths: [[Point]] = []
        var x = 0, y = 0
        var index = 0
        while index < commands.count {
            let command = commands[index] & 7
            let count = Int(commands[index] >> 3)
            index += 1
            switch command {
            case moveTo, lineTo:
                let name = command == moveTo ? "MoveTo" : "LineTo"
                guard count <= (commands.count - index) / 2 else { throw .commandPastEnd(command: name, count: count) }
                guard command == moveTo || !paths.isEmpty else { throw .malformed("a LineTo before any MoveTo") }
                try budget.spendCoordinates(count)
                for _ in 0..<count {
                    x = x &+ zigzag(commands[index])
                    y = y &+ zigzag(commands[index + 1])
                    index += 2
                    let point = Point(x: Double(x), y: Double(y))
                    if command == moveTo { paths.append([point]) } else { paths[paths.count - 1].append(point) }
                }
            case closePath:
                guard !paths.isEmpty else { throw .malformed("a ClosePath before any MoveTo") }
            default:
                throw .unknownGeometryCommand(Int(command))
            }
        }
        return paths
    }

    /// A zigzag-coded parameter: 0, −1, 1, −2… from 0, 1, 2, 3…
    private static func zigzag(_ value: UInt32) -> Int {
        Int(value >> 1) ^ -Int(value & 1)
    }

    /// Polygon rings as MVT 2.1 and MapLibre read them: rings of fewer than three points or of no area are
    /// dropped; the first ring left gives the exterior's winding (MVT 2.1 says positive area; tiles of
    /// version 1 may turn the other way, which MapLibre reads the same), a ring of that winding starts a
    /// polygon and a ring of the other winding is a hole of the polygon before it. When the exteriors
    /// turn the other way, every ring is reversed, so that exteriors always have a positive area.
    private static func rings(_ paths: [[Point]]) -> [[Point]] {
        var rings: [[Point]] = []
        var exteriorIsPositive: Bool?
        for path in paths where path.count >= 3 {
            let area = signedArea(path)
            guard area != 0 else { continue }
            if exteriorIsPositive == nil { exteriorIsPositive = area > 0 }
            rings.append(exteriorIsPositive == true ? path : path.reversed())
        }
        return rings
    }

    /// Twice the signed area of a ring by the surveyor's formula, in tile units (y down): positive for
    /// a ring that turns clockwise on the screen.
    static func signedArea(_ ring: [Point]) -> Double {
        var sum = 0.0
        for index in ring.indices {
            let next = ring[(index + 1) % ring.count]
            sum += ring[index].x * next.y - next.x * ring[index].y
        }
        return sum
    }
}
