#if canImport(Glibc)
import Glibc
#endif
import Graphics

extension DrawingContext {
    /// Adds a rectangle with corners rounded by `radius` (at most half its shorter side) as a new path.
    func addRoundedRect(_ rect: Rect, radius: Double) {
        addRoundedRect(rect, radii: CornerRadii(uniform: radius))
    }

    /// Adds a rectangle with each corner rounded by its own radius (at most half the shorter side) as a
    /// new path.
    func addRoundedRect(_ rect: Rect, radii: CornerRadii) {
        newPath()
        let topLeft = rect.clampedRadius(radii.topLeft)
        move(toX: rect.x + topLeft, y: rect.y)
        addCorners(of: rect, radii: radii, bottomEdge: {})
        closePath()
    }

    /// From the top edge, clockwise, every corner of `rect` but the top-left one's arc (the path is
    /// left at that corner's start, ready to close); `bottomEdge` draws what lies between the
    /// bottom-right and bottom-left corners (a window's tail).
    func addCorners(of rect: Rect, radii: CornerRadii, bottomEdge: () -> Void) {
        let topRight = rect.clampedRadius(radii.topRight), bottomRight = rect.clampedRadius(radii.bottomRight)
        let bottomLeft = rect.clampedRadius(radii.bottomLeft), topLeft = rect.clampedRadius(radii.topLeft)
        arc(centerX: rect.maxX - topRight, centerY: rect.y + topRight, radius: topRight, from: -.pi / 2, to: 0)
        arc(centerX: rect.maxX - bottomRight, centerY: rect.maxY - bottomRight, radius: bottomRight, from: 0, to: .pi / 2)
        bottomEdge()
        arc(centerX: rect.x + bottomLeft, centerY: rect.maxY - bottomLeft, radius: bottomLeft, from: .pi / 2, to: .pi)
        arc(centerX: rect.x + topLeft, centerY: rect.y + topLeft, radius: topLeft, from: .pi, to: 1.5 * .pi)
    }

    /// Runs `body` with what it draws faded to `opacity` as one layer, the layer no larger than `bounds`
    /// (a whole-canvas layer per faded view would cost a pass over the canvas each).
    func withOpacity(_ opacity: Double, within bounds: Rect, _ body: () -> Void) {
        guard opacity < 1 else { return body() }
        withSavedState {
            addRoundedRect(bounds.outset(by: 1), radius: 0)
            clip()
            withOpacityGroup(opacity, body)
        }
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

extension Rect {
    /// `radius` limited to half the shorter side, never below zero.
    func clampedRadius(_ radius: Double) -> Double {
        max(0, min(radius, width / 2, height / 2))
    }

    /// This rectangle grown by `length` on every side.
    func outset(by length: Double) -> Rect {
        Rect(x: x - length, y: y - length, width: width + 2 * length, height: height + 2 * length)
    }
}
