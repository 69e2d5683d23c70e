/// The kinds of event a scenario may hold (SPEC.md, "Scenarios"): an event holds exactly one of these keys.
/// Adding a kind here makes the compiler ask for its declaration below and its decoding
/// (`SpecDecoder.decodeEvent`); its schema entry and README row come from the declaration.
enum SpecEventKind: String, CaseIterable, Sendable {
    case tapMarker, tapMap, longPressInfoWindow, longPressMap, moveCamera, pan, select, set

    /// The kind's own key: what it holds.
    var type: SpecValueType {
        switch self {
        case .tapMarker: .string("a marker id")
        case .tapMap: .object(SpecDescription.canvasPoint("a tap at a canvas point"))
        case .longPressInfoWindow: .bool("a long press on the open window")
        case .longPressMap: .object(SpecDescription.canvasPoint("a long press at a canvas point: didLongPressAtCoordinate"))
        case .moveCamera: .object(SpecDescription.moveCamera)
        case .pan: .object(SpecDescription.pan)
        case .select: .anyOf("sets selectedMarker", [.string("a marker id"), .null])
        case .set: .keysOf("changes marker properties; \"marker\" names it")
        }
    }

    /// Whether `handled` (a delegate that returns YES) may stand beside the kind: the taps only.
    var takesHandled: Bool { self == .tapMarker || self == .tapMap }

    /// The keys an event of this kind may hold.
    var allowedKeys: [String] { [rawValue] + (takesHandled ? [SpecDescription.handled] : []) }

    /// The kinds' names, as messages list them.
    static var names: [String] { allCases.map(\.rawValue) }
}
