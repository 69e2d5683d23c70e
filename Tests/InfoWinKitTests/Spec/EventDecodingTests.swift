import Testing
@testable import InfoWinKit

// MARK: - Support

/// A 390 × 300 pt spec with markers `a` (title "A", snippet "S", zIndex 3) and `b`, and these events.
private func eventsSpec(_ events: String) -> String {
    testSpecJSON(
        markers: [testMarker("a", #", "title": "A", "snippet": "S", "zIndex": 3"#), testMarker("b", longitude: 0.1)],
        extra: #", "events": \#(events)"#)
}

/// The decoded events.
private func decodeEvents(_ events: String) throws -> [EventSpec] {
    try testSpec(eventsSpec(events)).events
}

/// The whole message of the error decoding these events gives, or nil when they decode.
private func eventError(_ events: String) -> String? {
    do {
        _ = try testSpec(eventsSpec(events))
        return nil
    } catch let error as InfoWinError {
        return error.message
    } catch {
        return "\(error)"
    }
}

/// Checks that decoding `events` fails with a message that starts at `path` and contains `message`.
private func expectError(_ events: String, at path: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let error = eventError(events) else {
        Issue.record("\(events) decoded; expected an error at \(path)", sourceLocation: sourceLocation)
        return
    }
    #expect(error.hasPrefix("scene-test.json: \(path): "), "\(error)", sourceLocation: sourceLocation)
    #expect(error.contains(message), "\(error)", sourceLocation: sourceLocation)
}

private let settableKeys =
    "position, title, snippet, icon, iconView, groundAnchor, infoWindowAnchor, rotation, flat, opacity, zIndex, tracksInfoWindowChanges, userData, infoWindow"

// MARK: - Tests

@Suite("events: decoding and errors")
struct EventDecodingTests {
    // MARK: Errors

    @Test("an event naming an unknown marker names the event's index and the id")
    func unknownMarker() {
        expectError(
            #"[{"tapMarker": "a"}, {"select": "b"}, {"tapMarker": "zz"}]"#,
            at: "events[2].tapMarker", #"no marker has the id "zz""#)
        expectError(#"[{"select": "nope"}]"#, at: "events[0].select", #"no marker has the id "nope""#)
        expectError(#"[{"longPressInfoWindow": true}, {"set": {"marker": "ghost", "title": "x"}}]"#,
                    at: "events[1].set.marker", #"no marker has the id "ghost""#)
    }

    @Test("an unknown event kind lists the kinds")
    func unknownKind() {
        expectError(
            #"[{"tapMarker": "a"}, {"tapMarkr": "a"}]"#, at: "events[1]",
            #"an event needs one of tapMarker, tapMap, longPressInfoWindow, longPressMap, moveCamera, pan, select, set ("tapMarkr" is not one)"#)
        expectError(#"[{}]"#, at: "events[0]", "an event needs one of tapMarker, tapMap, longPressInfoWindow, longPressMap, moveCamera, pan, select, set")
    }

    @Test("an event that is not an object, or does two things, is an error")
    func malformedEvents() {
        expectError(#"["tapMarker"]"#, at: "events[0]", "expected an event: an object with one of tapMarker, tapMap")
        expectError(#"[{"tapMarker": "a", "select": "b"}]"#, at: "events[0]", "an event does one thing, but this one has tapMarker and select")
        expectError(#"{"tapMarker": "a"}"#, at: "events", "expected an array")
    }

    @Test("an event's other keys are checked")
    func extraKeys() {
        expectError(#"[{"tapMarker": "a", "handeld": true}]"#, at: "events[0].handeld", #"unknown key "handeld""#)
        expectError(#"[{"select": "a", "handled": true}]"#, at: "events[0].handled", #"unknown key "handled""#)
        expectError(#"[{"tapMap": {"x": 1, "y": 2, "z": 3}}]"#, at: "events[0].tapMap.z", #"unknown key "z""#)
        expectError(#"[{"tapMarker": "a", "handled": "yes"}]"#, at: "events[0].handled", "expected")
        expectError(#"[{"tapMarker": 3}]"#, at: "events[0].tapMarker", "expected a string")
    }

    @Test("a tapMap point off the canvas is an error with the canvas size")
    func pointOffCanvas() {
        expectError(
            #"[{"tapMarker": "a"}, {"tapMap": {"x": 400, "y": 10}}]"#, at: "events[1].tapMap.x",
            "the point is off the canvas: expected a number from 0 to 390 (points), got 400")
        expectError(
            #"[{"tapMap": {"x": 10, "y": -1}}]"#, at: "events[0].tapMap.y",
            "the point is off the canvas: expected a number from 0 to 300 (points), got -1")
        expectError(#"[{"tapMap": {"x": 10}}]"#, at: "events[0].tapMap.y", "is required")
        expectError(#"[{"tapMap": [1, 2]}]"#, at: "events[0].tapMap", "expected an object")
    }

    @Test("longPressInfoWindow must be true")
    func longPressFalse() {
        expectError(#"[{"longPressInfoWindow": false}]"#, at: "events[0].longPressInfoWindow", "expected true")
    }

    @Test("set of a key that cannot be set names it and lists the keys that can be")
    func nonSettableKeys() {
        expectError(
            #"[{"tapMarker": "a"}, {"set": {"marker": "a", "id": "c"}}]"#, at: "events[1].set.id",
            "a marker's id cannot be set; the keys that can be: \(settableKeys)")
        expectError(
            ##"[{"set": {"marker": "a", "colour": "#FF0000"}}]"##, at: "events[0].set.colour",
            #""colour" cannot be set; the keys that can be: \#(settableKeys)"#)
    }

    @Test("set needs a marker, an object, and valid values")
    func badSet() {
        expectError(#"[{"set": {"title": "x"}}]"#, at: "events[0].set.marker", "is required: the id of the marker to change")
        expectError(#"[{"set": "a"}]"#, at: "events[0].set", "expected an object")
        expectError(#"[{"set": {"marker": "a", "title": 5}}]"#, at: "events[0].set.title", "expected a string")
        expectError(
            #"[{"set": {"marker": "a", "position": {"latitude": 95, "longitude": 0}}}]"#,
            at: "events[0].set.position.latitude", "expected")
        expectError(#"[{"set": {"marker": "a"}, "when": 1}]"#, at: "events[0].when", #"unknown key "when""#)
    }

    // MARK: Valid events

    @Test("valid events decode in order, each with its source path")
    func validEvents() throws {
        let events = try decodeEvents(#"""
            [{"tapMarker": "a"}, {"tapMarker": "b", "handled": true}, {"tapMap": {"x": 0, "y": 300}, "handled": true},
             {"tapMap": {"x": 390.0, "y": 0.5}}, {"longPressInfoWindow": true}, {"select": null}, {"select": "b"}]
            """#)
        #expect(events.map { "\($0.source)" } == (0..<7).map { "events[\($0)]" })
        guard events.count == 7 else { return }
        guard case .tapMarker("a", handled: false) = events[0].action else { Issue.record("events[0]: \(events[0].action)"); return }
        guard case .tapMarker("b", handled: true) = events[1].action else { Issue.record("events[1]: \(events[1].action)"); return }
        guard case .tapMap(x: 0, y: 300, handled: true) = events[2].action else { Issue.record("events[2]: \(events[2].action)"); return }
        guard case .tapMap(x: 390, y: 0.5, handled: false) = events[3].action else { Issue.record("events[3]: \(events[3].action)"); return }
        guard case .longPressInfoWindow = events[4].action else { Issue.record("events[4]: \(events[4].action)"); return }
        guard case .select(nil) = events[5].action else { Issue.record("events[5]: \(events[5].action)"); return }
        guard case .select("b") = events[6].action else { Issue.record("events[6]: \(events[6].action)"); return }
    }

    @Test("no events, or an empty list, decode to none")
    func noEvents() throws {
        #expect(try testSpec(testSpecJSON(markers: [testMarker("a")])).events.isEmpty)
        #expect(try decodeEvents("[]").isEmpty)
    }

    @Test("set merges its keys into the marker as the earlier sets left it")
    func setMerges() throws {
        let events = try decodeEvents(#"""
            [{"set": {"marker": "a", "title": "T2"}},
             {"set": {"marker": "b", "title": "B"}},
             {"set": {"marker": "a", "snippet": "S2", "position": {"latitude": 0.5, "longitude": 0.25}}},
             {"set": {"marker": "a", "title": null}}]
            """#)
        var markers: [MarkerSpec] = []
        for event in events {
            guard case .set(let marker) = event.action else { Issue.record("not a set: \(event.action)"); return }
            markers.append(marker)
        }
        try #require(markers.count == 4)
        #expect(markers[0].id == "a" && markers[0].title == "T2" && markers[0].snippet == "S" && markers[0].zIndex == 3)
        #expect(markers[1].id == "b" && markers[1].title == "B" && markers[1].position == Coordinate(latitude: 0, longitude: 0.1))
        #expect(markers[2].title == "T2" && markers[2].snippet == "S2" && markers[2].zIndex == 3)
        #expect(markers[2].position == Coordinate(latitude: 0.5, longitude: 0.25))
        #expect(markers[3].title == nil && markers[3].snippet == "S2" && markers[3].position.latitude == 0.5)
    }

    @Test("set accepts every settable key")
    func everySettableKey() throws {
        let events = try decodeEvents(#"""
            [{"set": {"marker": "a", "position": {"latitude": 1, "longitude": 1}, "title": "t", "snippet": "s",
                      "icon": {"color": "#00FF00"}, "groundAnchor": {"x": 0.5, "y": 0.5}, "infoWindowAnchor": {"x": 0, "y": 0},
                      "rotation": 45, "flat": true, "opacity": 0.5, "zIndex": 7, "tracksInfoWindowChanges": true,
                      "userData": {"k": "v"}, "infoWindow": {"contents": {"text": "{{userData.k}}"}}}}]
            """#)
        guard case .set(let marker) = try #require(events.first).action else { Issue.record("not a set"); return }
        #expect(marker.rotation == 45 && marker.flat && marker.opacity == 0.5 && marker.zIndex == 7)
        #expect(marker.tracksInfoWindowChanges)
        #expect(marker.userData == [UserDataEntry(key: "k", text: "v")])
    }

    @Test("a set's templates are checked against the marker it leaves behind")
    func setTemplates() {
        let error = eventError(#"[{"set": {"marker": "a", "infoWindow": {"contents": {"text": "{{userData.missing}}"}}}}]"#)
        #expect(error?.hasPrefix("scene-test.json: events[0].set") == true, "\(error ?? "no error")")
        #expect(error?.contains("userData.missing") == true, "\(error ?? "no error")")
    }
}
