import Graphics

/// The markers in z-order, those that reach the canvas: pins, images and icon views, each at its opacity.
struct MarkerLayer: MapLayer {
    let markers: [PlacedMarker]

    func draw(in context: DrawingContext, _ drawing: MapLayerDrawing) throws(InfoWinError) {
        for marker in markers where marker.bounds.intersects(drawing.canvas) {
            try drawing.cancellation.check(drawing.file, before: "drawing a marker")
            draw(marker, in: context)
        }
    }

    /// Draws a marker's icon at its opacity as one layer no larger than what it draws, `frames` and a
    /// margin for the pins' strokes and anti-aliasing: a layer per translucent marker the size of the
    /// canvas was a pass over the whole canvas each (150 on an 8192-pixel canvas took 11 s).
    private func fade(_ marker: PlacedMarker, drawingIn frames: [Rect], in context: DrawingContext, _ body: () -> Void) {
        guard marker.opacity < 1 else { return body() }
        let margin = 4.0
        let box = Rect(bounding: frames.flatMap { [Point(x: $0.x, y: $0.y), Point(x: $0.maxX, y: $0.maxY)] })
        context.withSavedState {
            context.clip(toPixelsAround: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin)
            context.withOpacityGroup(marker.opacity, body)
        }
    }

    /// The box of a view and of every view in it: views draw inside their boxes (text and images are cut
    /// to them), but an offset child may sit outside its parent's.
    private static func frames(in view: PlacedView) -> [Rect] {
        guard case .stack(let children) = view.content else { return [view.frame] }
        return [view.frame] + children.flatMap(frames)
    }

    private func draw(_ marker: PlacedMarker, in context: DrawingContext) {
        guard marker.opacity > 0 else { return }
        context.withSavedState {
            let t = marker.transform
            context.transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
            switch marker.icon {
            case .pin(let pin):
                fade(marker, drawingIn: [Rect(x: 0, y: 0, width: marker.size.width, height: marker.size.height)], in: context) {
                    PinPainter.draw(pin, in: context)
                }
            case .image(let image, let imageScale):
                context.drawImage(image, scale: 1 / imageScale, opacity: marker.opacity)
            case .view(let view, let clipsToBounds):
                // `UIView.clipsToBounds`, as the SDK sets it on an iconView: nothing outside the icon's frame.
                // Views draw inside their boxes, so only children moved out (`offset`) need the clip.
                let frame = Rect(x: 0, y: 0, width: marker.size.width, height: marker.size.height)
                let clips = clipsToBounds && !frame.contains(view.drawnBounds)
                fade(marker, drawingIn: clips ? [frame] : Self.frames(in: view), in: context) {
                    context.withSavedState {
                        if clips {
                            context.addRoundedRect(frame, radius: 0)
                            context.clip()
                        }
                        ViewPainter.draw(view, in: context, textBounds: clipsToBounds ? frame : nil)
                    }
                }
            }
        }
    }
}
