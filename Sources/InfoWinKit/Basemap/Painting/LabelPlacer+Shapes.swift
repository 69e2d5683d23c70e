#if canImport(Glibc)
import Glibc
#endif
import Graphics

/// A label shaped at one anchor: the boxes of its text that must not collide (none for an icon alone) and
/// what is drawn (its icon's frame, turned with a line, is the icon's box).
struct ShapedLabel {
    let boxes: [Rect]
    let placed: PlacedBasemapLabel
}

extension LabelPlacer {
    /// The label at each of a candidate's anchors (one for a point; along a line, every `symbol-spacing`
    /// or its middle), with its icon, in the order they are tried.
    func shapes(of candidate: LabelCandidate, shaper: inout LabelShaper, lineAnchors: inout [String: [Point]]) -> [ShapedLabel] {
        let style = candidate.style
        switch candidate.site {
        case .point(let anchor):
            let icon = candidate.icon?.placed(at: anchor, mapTurn: -view.bearing * .pi / 180)
            guard !candidate.text.isEmpty else { return icon.map { [iconAlone(candidate)($0)] } ?? [] }
            let layout = shaper.block(candidate.text, style: style)
            let extents = layout.extents
            let fraction = style.anchorFraction
            let frame = Rect(
                x: anchor.x + style.offset.x - fraction.x * extents.width, y: anchor.y + style.offset.y - fraction.y * extents.height,
                width: extents.width, height: extents.height)
            let origin = Point(x: frame.x - extents.x, y: frame.y - extents.y)
            return [ShapedLabel(boxes: [frame], placed: placed(candidate, frame: frame, shape: .point(layout, origin: origin), icon: icon))]
        case .line(let path, let placement):
            let hasText = !candidate.text.isEmpty
            let layout = hasText ? shaper.line(candidate.text, style: style) : nil
            let clusters = layout?.glyphClusters ?? []
            let textLength = layout?.extents.width ?? 0
            if hasText, clusters.isEmpty || textLength <= 0 { return [] }
            // As MapLibre's anchors: room on the line for the longer of the text and the icon.
            let length = max(textLength, candidate.icon?.lengthAlongLine(textSize: style.size) ?? 0)
            guard length > 0 else { return [] }
            let window = style.size * 3 / 5
            let accept = { (distance: Double) -> Bool in
                guard placement.holds(path.position(at: distance).tile) else { return false }
                // MapLibre checks the line's bends under text only; an icon alone needs only room on the line.
                return hasText ? path.bendsGently(around: distance, labelLength: length, window: window, maxAngle: style.maxAngle)
                    : distance >= length / 2 && distance + length / 2 <= path.length
            }
            let anchors: [Double] = switch style.placement {
            case .lineCenter: accept(path.length / 2) ? [path.length / 2] : []
            default: path.repeatedAnchors(
                spacing: style.spacing * placement.pixelScale, labelLength: length, extent: placement.extent, textSize: style.size,
                overscaling: placement.overscaling, accept: accept)
            }
            // As MapLibre's: the same text again within half a spacing of an anchor already found is dropped.
            let repeatDistance = style.spacing * placement.pixelScale / 2
            return anchors.compactMap { distance in
                let position = path.position(at: distance)
                // The icon turns with the line's segment under the anchor, not flipped unless
                // `icon-keep-upright` (false by default): a one-way arrow points the way the line runs.
                let icon = candidate.icon?.placed(at: position.canvas, lineAngle: position.angle)
                guard let layout else { return icon.map(iconAlone(candidate)) }
                let key = candidate.text, point = position.canvas
                if lineAnchors[key, default: []].contains(where: { hypot($0.x - point.x, $0.y - point.y) < repeatDistance }) { return nil }
                lineAnchors[key, default: []].append(point)
                return alongLine(candidate, layout: layout, clusters: clusters, path: path, anchor: distance, icon: icon)
            }
        }
    }

    /// A symbol of an icon and no text, its icon's frame its frame.
    private func iconAlone(_ candidate: LabelCandidate) -> (PlacedSymbolIcon) -> ShapedLabel {
        { icon in ShapedLabel(boxes: [], placed: placed(candidate, frame: icon.frame, shape: nil, icon: icon)) }
    }

    /// The label with its glyph clusters along `path`, centred `anchor` along it; flipped to read left to
    /// right when the line runs right to left; nil when a glyph would fall off the line's ends.
    private func alongLine(
        _ candidate: LabelCandidate, layout: TextLayout, clusters: [GlyphCluster], path: LabelPath, anchor: Double, icon: PlacedSymbolIcon?
    ) -> ShapedLabel? {
        let style = candidate.style
        let extents = layout.extents
        let length = extents.width
        let start = path.position(at: anchor - length / 2).canvas, end = path.position(at: anchor + length / 2).canvas
        let flipped = end.x < start.x
        let top = -extents.height / 2 + style.offset.y
        let baseline = top + layout.baseline - extents.y
        var glyphs: [(cluster: GlyphCluster, transform: AffineTransform)] = []
        var boxes: [Rect] = []
        for cluster in clusters {
            let middle = cluster.x - extents.x + cluster.advance / 2 - length / 2 + style.offset.x
            let along = flipped ? anchor - middle : anchor + middle
            guard along >= 0, along <= path.length else { return nil }
            let position = path.position(at: along)
            let angle = position.angle + (flipped ? .pi : 0)
            let turn = AffineTransform.rotation(degrees: angle * 180 / .pi).then(.translation(x: position.canvas.x, y: position.canvas.y))
            glyphs.append((cluster, AffineTransform.translation(x: -cluster.advance / 2, y: baseline).then(turn)))
            let corners = [
                Point(x: -cluster.advance / 2, y: top), Point(x: cluster.advance / 2, y: top),
                Point(x: -cluster.advance / 2, y: top + extents.height), Point(x: cluster.advance / 2, y: top + extents.height),
            ].map(turn.apply)
            boxes.append(Rect(bounding: corners))
        }
        let frame = boxes.dropFirst().reduce(boxes[0]) { $0.union($1) }
        return ShapedLabel(boxes: boxes, placed: placed(candidate, frame: frame, shape: .line(layout, glyphs: glyphs), icon: icon))
    }

    private func placed(_ candidate: LabelCandidate, frame: Rect, shape: PlacedBasemapLabel.Shape?, icon: PlacedSymbolIcon? = nil) -> PlacedBasemapLabel {
        PlacedBasemapLabel(
            text: candidate.text, layer: candidate.layer.id, frame: frame, layerIndex: candidate.layerIndex, shape: shape, icon: icon,
            color: candidate.style.color, haloColor: candidate.style.haloColor, haloWidth: candidate.style.haloWidth)
    }
}
