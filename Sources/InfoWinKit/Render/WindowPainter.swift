import Graphics

/// Draws an info window: the shadow, the body with its tail as one shape (filled, outlined), then what
/// it holds (the default title and snippet, or a custom view).
struct WindowPainter {
    let window: PlacedWindow
    /// The part of the canvas that is drawn, in points: a shadow's mask is blurred only around it.
    let visible: Rect
    /// Asked between the steps of the drawing: a render stopped (serve's deadline) stops here.
    var cancellation: RenderCancellation?

    /// Draws the window; false when the render was cancelled while its shadow was blurred (nothing more
    /// is drawn then).
    func draw(in context: DrawingContext) throws(GraphicsError) -> Bool {
        let chrome = window.chrome
        if let shadow = chrome.shadow {
            guard try drawShadow(shadow, in: context) else { return false }
        }
        if let fill = chrome.fill {
            addOutline(to: context)
            context.fill(fill, bounds: window.shapeBounds())
        }
        for text in [window.title, window.snippet].compactMap({ $0 }) {
            text.draw(in: context, within: window.frame)
        }
        if let view = window.view {
            ViewPainter.draw(view, in: context, withBox: window.kind != .window, textBounds: window.frame)
        }
        if let button = window.closeButton {
            drawCross(of: button, in: context)
        }
        if let border = chrome.border, border.width > 0 {
            addOutline(to: context)
            context.setColor(border.color)
            context.stroke(width: border.width)
        }
        return true
    }

    /// The body's rounded rectangle with the tail in the middle of its bottom edge, as one path; a shadow
    /// with a spread grows it by that much on every side (the tail's tip moves down as much).
    func addOutline(to context: DrawingContext, grownBy spread: Double = 0) {
        let body = window.frame
        let frame = body.outset(by: spread)
        let tail = window.chrome.tail ?? TailStyle(width: 0, height: 0)
        let radii = window.chrome.cornerRadius.grown(by: spread)
        let middle = body.x + body.width / 2
        let halfTail = min(tail.width / 2, middle - frame.x - frame.clampedRadius(radii.bottomLeft),
                           frame.maxX - frame.clampedRadius(radii.bottomRight) - middle)
        context.newPath()
        context.move(toX: frame.x + frame.clampedRadius(radii.topLeft), y: frame.y)
        context.addCorners(of: frame, radii: radii) {
            if tail.height > 0 && halfTail > 0 {
                context.line(toX: middle + halfTail, y: frame.maxY)
                context.line(toX: window.tailTip.x, y: window.tailTip.y + spread)
                context.line(toX: middle - halfTail, y: frame.maxY)
            }
        }
        context.closePath()
    }

    /// Blurs the window's shape in an alpha mask at one pixel per point (a blur looks the same at any
    /// resolution, and 2× costs four times as much) and paints the shadow colour through it, scaled up.
    /// Only the part of the mask that can reach the visible canvas is made and blurred: a window far
    /// larger than the canvas costs what the canvas does. False when cancelled while blurring.
    private func drawShadow(_ shadow: ShadowStyle, in context: DrawingContext) throws(GraphicsError) -> Bool {
        let geometry = ShadowGeometry(shadow: shadow, window: window, visible: visible)
        guard let area = geometry.maskArea else { return true }
        let mask = try ImageSurface(width: Int(area.width), height: Int(area.height), format: .a8)
        let maskContext = DrawingContext(surface: mask)
        maskContext.translate(x: -area.x, y: -area.y)
        addOutline(to: maskContext, grownBy: shadow.spread)
        maskContext.setColor(RGBA(red: 0, green: 0, blue: 0))
        maskContext.fill()
        guard mask.blurAlpha(sigma: geometry.sigma, isCancelled: { cancellation?.isCancelled ?? false }) else { return false }
        context.paint(shadow.color, mask: mask, x: area.x + shadow.offsetX, y: area.y + shadow.offsetY, scale: 1)
        return true
    }

    /// The close button's × in the middle of its square.
    private func drawCross(of button: PlacedCloseButton, in context: DrawingContext) {
        let half = button.style.crossSize / 2
        let center = Point(x: button.frame.x + button.frame.width / 2, y: button.frame.y + button.frame.height / 2)
        context.newPath()
        context.move(toX: center.x - half, y: center.y - half)
        context.line(toX: center.x + half, y: center.y + half)
        context.move(toX: center.x + half, y: center.y - half)
        context.line(toX: center.x - half, y: center.y + half)
        context.setColor(button.style.color)
        context.stroke(width: button.style.lineWidth)
    }
}
