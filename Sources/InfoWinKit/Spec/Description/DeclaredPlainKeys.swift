/// The declaration as the property tests' spec generator (`Fuzz/SpecGenerator`) reads it: the words and
/// ranges of keys, and every plain key of an object (one that holds a boolean, a number, a word of a list
/// or a colour) with the values it may take. A key added to the declaration is so generated, and fuzzed,
/// with no change to the generator; a changed range or word list is generated as it now is.
package enum DeclaredObject: String, CaseIterable, Sendable {
    case topLevel, map, camera, traits, marker, pin, infoWindow, style, tail, shadow, font, view
    case polyline, polygon, circle, groundOverlay

    /// The object's declaration.
    private var object: SpecObject {
        switch self {
        case .topLevel: SpecDescription.topLevel
        case .map: SpecDescription.map
        case .camera: SpecDescription.camera
        case .traits: SpecDescription.traits
        case .marker: SpecDescription.marker
        case .pin: SpecDescription.pin
        case .infoWindow: SpecDescription.infoWindow
        case .style: SpecDescription.style
        case .tail: SpecDescription.tail
        case .shadow: SpecDescription.shadow
        case .font: SpecDescription.font
        case .view: SpecDescription.view
        case .polyline: SpecDescription.polyline
        case .polygon: SpecDescription.polygon
        case .circle: SpecDescription.circle
        case .groundOverlay: SpecDescription.groundOverlay
        }
    }

    /// Every key of the object that holds one plain value, in the declaration's order.
    package var plainKeys: [(name: String, values: DeclaredValues)] {
        object.keys.compactMap { key in DeclaredValues(key.type).map { (key.name, $0) } }
    }

    /// The words `key` may take (a `.choice`, or the named alternative of an `anyOf`).
    package func words(of key: String) -> [String] {
        guard case .words(let words)? = values(of: key) else { preconditionFailure("\(rawValue).\(key) is not declared as a choice of words") }
        return words
    }

    /// The range `key` is declared with.
    package func range(of key: String) -> ClosedRange<Double> {
        guard case .number(let range?, _)? = values(of: key) else { preconditionFailure("\(rawValue).\(key) is not declared as a number in a range") }
        return range
    }

    /// What `key` may hold, when it is plain.
    private func values(of key: String) -> DeclaredValues? {
        object.keys.first { $0.name == key }.flatMap { DeclaredValues($0.type) }
    }
}

/// The values a plain key may hold, as the declaration says.
package enum DeclaredValues: Sendable, Equatable {
    case bool
    /// A number, within its range when it has one.
    case number(ClosedRange<Double>?, integer: Bool)
    /// One of these words.
    case words([String])
    case colour

    /// The plain values `type` holds, or nil for a string, an object, an array or a reference, which the
    /// generator writes by hand (paths, ids and views need more than their type to be valid).
    init?(_ type: SpecValueType) {
        switch type {
        case .bool: self = .bool
        case .number(_, let range, let integer): self = .number(range, integer: integer)
        case .choice(_, let words): self = .words(words)
        case .colour: self = .colour
        case .anyOf(_, let options):
            // A named alternative among others (a font's weight: a word or a number): its words.
            guard let words = options.lazy.compactMap({ option -> [String]? in
                if case .choice(_, let words) = option { return words } else { return nil }
            }).first else { return nil }
            self = .words(words)
        default: return nil
        }
    }
}
