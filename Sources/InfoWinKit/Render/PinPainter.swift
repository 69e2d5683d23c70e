import Graphics

/// Draws the default pin in its own 27 × 43 pt box: a teardrop whose head is a circle, with a darker
/// outline and a dark dot, its tip at the bottom centre.
enum PinPainter {
    static func draw(color: RGBA, in context: DrawingContext) {
        let width = DefaultPin.size.width, height = DefaultPin.size.height
        let outline = 1.0
        let radius = width / 2 - outline / 2
        let centerX = width / 2, centerY = width / 2
        let tipY = height - outline / 2
        context.move(toX: centerX, y: tipY)
        context.curve(
            c1x: centerX - 2, c1y: tipY - 9, c2x: centerX - radius, c2y: centerY + radius * 0.72,
            toX: centerX - radius, y: centerY)
        context.arc(centerX: centerX, centerY: centerY, radius: radius, from: .pi, to: 2 * .pi)
        context.curve(
            c1x: centerX + radius, c1y: centerY + radius * 0.72, c2x: centerX + 2, c2y: tipY - 9,
            toX: centerX, y: tipY)
        context.closePath()
        context.setColor(color)
        context.fill(preserve: true)
        context.setColor(color.darkened(by: 0.25))
        context.stroke(width: outline)
        context.arc(centerX: centerX, centerY: centerY, radius: 4.5, from: 0, to: 2 * .pi)
        context.setColor(color.darkened(by: 0.6))
        context.fill()
    }
}
