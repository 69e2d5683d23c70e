#if canImport(Glibc)
import Glibc
#endif
import Graphics

extension DrawingContext {
    /// Adds a rectangle with corners rounded by `radius` (at most half its shorter side) as a new path.
    func addRoundedRect(_ rect: Rect, radius: Double) {
        let radius = max(0, min(radius, rect.width / 2, rect.height / 2))
        newPath()
        move(toX: rect.x + radius, y: rect.y)
        arc(centerX: rect.maxX - radius, centerY: rect.y + radius, radius: radius, from: -.pi / 2, to: 0)
        arc(centerX: rect.maxX - radius, centerY: rect.maxY - radius, radius: radius, from: 0, to: .pi / 2)
        arc(centerX: rect.x + radius, centerY: rect.maxY - radius, radius: radius, from: .pi / 2, to: .pi)
        arc(centerX: rect.x + radius, centerY: rect.y + radius, radius: radius, from: .pi, to: 1.5 * .pi)
        closePath()
    }

    /// Fills the current path with a colour or a linear gradient laid across `bounds`. A gradient's
    /// angle is CSS's: 0° runs upwards, 90° to the right, 180° downwards, and the gradient line is long
    /// enough that its ends touch the box's corners.
    func fill(_ fill: Fill, bounds: Rect) {
        switch fill {
        case .color(let color):
            setColor(color)
            self.fill()
        case .gradient(let from, let to, let angle):
            let radians = angle * .pi / 180
            let direction = Point(x: sin(radians), y: -cos(radians))
            let half = (abs(bounds.width * direction.x) + abs(bounds.height * direction.y)) / 2
            let center = Point(x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2)
            fillLinearGradient(
                from: from, to: to, x0: center.x - direction.x * half, y0: center.y - direction.y * half,
                x1: center.x + direction.x * half, y1: center.y + direction.y * half)
        }
    }
}
