import Graphics

extension PlacedText {
    /// Where the text puts ink on the canvas.
    var inkFrame: Rect {
        let ink = layout.inkExtents
        return Rect(x: origin.x + ink.x, y: origin.y + ink.y, width: ink.width, height: ink.height)
    }

    /// Draws the text. Ink that would reach out of `bounds` (the window holding the text, an icon view that
    /// clips to its frame, a pin), such as thirty accents stacked on one letter, is cut at its pixels: the
    /// SDK draws a window's view into an image of the window's frame, so no text's ink ever shows outside
    /// it. Ink a little past the text's own frame inside it (an Arabic descender below its line) is drawn.
    /// Text whose ink is inside is drawn unclipped: a clip on whole pixels would change none of its pixels,
    /// and vectors keep no needless clip path.
    func draw(in context: DrawingContext, within bounds: Rect?) {
        guard let bounds, !bounds.contains(inkFrame) else {
            return layout.draw(in: context, x: origin.x, y: origin.y, color: color)
        }
        context.withSavedState {
            context.clip(toPixelsAround: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height)
            layout.draw(in: context, x: origin.x, y: origin.y, color: color)
        }
    }
}
