extension SpecDecoder {
    /// The most events a scenario may have.
    package static let eventLimit = 1000

    /// The events, in order. `set` events are checked as the marker they leave behind, so a later `set`
    /// starts from what the earlier ones made.
    func decodeEvents(
        _ value: JSONValue, _ path: JSONPath, markersJSON: [JSONValue], markers: [MarkerSpec], defaultWindow: InfoWindowSpec,
        canvas: Size
    ) throws(InfoWinError) -> [EventSpec] {
        var current: [String: [JSONMember]] = [:]
        for (json, marker) in zip(markersJSON, markers) {
            if case .object(let members) = json.kind { current[marker.id] = members }
        }
        let elements = try reader.array(value, path)
        guard elements.count <= Self.eventLimit else {
            throw reader.failure(path, "has \(elements.count) events, more than the limit of \(Self.eventLimit)")
        }
        var events: [EventSpec] = []
        for (index, event) in elements.enumerated() {
            let eventPath = path.appending(index)
            let action = try decodeEvent(event, eventPath, current: &current, defaultWindow: defaultWindow, canvas: canvas)
            events.append(EventSpec(action: action, source: eventPath))
        }
        return events
    }

    private func decodeEvent(
        _ value: JSONValue, _ path: JSONPath, current: inout [String: [JSONMember]], defaultWindow: InfoWindowSpec, canvas: Size
    ) throws(InfoWinError) -> EventAction {
        let kinds = SpecEventKind.names.joined(separator: ", ")
        guard case .object(let members) = value.kind else {
            throw reader.mismatch(value, path, expected: "an event: an object with one of \(kinds)")
        }
        let found = members.compactMap { SpecEventKind(rawValue: $0.key) }
        guard let kind = found.first else {
            let unknown = members.first.map { member in
                " (\(JSONWriter.quoted(member.key)) is not one)"
                    + (closestName(to: member.key, among: SpecEventKind.names).map { " (did you mean \(JSONWriter.quoted($0))?)" } ?? "")
            } ?? ""
            throw reader.failure(path, "an event needs one of \(kinds)\(unknown)")
        }
        guard found.count == 1 else {
            throw reader.failure(path, "an event does one thing, but this one has \(found.map(\.rawValue).joined(separator: " and "))")
        }
        let ids = Set(current.keys)
        let known = { (id: String, at: JSONPath) throws(InfoWinError) -> String in
            guard ids.contains(id) else { throw reader.failure(at, "no marker has the id \(JSONWriter.quoted(id))") }
            return id
        }
        var event = try reader.object(value, path, allowed: kind.allowedKeys)
        event.declaration = SpecDescription.event
        let handled = { () throws(InfoWinError) in try event.bool(SpecDescription.handled) }
        switch kind {
        case .tapMarker:
            let id = try event.required("tapMarker") { value, path throws(InfoWinError) in try known(try reader.string(value, path), path) }
            return .tapMarker(id, handled: try handled())
        case .tapMap:
            let point = try event.required("tapMap") { value, path throws(InfoWinError) in try canvasPoint(value, path, canvas: canvas) }
            return .tapMap(x: point.x, y: point.y, handled: try handled())
        case .longPressMap:
            let point = try event.required("longPressMap") { value, path throws(InfoWinError) in try canvasPoint(value, path, canvas: canvas) }
            return .longPressMap(x: point.x, y: point.y)
        case .moveCamera:
            return try decodeMoveCamera(event)
        case .pan:
            let shift = try event.required("pan") { value, path throws(InfoWinError) in
                let shift = try reader.object(value, path, declared: SpecDescription.pan)
                return Point(x: try shift.number("x"), y: try shift.number("y"))
            }
            return .pan(x: shift.x, y: shift.y)
        case .longPressInfoWindow:
            guard try event.required("longPressInfoWindow", reader.bool) else {
                throw reader.failure(path.appending("longPressInfoWindow"), "expected true")
            }
            return .longPressInfoWindow
        case .select:
            guard event.contains("select") else { throw reader.failure(path.appending("select"), "is required") }
            return .select(try event.optional("select") { value, path throws(InfoWinError) in try known(try reader.string(value, path), path) })
        case .set:
            return .set(try decodeSet(value, path.appending("set"), current: &current, defaultWindow: defaultWindow, known: known))
        }
    }

