import Graphics

/// Draws laid-out custom views: background, content clipped to rounded corners, then the border on top.
enum ViewPainter {
    /// Draws `view`; `withBox` false leaves out its background and border (a window root's frame draws them).
    /// Its texts' ink is cut at `textBounds` (the window's frame, a clipping icon's), when given.
    static func draw(_ view: PlacedView, in context: DrawingContext, withBox: Bool = true, textBounds: Rect? = nil) {
        let modifiers = view.modifiers
        guard modifiers.opacity > 0 else { return }
        context.withOpacity(modifiers.opacity, within: view.drawnBounds) {
            context.withSavedState {
                if withBox, let background = modifiers.background {
                    context.addRoundedRect(view.frame, radii: modifiers.cornerRadius)
                    context.fill(background, bounds: view.frame)
                }
                context.withSavedState {
                    if !modifiers.cornerRadius.isZero || view.clipsContent {
                        context.addRoundedRect(view.frame, radii: modifiers.cornerRadius)
                        context.clip()
                    }
                    drawContent(view, in: context, textBounds: textBounds)
                }
                if withBox, let border = modifiers.border, border.width > 0 {
                    let half = border.width / 2
                    let inset = Rect(x: view.frame.x + half, y: view.frame.y + half, width: view.frame.width - border.width, height: view.frame.height - border.width)
                    context.addRoundedRect(inset, radii: modifiers.cornerRadius.shrunk(by: half))
                    context.setColor(border.color)
                    context.stroke(width: border.width)
                }
            }
        }
    }

    private static func drawContent(_ view: PlacedView, in context: DrawingContext, textBounds: Rect?) {
        switch view.content {
        case .text(let text):
            text.draw(in: context, within: textBounds)
        case .image(let image, let drawn):
            context.withSavedState {
                context.addRoundedRect(view.contentFrame, radius: 0)
                context.clip()
                context.drawImage(image, x: drawn.x, y: drawn.y, width: drawn.width, height: drawn.height)
            }
        case .stack(let children):
            for child in children { draw(child, in: context, textBounds: textBounds) }
        case .divider(let color):
            context.addRoundedRect(view.contentFrame, radius: 0)
            context.setColor(color)
            context.fill()
        case .empty:
            break
        }
    }
}
