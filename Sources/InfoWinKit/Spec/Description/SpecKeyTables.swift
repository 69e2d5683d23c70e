/// The key tables of the reference page `Documentation/reference/spec-keys.md`, written from the declaration:
/// one table per object of the format, each key with its type and SPEC.md's words. A test checks that the
/// page holds exactly this text.
package enum SpecKeyTables {
    /// The tables, each under its heading, in the order the page shows them.
    static let objects: [(title: String, object: SpecObject)] = [
        ("Top level", SpecDescription.topLevel), ("`map`", SpecDescription.map), ("`map.camera`", SpecDescription.camera),
        ("`map.camera.fit`", SpecDescription.fit), ("`map.tiles`", SpecDescription.tiles), ("`crop`", SpecDescription.crop),
        ("`traits`", SpecDescription.traits), ("A marker (`markers[]`)", SpecDescription.marker), ("`pin`", SpecDescription.pin),
        ("`infoWindow`", SpecDescription.infoWindow), ("`infoWindow.style`", SpecDescription.style), ("A font", SpecDescription.font),
        ("`tail`", SpecDescription.tail), ("`shadow`", SpecDescription.shadow), (viewTitle, SpecDescription.view),
        ("An event (`events[]`)", SpecDescription.event),
        ("A polyline (`polylines[]`)", SpecDescription.polyline), ("A span (`spans[]`)", SpecDescription.styleSpan),
        ("A pattern item (`strokePattern[]`)", SpecDescription.patternItem), ("A polygon (`polygons[]`)", SpecDescription.polygon),
        ("A circle (`circles[]`)", SpecDescription.circle), ("A ground overlay (`groundOverlays[]`)", SpecDescription.groundOverlay),
    ]

    /// The Markdown of every table.
    package static var markdown: String {
        objects.map { title, object in
            let words = object.description.prefix(1).uppercased() + object.description.dropFirst()
            return "#### \(title)\n\n\(words.hasSuffix(".") ? words : words + ".")\n\n| key | type | default | meaning |\n|---|---|---|---|\n"
                + object.keys.map { row($0, required: object.required.contains($0.name), inView: title == viewTitle) }.joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }

    /// A view's table, whose rows also say which kinds take a key.
    private static let viewTitle = "A view"

    private static func row(_ key: SpecKey, required: Bool, inView: Bool) -> String {
        let kinds = !inView ? [] : SpecViewKind.allCases.filter { $0.keys.contains { $0.name == key.name } }.map { "`\($0.rawValue)`" }
        let which = kinds.isEmpty || kinds.count == SpecViewKind.allCases.count ? "" : " (" + kinds.joined(separator: ", ") + ")"
        let meaning = (description(of: key.type) ?? "") + which
        let value = key.defaultJSON.map { "`\($0)`" } ?? ""
        return "| `\(key.name)`\(required ? " (required)" : "") | \(typeName(key.type)) | \(value) | \(meaning.replacing("|", with: "\\|")) |"
    }

    /// A short name of the type, as a table cell says it.
    static func typeName(_ type: SpecValueType) -> String {
        switch type {
        case .number(_, let range, let integer):
            (integer ? "integer" : "number") + (range.map { " \(JSONWriter.format($0.lowerBound))…\(JSONWriter.format($0.upperBound))" } ?? "")
        case .string: "string"
        case .bool: "boolean"
        case .choice(_, let values) where values.count <= 8: values.map { "`\($0)`" }.joined(separator: ", ")
        case .choice: "a name"
        case .colour: "colour"
        case .reference(let definition, _): definition == .stackChild ? "view" : definition.rawValue
        case .anyOf(_, let options): options.map(typeName).joined(separator: " or ")
        case .array(_, let items, _): "array of \(typeName(items))"
        case .null: "null"
        case .object(let object), .dataDriven(let object): "object {" + object.names.joined(separator: ", ") + "}"
        case .insets(_, let keys, _): "number or {" + keys.joined(separator: ", ") + "}"
        case .userData, .keysOf: "object"
        case .constant(let value, _): JSONWriter.format(value)
        }
    }

    /// What a named definition is, for a key that refers to it without words of its own.
    private static func words(of definition: SpecDefinition) -> String {
        switch definition {
        case .coordinate: SpecDescription.coordinate.description
        case .view, .stackChild: "a view (see \"A view\")"
        case .infoWindow: SpecDescription.infoWindow.description + " (see `infoWindow`)"
        case .marker: SpecDescription.marker.description
        case .event: SpecDescription.event.description
        case .userDataValue: "a userData value"
        }
    }

    /// The type's own words, when it has some.
    private static func description(of type: SpecValueType) -> String? {
        switch type {
        case .number(let text, _, _), .string(let text), .bool(let text), .choice(let text, _), .anyOf(let text, _), .array(let text, _, _),
            .insets(let text, _, _), .userData(let text), .keysOf(let text), .constant(_, let text):
            text
        case .reference(let definition, let text): text ?? words(of: definition)
        case .object(let object), .dataDriven(let object): object.description
        case .colour: "a colour"
        case .null: nil
        }
    }
}
