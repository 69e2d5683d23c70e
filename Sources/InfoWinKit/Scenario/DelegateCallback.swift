/// One `GMSMapViewDelegate` call, as `events.jsonl` lists it.
package struct DelegateCallback: Sendable, Equatable {
    /// The event that caused it (1 for the first); 0 for calls that describe the initial state.
    package let step: Int
    /// The delegate method, named as the SDK names it (`didTapMarker`).
    package let name: String
    /// The marker it is about, if any.
    package let marker: String?
    /// The map coordinate tapped or long-pressed (`didTapAtCoordinate`, `didLongPressAtCoordinate`).
    package let coordinate: Coordinate?
    /// The camera after it moved (`didChangeCameraPosition`, `idleAtCameraPosition`).
    package let camera: CameraSpec?
    /// Whether a user's gesture moves the camera (`willMove`).
    let gesture: Bool?
    /// The shape tapped (`didTapOverlay`).
    package let overlay: String?

    init(
        step: Int, _ name: String, marker: String? = nil, coordinate: Coordinate? = nil, camera: CameraSpec? = nil, gesture: Bool? = nil,
        overlay: String? = nil
    ) {
        self.step = step
        self.name = name
        self.marker = marker
        self.coordinate = coordinate
        self.camera = camera
        self.gesture = gesture
        self.overlay = overlay
    }

    /// The three calls of one camera move, in the SDK's order: `willMove` (with `gesture`), then
    /// `didChangeCameraPosition` and `idleAtCameraPosition` with the camera where it ends.
    static func cameraMove(to camera: CameraSpec, gesture: Bool, step: Int) -> [DelegateCallback] {
        [
            DelegateCallback(step: step, "willMove", gesture: gesture),
            DelegateCallback(step: step, "didChangeCameraPosition", camera: camera),
            DelegateCallback(step: step, "idleAtCameraPosition", camera: camera),
        ]
    }

    /// The call as one line of JSON: `{"step":1,"callback":"didTapMarker","marker":"london"}`.
    package var jsonLine: String {
        var json = JSONValue.Kind.members(["step": .number(Double(step)), "callback": .string(name)])
        if let marker { json = json.adding("marker", .string(marker)) }
        if let overlay { json = json.adding("overlay", .string(overlay)) }
        if let coordinate { json = json.adding("coordinate", coordinate.json) }
        if let camera { json = json.adding("camera", camera.json) }
        if let gesture { json = json.adding("gesture", .bool(gesture)) }
        return JSONWriter.writeCompact(json)
    }
}

extension CameraSpec {
    var json: JSONValue.Kind {
        .members(["target": target.json, "zoom": .number(zoom), "bearing": .number(bearing)])
    }
}

extension Coordinate {
    var json: JSONValue.Kind {
        .members(["latitude": .number(latitude), "longitude": .number(longitude)])
    }
}
