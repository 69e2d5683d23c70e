/// What one key of the spec holds, as the declaration of the format gives it (SPEC.md's tables): its type,
/// range and words. The schema (`SpecSchema`), the decoder's key checks and the README's key tables are all
/// made from these values, so a key is written down once.
indirect enum SpecValueType: Sendable {
    /// A number, in `range` when given; `integer` for whole numbers.
    case number(String, ClosedRange<Double>? = nil, integer: Bool = false)
    case string(String)
    case bool(String)
    /// One of `values`.
    case choice(String, [String])
    /// A colour: hex, rgb()/rgba() or a semantic colour name.
    case colour
    /// One of the format's named definitions (`coordinate`, `view`, …), with words of its own when given.
    case reference(SpecDefinition, String? = nil)
    /// Any one of `options`.
    case anyOf(String, [SpecValueType])
    case array(String, of: SpecValueType, maxItems: Int? = nil)
    case null
    case object(SpecObject)
    /// An object whose typed values (numbers, flags, names, colours) may each be a whole-string template
    /// filled per marker (SPEC.md, "Data-driven values").
    case dataDriven(SpecObject)
    /// One length for every side (or corner), or an object giving each of `keys`, each in `range`.
    case insets(String, keys: [String] = SpecObject.sides, range: ClosedRange<Double> = 0...4096)
    /// A map of names to userData values (a marker's `userData`).
    case userData(String)
    /// An object whose keys are another object's (an event's `set`, a marker's keys but `id`).
    case keysOf(String)
    /// Exactly this number (the format's `version`).
    case constant(Double, String)

    /// The range of this type's number (of its number alternative, for one of several), if it gives one.
    var numberRange: ClosedRange<Double>? {
        switch self {
        case .number(_, let range, _): range
        case .insets(_, _, let range): range
        case .anyOf(_, let options): options.lazy.compactMap(\.numberRange).first
        default: nil
        }
    }

    /// The keys an object of this type may hold: an object's own, or all its alternatives' together, in order.
    var objectKeys: [String] { declaredObject.names }

    /// The object this type holds: an object's own, or one of all its alternatives' keys together (the first
    /// of a name), for the decoder to read whichever was written; one of no keys for a type that is no object.
    var declaredObject: SpecObject {
        switch self {
        case .object(let object), .dataDriven(let object): object
        case .anyOf(let description, let options):
            SpecObject(description, keys: options.map(\.declaredObject).flatMap(\.keys).reduce(into: [SpecKey]()) { keys, key in
                if !keys.contains(where: { $0.name == key.name }) { keys.append(key) }
            })
        default: SpecObject("no object", keys: [])
        }
    }
}

/// One key of an object of the spec.
struct SpecKey: Sendable {
    let name: String
    let type: SpecValueType
    /// What a spec without the key gets (SPEC.md's "default" column), when SPEC.md gives one: what the decoder's
    /// typed key readers return, the schema's `default` and the reference page's column.
    var `default`: SpecDefault? = nil

    /// The default as JSON text.
    var defaultJSON: String? { self.default?.json }

    /// The default as a JSON value.
    var defaultValue: JSONValue? { self.default?.jsonValue }
}

/// One object of the spec: its words, its keys in the order messages list them, and those it needs.
struct SpecObject: Sendable {
    let description: String
    let keys: [SpecKey]
    let required: [String]

    /// An object of `keys`, those in `defaults` taking that value when left out.
    init(
        _ description: String, _ keys: KeyValuePairs<String, SpecValueType>, required: [String] = [],
        defaults: KeyValuePairs<String, SpecDefault> = [:]
    ) {
        let defaults = Dictionary(uniqueKeysWithValues: defaults.map { ($0.key, $0.value) })
        self.init(description, keys: keys.map { SpecKey(name: $0.key, type: $0.value, default: defaults[$0.key]) }, required: required)
        precondition(defaults.keys.allSatisfy(names.contains), "a default for a key \(description) does not declare")
    }

    init(_ description: String, keys: [SpecKey], required: [String] = []) {
        self.description = description
        self.keys = keys
        self.required = required
    }

    /// This object with `more` keys after its own (the shapes' beside the top level's).
    func adding(_ more: KeyValuePairs<String, SpecValueType>) -> SpecObject {
        SpecObject(description, keys: keys + more.map { SpecKey(name: $0.key, type: $0.value) }, required: required)
    }

    /// The keys' names, as the decoder allows them and "did you mean" chooses among them.
    var names: [String] { keys.map(\.name) }

    /// The keys of the object `name` holds (of all its alternatives, when it may be one of several).
    func keys(of name: String) -> [String] { object(of: name).names }

    /// The object `name` holds (all its alternatives' keys, when it may be one of several; none when it holds no object).
    func object(of name: String) -> SpecObject { type(of: name)?.declaredObject ?? SpecObject("no object", keys: []) }

    /// The key `name`'s declaration.
    func key(_ name: String) -> SpecKey? { keys.first { $0.name == name } }

    /// The type of `name`'s key.
    func type(of name: String) -> SpecValueType? { keys.first { $0.name == name }?.type }

    /// The sides of `padding`-like insets.
    static let sides = ["top", "left", "bottom", "right"]
}

/// The format's named definitions: `$defs` in the schema, types that several keys refer to.
enum SpecDefinition: String, CaseIterable, Sendable {
    case coordinate, view, stackChild, infoWindow, marker, event, userDataValue
}
