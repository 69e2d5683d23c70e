/// The style's `layers`: each of the subset's types is read with its filter and properties; anything
/// else is a warning naming the layer and what is not drawn.
extension MapStyleReader {
    mutating func readLayers(_ json: JSONValue, sources: [MapStyleSource]) throws(InfoWinError) -> [StyleLayer] {
        let path = JSONPath.root.appending("layers")
        guard case .array(let elements) = json.kind else { throw mismatch(json, path, expected: "an array of layers") }
        guard elements.count <= Self.layerLimit else {
            throw failure(path, "the style has \(Format.grouped(elements.count)) layers: at most \(Format.grouped(Self.layerLimit))")
        }
        var layers: [StyleLayer] = []
        var ids: Set<String> = []
        for (index, element) in elements.enumerated() {
            let layerPath = path.appending(index)
            guard case .object(let members) = element.kind else { throw mismatch(element, layerPath, expected: "a layer (an object)") }
            guard let idJSON = members.first(where: { $0.key == "id" })?.value else { throw failure(layerPath, "expected an \"id\", got none") }
            guard case .string(let id) = idJSON.kind else { throw mismatch(idJSON, layerPath.appending("id"), expected: "a string") }
            guard ids.insert(id).inserted else { throw failure(layerPath.appending("id"), "the layer id \(JSONWriter.quoted(id.abbreviated(60))) is given twice") }
            if let layer = try readLayer(id, members, layerPath, sources: sources) { layers.append(layer) }
        }
        return layers
    }

    private mutating func readLayer(_ id: String, _ members: [JSONMember], _ path: JSONPath, sources: [MapStyleSource]) throws(InfoWinError) -> StyleLayer? {
        let subject = "layer \(JSONWriter.quoted(id.abbreviated(60)))"
        if members.contains(where: { $0.key == "ref" }) {
            warn(subject, "\"ref\" (a layer sharing another's properties) is not read: the layer is not drawn")
            return nil
        }
        guard let typeJSON = members.first(where: { $0.key == "type" })?.value else { throw failure(path, "expected a \"type\", got none") }
        guard case .string(let typeName) = typeJSON.kind else { throw mismatch(typeJSON, path.appending("type"), expected: "a string") }
        guard let type = StyleLayerType(rawValue: typeName) else {
            warn(subject, "layer type \(JSONWriter.quoted(typeName.abbreviated(60))) is not drawn")
            return nil
        }
        var layer = StyleLayer(id: id, type: type)
        var filterJSON: (JSONValue, JSONPath)?
        var properties: [(StyleProperty.Group, JSONValue, JSONPath)] = []
        for member in members {
            let memberPath = path.appending(member.key)
            switch member.key {
            case "id", "type", "metadata": break
            case "source":
                guard case .string(let source) = member.value.kind else { throw mismatch(member.value, memberPath, expected: "a string") }
                layer.source = source
            case "source-layer":
                guard case .string(let sourceLayer) = member.value.kind else { throw mismatch(member.value, memberPath, expected: "a string") }
                layer.sourceLayer = sourceLayer
            case "minzoom", "maxzoom":
                guard case .number(let zoom) = member.value.kind, (0...24).contains(zoom) else { throw mismatch(member.value, memberPath, expected: "a zoom from 0 to 24") }
                if member.key == "minzoom" { layer.minZoom = zoom } else { layer.maxZoom = zoom }
            case "filter": filterJSON = (member.value, memberPath)
            case "paint": properties.append((.paint, member.value, memberPath))
            case "layout": properties.append((.layout, member.value, memberPath))
            default: warn(subject, "\(JSONWriter.quoted(member.key.abbreviated(60))) is not read")
            }
        }
        guard try checkSource(layer, subject, path, sources: sources) else { return nil }
        if let (json, filterPath) = filterJSON {
            do {
                layer.filter = try parser.parseFilter(json, at: filterPath)
            } catch {
                guard case .unsupported(_, let name) = error else { throw failure(error) }
                warn(subject, "the filter uses \(JSONWriter.quoted(name)), which infowin does not evaluate: the layer is not drawn")
                return nil
            }
        }
        for (group, json, groupPath) in properties {
            try readProperties(group, json, groupPath, into: &layer, subject: subject)
        }
        return layer
    }

    /// Checks the layer's source and source layer: false (with a warning) when its source is not drawn.
    private mutating func checkSource(_ layer: StyleLayer, _ subject: String, _ path: JSONPath, sources: [MapStyleSource]) throws(InfoWinError) -> Bool {
        guard layer.type != .background else { return true }
        guard let name = layer.source else { throw failure(path, "expected a \"source\" for a \(layer.type.rawValue) layer, got none") }
        guard let source = sources.first(where: { $0.name == name }) else {
            if warnings.contains(where: { $0.hasPrefix("\(file): source \(JSONWriter.quoted(name.abbreviated(60))):") }) {
                warn(subject, "its source \(JSONWriter.quoted(name.abbreviated(60))) is not drawn, nor is the layer")
                return false
            }
            throw failure(path.appending("source"), "no source is named \(JSONWriter.quoted(name.abbreviated(60))) in \"sources\"")
        }
        switch (layer.type, source.kind) {
        case (.raster, .raster): return true
        case (.raster, .vector), (_, .raster):
            throw failure(path.appending("source"), "a \(layer.type.rawValue) layer needs a \(layer.type == .raster ? "raster" : "vector") source, and \(JSONWriter.quoted(name.abbreviated(60))) is \(source.kind.rawValue)")
        default:
            guard layer.sourceLayer != nil else { throw failure(path, "expected a \"source-layer\" for a layer of the vector source \(JSONWriter.quoted(name.abbreviated(60))), got none") }
            return true
        }
    }

    private mutating func readProperties(_ group: StyleProperty.Group, _ json: JSONValue, _ path: JSONPath, into layer: inout StyleLayer, subject: String) throws(InfoWinError) {
        guard case .object(let members) = json.kind else { throw mismatch(json, path, expected: "an object of \(group.rawValue) properties") }
        for member in members {
            let memberPath = path.appending(member.key)
            if group == .layout, member.key == "visibility" {
                guard case .string(let visibility) = member.value.kind, visibility == "visible" || visibility == "none" else {
                    throw mismatch(member.value, memberPath, expected: "\"visible\" or \"none\"")
                }
                layer.isVisible = visibility == "visible"
                continue
            }
            // Transitions animate a change; a still picture shows where they end, which it draws.
            if group == .paint, member.key.hasSuffix("-transition") { continue }
            let name = JSONWriter.quoted(member.key.abbreviated(60))
            guard let property = StyleProperties.all[member.key], property.layerType == layer.type else {
                warn(subject, "\(group.rawValue) property \(name) is not drawn")
                continue
            }
            guard property.group == group else {
                warn(subject, "\(name) is a \(property.group.rawValue) property, not a \(group.rawValue) one: not drawn")
                continue
            }
            do {
                let expression = try parser.parseProperty(property, member.value, at: memberPath)
                if group == .paint { layer.paint[member.key] = expression } else { layer.layout[member.key] = expression }
            } catch {
                guard case .unsupported(_, let operatorName) = error else { throw failure(error) }
                warn(subject, "\(name) uses \(JSONWriter.quoted(operatorName)), which infowin does not evaluate: the property is not drawn")
            }
        }
    }

    /// An expression's fault as an error naming the style file and the JSON path.
    private func failure(_ issue: StyleExpressionIssue) -> InfoWinError {
        switch issue {
        case .invalid(let path, let message), .unsupported(let path, let message): failure(path, message)
        }
    }
}
