import Graphics

/// Where a window's shadow mask lies and how much it is blurred: the Gaussian the mask is blurred with,
/// and the mask's rectangle in canvas points (before the shadow's offset), cut to what can reach the
/// visible canvas. Shared by the painter and by the budget that refuses a shadow too costly to draw.
struct ShadowGeometry {
    /// The blur's standard deviation in mask pixels (points).
    let sigma: Double
    /// The mask's rectangle: whole pixels from the uncut mask's origin, so that cutting it changes no
    /// pixel that is drawn; nil when none of it reaches the visible canvas.
    let maskArea: Rect?

    /// The shadow of `window`'s body and tail grown by its spread.
    init(shadow: ShadowStyle, window: PlacedWindow, visible: Rect) {
        self.init(shadow: shadow, shape: window.shapeBounds(grownBy: shadow.spread), visible: visible)
    }

    init(shadow: ShadowStyle, shape: Rect, visible: Rect) {
        // The mask is drawn with one pixel per point and scaled up with bilinear filtering: its edge's
        // coverage (a box, variance 1/12) and the filter (a triangle, variance 1/6) widen the blur, so
        // the Gaussian itself is narrowed by as much.
        let requested = shadow.blur / 2
        sigma = (max(requested * requested - 0.25, requested * requested / 4)).squareRoot()
        let margin = (3 * sigma).rounded(.up) + 1
        let whole = Rect(x: shape.x - margin, y: shape.y - margin, width: shape.width + 2 * margin, height: shape.height + 2 * margin)
        // What the visible canvas sees of the mask (it is painted moved by the offset), with the blur's
        // reach and two pixels for the bilinear filter at the cut.
        let reach = max(margin, Double(ImageSurface.blurReach(sigma: sigma))) + 2
        let seen = Rect(
            x: visible.x - shadow.offsetX - reach, y: visible.y - shadow.offsetY - reach,
            width: visible.width + 2 * reach, height: visible.height + 2 * reach)
        let left = max(0, (seen.x - whole.x).rounded(.down)), top = max(0, (seen.y - whole.y).rounded(.down))
        let right = min(whole.width.rounded(.up), (seen.maxX - whole.x).rounded(.up))
        let bottom = min(whole.height.rounded(.up), (seen.maxY - whole.y).rounded(.up))
        maskArea = right > left && bottom > top
            ? Rect(x: whole.x + left, y: whole.y + top, width: right - left, height: bottom - top) : nil
    }

    /// Pixels of the mask blurred.
    var maskPixels: Double { maskArea.map { $0.width * $0.height } ?? 0 }
}

extension PlacedWindow {
    /// The body and the tail together, grown by `spread` on every side.
    func shapeBounds(grownBy spread: Double = 0) -> Rect {
        Rect(x: frame.x, y: frame.y, width: frame.width, height: max(frame.height, tailTip.y - frame.y)).outset(by: spread)
    }
}
