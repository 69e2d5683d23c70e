import Graphics

/// A stable hash of what a shape draws (its geometry, style and `zIndex`; an overlay's image bytes), for the
/// layout report: the same on every machine and run, and cheap for 100,000 coordinates, where writing them
/// out as JSON to hash the text cost more than drawing them.
struct ShapeDigest {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The digest of `shape`, 16 hexadecimal digits.
    static func of(_ shape: ShapeSpec) -> String {
        var digest = ShapeDigest()
        digest.add(shape.kind.rawValue)
        digest.add(Double(shape.zIndex))
        switch shape.geometry {
        case .polyline(let line):
            digest.add(line.path)
            digest.add(line.stroke)
            digest.add(line.geodesic)
            for span in line.spans {
                switch span.style {
                case .color(let color): digest.add(color)
                case .gradient(let from, let to):
                    digest.add(from)
                    digest.add(to)
                }
                digest.add(span.segments)
            }
            for item in line.pattern {
                switch item {
                case .dash(let length): digest.add(length)
                case .gap(let length): digest.add(-1 - length)
                case .dot: digest.add(Double.infinity)
                }
            }
        case .polygon(let area):
            digest.add(area.path)
            for hole in area.holes { digest.add(hole) }
            digest.add(area.fill)
            digest.add(area.stroke)
            digest.add(area.geodesic)
        case .circle(let circle):
            digest.add([circle.position])
            digest.add(circle.radius)
            digest.add(circle.fill)
            digest.add(circle.stroke)
        case .groundOverlay(let overlay):
            digest.add(overlay.imageDigest)
            switch overlay.placement {
            case .bounds(let southWest, let northEast): digest.add([southWest, northEast])
            case .position(let position, let zoomLevel):
                digest.add([position])
                digest.add(zoomLevel)
            }
            digest.add(overlay.anchor.x)
            digest.add(overlay.anchor.y)
            digest.add(overlay.bearing)
            digest.add(overlay.opacity)
        }
        let digits = String(digest.state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Mixes one 64-bit word in (FNV-1a's step on words, then a multiply-xorshift so that nearby values spread).
    private mutating func add(word: UInt64) {
        state = (state ^ word) &* 0x0000_0100_0000_01B3
        state ^= state >> 29
    }

    private mutating func add(_ value: Double) { add(word: value.bitPattern) }
    private mutating func add(_ flag: Bool) { add(word: flag ? 1 : 2) }
    private mutating func add(_ text: String) { for byte in text.utf8 { add(word: UInt64(byte)) } }

    private mutating func add(_ color: RGBA?) {
        guard let color else { return add(word: 0) }
        for channel in [color.red, color.green, color.blue, color.alpha] { add(channel) }
    }

    private mutating func add(_ stroke: StrokeSpec) {
        add(stroke.width)
        add(stroke.color)
    }

    private mutating func add(_ coordinates: [Coordinate]) {
        add(word: UInt64(coordinates.count))
        for coordinate in coordinates {
            add(coordinate.latitude)
            add(coordinate.longitude)
        }
    }
}
