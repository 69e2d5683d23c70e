/// The JSON Schema (draft 2020-12) of the spec format, with SPEC.md's words as descriptions so that
/// editors show them (`infowin schema`, and `spec.schema.json` at the repository's root). It describes
/// the structure: the keys, their types and ranges; what needs the whole spec (ids that exist, files that
/// exist) is checked by `infowin validate`.
package enum SpecSchema {
    /// The schema as pretty-printed JSON text.
    package static var text: String { JSONWriter.write(schema) }

    package typealias Kind = JSONValue.Kind

    private static func object(
        _ description: String, _ properties: [JSONMember], required: [String] = []
    ) -> Kind {
        var members: [JSONMember] = [
            JSONMember(key: "type", kind: .string("object")),
            JSONMember(key: "description", kind: .string(description)),
            JSONMember(key: "properties", kind: .object(properties)),
            JSONMember(key: "additionalProperties", kind: .bool(false)),
        ]
        if !required.isEmpty {
            members.append(JSONMember(key: "required", kind: .list(required.map { .string($0) })))
        }
        return .object(members)
    }

    private static func number(_ description: String, _ range: ClosedRange<Double>? = nil, integer: Bool = false) -> Kind {
        var kind = Kind.members(["type": .string(integer ? "integer" : "number"), "description": .string(description)])
        if let range {
            kind = kind.adding("minimum", .number(range.lowerBound)).adding("maximum", .number(range.upperBound))
        }
        return kind
    }

    private static func string(_ description: String) -> Kind {
        .members(["type": .string("string"), "description": .string(description)])
    }

    private static func bool(_ description: String) -> Kind {
        .members(["type": .string("boolean"), "description": .string(description)])
    }

    private static func choice(_ description: String, _ values: [String]) -> Kind {
        .members(["enum": .list(values.map { .string($0) }), "description": .string(description)])
    }

    private static func ref(_ name: String, _ description: String? = nil) -> Kind {
        var kind = Kind.members(["$ref": .string("#/$defs/\(name)")])
        if let description { kind = kind.adding("description", .string(description)) }
        return kind
    }

    private static func anyOf(_ description: String, _ kinds: [Kind]) -> Kind {
        .members(["anyOf": .list(kinds), "description": .string(description)])
    }

    private static func array(_ description: String, of items: Kind, maxItems: Int? = nil) -> Kind {
        var kind = Kind.members(["type": .string("array"), "items": items, "description": .string(description)])
        if let maxItems { kind = kind.adding("maxItems", .number(Double(maxItems))) }
        return kind
    }

    private static let null = Kind.members(["type": .string("null")])

    private static let colour = anyOf("a colour: \"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\", rgb(r, g, b), rgba(r, g, b, a), a UIKit semantic colour resolved for traits.userInterfaceStyle, or a CSS colour name (any case; the schema lists them in lower case)", [
        .members(["type": .string("string"), "pattern": .string("^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$")]),
        .members(["type": .string("string"), "pattern": .string("^[Rr][Gg][Bb][Aa]?\\(.*\\)$")]),
        choice("a semantic colour", SemanticColors.names),
        choice("a CSS colour name", CSSColorNames.names),
    ])

    /// A whole-string template, `"{{userData.status}}"`: a data-driven value, checked when filled.
    private static let template = Kind.members([
        "type": .string("string"), "pattern": .string("^\\{\\{.+\\}\\}$"),
        "description": .string("a data-driven value: a whole-string template ({{userData.KEY}}), filled per marker and then checked as the key's type"),
    ])

    /// `kind` with every typed value in it (numbers, booleans, names, colours) also taking a whole-string
    /// template; keys whose strings are templates of their own are left as they are.
    private static func dataDriven(_ kind: Kind) -> Kind {
        guard case .object(let members) = kind else { return kind }
        if members.contains(where: { $0.key == "$ref" }) { return kind }
        let isLeaf = members.contains { member in
            switch (member.key, member.value.kind) {
            case ("type", .string(let type)): ["number", "integer", "boolean"].contains(type)
            case ("enum", _), ("pattern", _): true
            default: false
            }
        }
        if isLeaf { return anyOf("a value, or a data-driven template", [kind, template]) }
        return .object(members.map { member in
            switch (member.key, member.value.kind) {
            case ("properties", .object(let properties)):
                let mapped = properties.map { property in
                    SpecDecoder.templateKeys.contains(property.key) || ["if", "forEach"].contains(property.key)
                        ? property : JSONMember(key: property.key, kind: dataDriven(property.value.kind))
                }
                return JSONMember(key: member.key, kind: .object(mapped))
            case ("anyOf", .array(let options)):
                return JSONMember(key: member.key, kind: .list(options.map { dataDriven($0.kind) }))
            case ("items", let items):
                return JSONMember(key: member.key, kind: dataDriven(items))
            default:
                return member
            }
        })
    }

    private static let userDataValue = anyOf("a userData value: text, a number, a flag, an array or an object, nested", [
        string("text"), number("a number"), bool("a flag"),
        .members(["type": .string("array"), "items": ref("userDataValue"), "maxItems": .number(Double(SpecDecoder.forEachLimit))]),
        .members(["type": .string("object"), "additionalProperties": ref("userDataValue")]),
    ])

    /// The schema of one declared type.
    static func kind(of type: SpecValueType) -> Kind {
        switch type {
        case .number(let description, let range, let integer): number(description, range, integer: integer)
        case .string(let description): string(description)
        case .bool(let description): bool(description)
        case .choice(let description, let values): choice(description, values)
        case .colour: colour
        case .reference(let definition, let description): ref(definition.rawValue, description)
        case .anyOf(let description, let options): anyOf(description, options.map(kind(of:)))
        case .array(let description, let items, let maxItems): array(description, of: kind(of: items), maxItems: maxItems)
        case .null: null
        case .object(let declared): object(declared)
        case .dataDriven(let declared): dataDriven(object(declared))
        case .insets(let description, let keys, let range): insets(description, keys: keys, range: range)
        case .userData(let description):
            .members(["type": .string("object"), "description": .string(description), "additionalProperties": ref("userDataValue")])
        case .keysOf(let description): .members(["type": .string("object"), "description": .string(description)])
        case .constant(let value, let description): .members(["const": .number(value), "description": .string(description)])
        }
    }

    private static func object(_ declared: SpecObject) -> Kind {
        object(declared.description, declared.keys.map(property), required: declared.required)
    }

    /// A key's schema, with its `default` when the declaration gives one.
    private static func property(_ key: SpecKey) -> JSONMember {
        var schema = kind(of: key.type)
        if let value = key.defaultValue, case .object(var members) = schema {
            members.append(JSONMember(key: "default", value: value))
            schema = .object(members)
        }
        return JSONMember(key: key.name, kind: schema)
    }

    private static func insets(_ description: String, keys: [String], range: ClosedRange<Double>) -> Kind {
        let sides = Kind.members([
            "type": .string("object"), "properties": .object(keys.map { JSONMember(key: $0, kind: number("points", range)) }),
            "additionalProperties": .bool(false),
        ])
        return anyOf(description, [number("the same on every side", range), sides])
    }

    /// The schema of each named definition: data-driven where a marker's values may be templates.
    private static func definition(_ name: SpecDefinition) -> Kind {
        switch name {
        case .coordinate: object(SpecDescription.coordinate)
        case .view: dataDriven(object(SpecDescription.view))
        case .stackChild: anyOf("a view, or a view repeated over a userData array", [ref("view"), object(SpecDescription.forEach)])
        case .infoWindow: object(SpecDescription.infoWindow)
        case .marker: object(SpecDescription.marker)
        case .event: object(SpecDescription.event)
        case .userDataValue: userDataValue
        }
    }

    static var schema: Kind {
        let top = SpecDescription.topLevel
        return .members([
            "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
            "$id": .string("https://infowin.dev/spec.schema.json"),
            "title": .string("infowin spec, version 1"),
            "description": .string(top.description),
            "type": .string("object"),
            "properties": .object(top.keys.map(property)),
            "required": .list(top.required.map { .string($0) }),
            "additionalProperties": .bool(false),
            "$defs": .object(SpecDefinition.allCases.map { JSONMember(key: $0.rawValue, kind: definition($0)) }),
        ])
    }
}