    /// `{ "x", "y" }` in points, on the canvas.
    private func canvasPoint(_ value: JSONValue, _ path: JSONPath, canvas: Size) throws(InfoWinError) -> Point {
        let point = try reader.object(value, path, allowed: SpecDescription.event.keys(of: "tapMap"))
        let x = try point.required("x") { value, path throws(InfoWinError) in try onCanvas(value, path, length: canvas.width) }
        let y = try point.required("y") { value, path throws(InfoWinError) in try onCanvas(value, path, length: canvas.height) }
        return Point(x: x, y: y)
    }

    /// `{ "moveCamera": { "target"?, "zoom"?, "bearing"? } }`: at least one of them.
    private func decodeMoveCamera(_ event: ObjectReader) throws(InfoWinError) -> EventAction {
        try event.required("moveCamera") { value, path throws(InfoWinError) in
            let camera = try reader.object(value, path, declared: SpecDescription.moveCamera)
            let action = EventAction.moveCamera(
                target: try camera.optional("target", decodeCoordinate), zoom: try camera.numberIfPresent("zoom"),
                bearing: try camera.numberIfPresent("bearing"))
            guard case .moveCamera(nil, nil, nil) = action else { return action }
            throw reader.failure(path, "moves the camera nowhere: give one or more of \"target\", \"zoom\" and \"bearing\"")
        }
    }

    private func onCanvas(_ value: JSONValue, _ path: JSONPath, length: Double) throws(InfoWinError) -> Double {
        let number = try reader.number(value, path)
        guard (0...length).contains(number) else {
            throw reader.failure(path, "the point is off the canvas: expected a number from 0 to \(JSONWriter.format(length)) (points), got \(JSONWriter.format(number))")
        }
        return number
    }

    private func decodeSet(
        _ event: JSONValue, _ path: JSONPath, current: inout [String: [JSONMember]], defaultWindow: InfoWindowSpec,
        known: (String, JSONPath) throws(InfoWinError) -> String
    ) throws(InfoWinError) -> MarkerSpec {
        let setEvent = try reader.object(event, JSONPath(components: path.components.dropLast()), allowed: ["set"])
        guard setEvent.contains("set"), let value = setEvent.members.first(where: { $0.key == "set" })?.value else {
            throw reader.failure(path, "is required")
        }
        let settable = Self.markerKeys.filter { $0 != "id" }
        guard case .object(let changes) = value.kind else {
            throw reader.mismatch(value, path, expected: "an object with \"marker\" and the properties to change")
        }
        for change in changes where change.key != "marker" && !settable.contains(change.key) {
            let reason = change.key == "id" ? "a marker's id cannot be set" : "\(JSONWriter.quoted(change.key)) cannot be set"
            throw reader.failure(path.appending(change.key), "\(reason); the keys that can be: \(settable.joined(separator: ", "))")
        }
        guard let idMember = changes.first(where: { $0.key == "marker" }) else {
            throw reader.failure(path.appending("marker"), "is required: the id of the marker to change")
        }
        let id = try known(try reader.string(idMember.value, path.appending("marker")), path.appending("marker"))
        var members = (current[id] ?? []).filter { member in !changes.contains { $0.key == member.key } }
        members += changes.filter { $0.key != "marker" }
        members.append(JSONMember(key: "id", value: JSONValue(kind: .string(id), offset: 0)))
        current[id] = members
        let marker = try decodeMarker(JSONValue(kind: .object(members), offset: 0), path, defaultStyle: defaultWindow.style)
        return try checkTemplates(of: marker, at: path, defaultWindow: defaultWindow, sharesWindow: marker.sharesTopLevelWindow)
    }
}
