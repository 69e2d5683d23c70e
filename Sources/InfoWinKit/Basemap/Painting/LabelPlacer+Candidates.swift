extension LabelPlacer {
    /// Every place a symbol layer's labels may go, from every tile (in the tiles' order, then the
    /// features'), as MapLibre finds them: a point feature's points, a polygon's pole of inaccessibility and
    /// a line's first point for `point` placement (each only in its own tile's square: a point in a
    /// neighbour's buffer is the neighbour's); each line (a polygon's rings too) for `line` and `line-center`;
    /// in every copy of the world the canvas shows; for `line`, the pieces of one name that meet joined first
    /// (`LabelLineMerger`).
    /// `budget` is what is left of the picture's `candidateLimit`, spent as candidates are found.
    /// A feature's icon goes with its text at every anchor (along lines too); an image the sprite lacks is
    /// noted in `missing`.
    func candidates(
        of layer: StyleLayer, index layerIndex: Int, budget: inout Int, warnings: inout BasemapWarnings, missing: inout MissingSpriteImages
    ) -> [LabelCandidate] {
        guard let sourceLayer = layer.sourceLayer else { return [] }
        var found: [LabelCandidate] = []
        var sequence = 0
        for id in tiles.keys.sorted() {
            guard let data = tiles[id]?.layer(named: sourceLayer) else { continue }
            // Each copy of the world the canvas shows has its own labels, as MapLibre's.
            let placements = view.placements(of: id, extent: data.extent)
            var symbols: [(feature: VectorTileFeature, text: String, style: LabelStyle, icon: LabelIcon?)] = []
            for feature in data.features where painter.passes(layer, feature) {
                let properties = FeatureProperties(layer, zoom: view.styleZoom, feature: LabelText.feature(feature, in: language))
                var text = LabelText.resolve(properties.value("text-field"), transform: properties.string("text-transform"))
                let style = LabelStyle(properties, fallbackFamily: fallbackFamily)
                if style.size <= 0 || !text.contains(where: { !$0.isWhitespace }) { text = "" }
                let icon = properties.isGiven("icon-image") ? LabelIcon(properties, layer: layer, missing: &missing) : nil
                guard !text.isEmpty || icon != nil else { continue }
                symbols.append((feature, text, style, icon))
            }
            // As MapLibre's: pieces of a street of one name that meet are one line for `line` placement.
            let merged = symbols.first?.style.placement == .line
                ? LabelLineMerger.merge(symbols.map { ($0.feature.kind == .lineString ? $0.text : "", $0.feature.geometry.first ?? []) }) : nil
            for (index, symbol) in symbols.enumerated() {
                var feature = symbol.feature
                if let merged {
                    guard let line = merged[index] else { continue }
                    if !feature.geometry.isEmpty { feature.geometry[0] = line }
                }
                for site in placements.flatMap({ sites(of: feature, placement: $0, style: symbol.style) }) {
                    guard budget > 0 else {
                        warnings.add("layer \(layer.id): more than \(Self.candidateLimit) label candidates in one picture; the rest are not placed")
                        return found
                    }
                    budget -= 1
                    found.append(LabelCandidate(
                        layerIndex: layerIndex, layer: layer, text: symbol.text, style: symbol.style, icon: symbol.icon, site: site,
                        featureID: feature.id, sequence: sequence))
                    sequence += 1
                }
            }
        }
        return found
    }

    private func sites(of feature: VectorTileFeature, placement: TilePlacement, style: LabelStyle) -> [LabelCandidate.Site] {
        switch style.placement {
        case .line, .lineCenter:
            guard feature.kind == .lineString || feature.kind == .polygon else { return [] }
            return feature.geometry.compactMap { part in
                var part = part
                if feature.kind == .polygon, let first = part.first { part.append(first) }
                guard part.count >= 2 else { return nil }
                return .line(LabelPath(canvas: part.map(placement.canvasPoint), tile: part), placement: placement)
            }
        case .point:
            let anchors: [Point] = switch feature.kind {
            case .point: Array(feature.geometry.joined())
            case .lineString: feature.geometry.compactMap(\.first)
            case .polygon: Self.polygons(feature.geometry).compactMap { PoleOfInaccessibility.find(rings: $0, precision: 16) }
            case .unknown: []
            }
            return anchors.filter(placement.holds).map { .point(placement.canvasPoint($0)) }
        }
    }

    /// A polygon feature's rings grouped into polygons: each exterior ring (positive area, y down) with the
    /// holes after it.
    static func polygons(_ rings: [[Point]]) -> [[[Point]]] {
        var polygons: [[[Point]]] = []
        for ring in rings where ring.count >= 3 {
            var area = 0.0
            var previous = ring[ring.count - 1]
            for point in ring {
                area += previous.x * point.y - point.x * previous.y
                previous = point
            }
            if area > 0 || polygons.isEmpty { polygons.append([ring]) } else { polygons[polygons.count - 1].append(ring) }
        }
        return polygons
    }
}
