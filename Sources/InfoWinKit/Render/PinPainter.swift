#if canImport(Glibc)
import Glibc
#endif
import Graphics

/// Draws a look's default pin in its own box (`PinArt.size`), its tip at the bottom centre, as vectors.
enum PinPainter {
    /// A laid-out pin: its art in its colours at its scale, then its text or image glyph.
    static func draw(_ pin: PlacedPin, in context: DrawingContext) {
        context.withSavedState {
            if pin.scale != 1 { context.scale(by: pin.scale) }
            draw(pin.art, colors: pin.colors, in: context)
            switch pin.glyph {
            case .text(let text)?:
                text.draw(in: context, within: Rect(x: 0, y: 0, width: pin.art.size.width, height: pin.art.size.height))
            case .image(let image, let drawn)?:
                context.drawImage(image, x: drawn.x, y: drawn.y, width: drawn.width, height: drawn.height)
            case nil:
                break
            }
        }
    }

    static func draw(_ art: PinArt, colors: PinColors, in context: DrawingContext) {
        switch art {
        case .iosPin: drawIOSPin(colors, in: context)
        case .teardrop: drawTeardrop(colors, in: context)
        case .balloon: drawBalloon(colors, in: context)
        }
        if let dot = colors.dot {
            let head = art.head
            context.arc(centerX: head.center.x, centerY: head.center.y, radius: head.dotRadius, from: 0, to: 2 * .pi)
            context.setColor(dot)
            context.fill()
        }
    }

    /// The iOS pin: a white outline shape (the border), the fill inset 1 pt in it (the rim); the dot is
    /// 8 pt across, centred 13 pt from the top. The head is a circle of the box's width; from 30° below its middle
    /// the sides curve in to a 3.4 pt neck 33 pt from the top, and a thin stem tapers to the tip.
    private static func drawIOSPin(_ colors: PinColors, in context: DrawingContext) {
        let rim = 1.0
        addIOSOutline(to: context, inset: 0)
        context.setColor(colors.border)
        context.fill()
        addIOSOutline(to: context, inset: rim)
        context.setColor(colors.fill)
        context.fill()
        context.newPath()
    }

    /// The iOS pin's outline moved `inset` points inwards, as a new path.
    private static func addIOSOutline(to context: DrawingContext, inset: Double) {
        let center = 13.0, radius = 13 - inset
        let departure = 30 * Double.pi / 180
        let neckY = 33.0, neckHalfWidth = 1.7 - inset
        let stemY = 39.6 - 1.5 * inset, stemHalfWidth = max(1.1 - inset, 0.05)
        let tipY = 41 - 2 * inset
        let side = Point(x: radius * cos(departure), y: center + radius * sin(departure))
        let tangent = Point(x: -sin(departure), y: cos(departure))
        context.newPath()
        context.move(toX: center, y: tipY)
        // Left half, from the tip up to the head.
        context.curve(c1x: center - stemHalfWidth * 0.6, c1y: tipY, c2x: center - stemHalfWidth, c2y: stemY + 0.5,
                      toX: center - stemHalfWidth, y: stemY)
        context.line(toX: center - neckHalfWidth, y: neckY)
        context.curve(c1x: center - neckHalfWidth, c1y: neckY - 4, c2x: center - side.x - 6 * tangent.x, c2y: side.y + 6 * tangent.y,
                      toX: center - side.x, y: side.y)
        context.arc(centerX: center, centerY: center, radius: radius, from: .pi - departure, to: 2 * .pi + departure)
        // Right half, mirrored, from the head down to the tip.
        context.curve(c1x: center + side.x + 6 * tangent.x, c1y: side.y + 6 * tangent.y, c2x: center + neckHalfWidth, c2y: neckY - 4,
                      toX: center + neckHalfWidth, y: neckY)
        context.line(toX: center + stemHalfWidth, y: stemY)
        context.curve(c1x: center + stemHalfWidth, c1y: stemY + 0.5, c2x: center + stemHalfWidth * 0.6, c2y: tipY,
                      toX: center, y: tipY)
        context.closePath()
    }

    /// Android's marker: a teardrop whose head is a circle, a darker outline (and a dark dot).
    private static func drawTeardrop(_ colors: PinColors, in context: DrawingContext) {
        let size = PinArt.teardrop.size
        let outline = 1.0
        let radius = size.width / 2 - outline / 2
        let centerX = size.width / 2, centerY = size.width / 2
        let tipY = size.height - outline / 2
        context.newPath()
        context.move(toX: centerX, y: tipY)
        context.curve(
            c1x: centerX - 2, c1y: tipY - 9, c2x: centerX - radius, c2y: centerY + radius * 0.72,
            toX: centerX - radius, y: centerY)
        context.arc(centerX: centerX, centerY: centerY, radius: radius, from: .pi, to: 2 * .pi)
        context.curve(
            c1x: centerX + radius, c1y: centerY + radius * 0.72, c2x: centerX + 2, c2y: tipY - 9,
            toX: centerX, y: tipY)
        context.closePath()
        context.setColor(colors.fill)
        context.fill(preserve: true)
        context.setColor(colors.border)
        context.stroke(width: outline)
    }

    /// The JavaScript pin: a round head whose sides run straight to the tip and a 1 pt border (the dot
    /// is 10 pt across).
    private static func drawBalloon(_ colors: PinColors, in context: DrawingContext) {
        let size = PinArt.balloon.size
        let border = 1.0
        let center = size.width / 2, radius = size.width / 2 - border / 2
        let tipY = size.height - border
        // The sides are the tangents from the tip to the head's circle.
        let distance = tipY - center
        let angle = asin(radius / distance)
        let touch = Point(x: radius * cos(angle), y: center + radius * sin(angle))
        context.newPath()
        context.move(toX: center, y: tipY)
        context.line(toX: center - touch.x, y: touch.y)
        context.arc(centerX: center, centerY: center, radius: radius, from: .pi - angle, to: 2 * .pi + angle)
        context.closePath()
        context.setColor(colors.fill)
        context.fill(preserve: true)
        context.setColor(colors.border)
        context.stroke(width: border)
    }
}
