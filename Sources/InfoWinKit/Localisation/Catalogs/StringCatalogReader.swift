/// Reads an Apple String Catalog (`.xcstrings`, JSON, as Xcode 15 and later write it) into a
/// `LocalisedCatalog`: `stringUnit`s with their `state`, `variations` by `plural` and `device` (nested
/// either way), `substitutions`, `shouldTranslate`. Keys Xcode may add later are tolerated; the keys read
/// must have their types. An error names the file and the JSON path.
struct StringCatalogReader {
    private let reader: ValueReader
    private var builder = CatalogBuilder()

    static func read(_ bytes: [UInt8], file: String) throws(InfoWinError) -> LocalisedCatalog {
        var catalogReader = StringCatalogReader(reader: ValueReader(file: file))
        return try catalogReader.catalog(JSONParser.parse(bytes, file: file), file: file)
    }

    private init(reader: ValueReader) {
        self.reader = reader
    }

    private mutating func catalog(_ root: JSONValue, file: String) throws(InfoWinError) -> LocalisedCatalog {
        let catalog = try object(root, .root)
        let sourceLanguage = try catalog.required("sourceLanguage", reader.string)
        _ = try catalog.optional("version", reader.string)
        let strings = try catalog.optional("strings", members) ?? []
        for entry in strings {
            try self.entry(entry, path: JSONPath.root.appending("strings").appending(entry.key))
        }
        return builder.catalog(file: file, sourceLanguage: sourceLanguage)
    }

    private mutating func entry(_ entry: JSONMember, path: JSONPath) throws(InfoWinError) {
        let fields = try object(entry.value, path)
        _ = try fields.optional("comment", reader.string)
        _ = try fields.optional("extractionState", reader.string)
        try builder.step({ reader.failure(path, $0) }) { builder throws(CatalogProblem) in try builder.declare(entry.key) }
        if try fields.optional("shouldTranslate", reader.bool) == false { builder.markUntranslatable(entry.key) }
        for locale in try fields.optional("localizations", members) ?? [] {
            let localePath = path.appending("localizations").appending(locale.key)
            let string = try localisation(locale.value, path: localePath)
            try builder.step({ reader.failure(localePath, $0) }) { builder throws(CatalogProblem) in
                try builder.add(entry.key, locale: locale.key, string)
            }
        }
    }

    /// One locale's string: its value (a unit or variations), its substitutions and the state of them all.
    private func localisation(_ value: JSONValue, path: JSONPath) throws(InfoWinError) -> LocalisedString {
        var states: [TranslationState] = []
        let fields = try object(value, path)
        let text = try self.value(fields, path: path, depth: 0, states: &states)
        var substitutions: [String: LocalisedSubstitution] = [:]
        for member in try fields.optional("substitutions", members) ?? [] {
            substitutions[member.key] = try substitution(member.value, path: path.appending("substitutions").appending(member.key), states: &states)
        }
        return LocalisedString(value: text, substitutions: substitutions, state: Self.leastFinished(states))
    }

    /// A `stringUnit`'s value, or `variations` of values.
    private func value(_ fields: ObjectReader, path: JSONPath, depth: Int, states: inout [TranslationState]) throws(InfoWinError) -> LocalisedValue {
        if let unit = fields.value("stringUnit") {
            return .text(try stringUnit(unit, path: path.appending("stringUnit"), states: &states))
        }
        guard let variations = fields.value("variations") else {
            throw reader.failure(path, "expected a stringUnit or variations")
        }
        let variationsPath = path.appending("variations")
        guard depth < CatalogLimits.nesting else {
            throw reader.failure(variationsPath, "variations nest deeper than \(CatalogLimits.nesting) levels")
        }
        let kinds = try object(variations, variationsPath)
        if let plural = kinds.value("plural") {
            var forms: [PluralCategory: LocalisedValue] = [:]
            for member in try members(plural, variationsPath.appending("plural")) {
                let formPath = variationsPath.appending("plural").appending(member.key)
                let category = try self.category(member.key, path: formPath)
                forms[category] = try value(try object(member.value, formPath), path: formPath, depth: depth + 1, states: &states)
            }
            return .plural(forms)
        }
        if let device = kinds.value("device") {
            var forms: [String: LocalisedValue] = [:]
            for member in try members(device, variationsPath.appending("device")) {
                let formPath = variationsPath.appending("device").appending(member.key)
                forms[member.key] = try value(try object(member.value, formPath), path: formPath, depth: depth + 1, states: &states)
            }
            return .device(forms)
        }
        throw reader.failure(variationsPath, "expected plural or device variations")
    }

    /// `{ "argNum": 1, "formatSpecifier": "lld", "variations": { "plural": { "one": { "stringUnit": … } } } }`.
    private func substitution(_ value: JSONValue, path: JSONPath, states: inout [TranslationState]) throws(InfoWinError) -> LocalisedSubstitution {
        let fields = try object(value, path)
        let argument = try fields.required("argNum") { value, path throws(InfoWinError) in try reader.integer(value, path, in: 1...999) }
        let specifier = try fields.required("formatSpecifier", reader.string)
        let variations = try fields.required("variations") { value, path throws(InfoWinError) in try object(value, path) }
        let pluralPath = path.appending("variations").appending("plural")
        var forms: [PluralCategory: String] = [:]
        for member in try variations.required("plural", members) {
            let formPath = pluralPath.appending(member.key)
            let unit = try object(member.value, formPath).required("stringUnit") { value, path throws(InfoWinError) in value }
            forms[try category(member.key, path: formPath)] = try stringUnit(unit, path: formPath.appending("stringUnit"), states: &states)
        }
        return LocalisedSubstitution(argumentNumber: argument, formatSpecifier: specifier, forms: forms)
    }

    private func stringUnit(_ value: JSONValue, path: JSONPath, states: inout [TranslationState]) throws(InfoWinError) -> String {
        let unit = try object(value, path)
        let state = try unit.optional("state") { value, path throws(InfoWinError) -> TranslationState in
            guard let state = TranslationState(rawValue: try reader.string(value, path)) else {
                throw reader.mismatch(value, path, expected: "\"new\", \"needs_review\", \"stale\" or \"translated\"")
            }
            return state
        }
        states.append(state ?? .translated)
        return try unit.required("value", reader.string)
    }

    private func category(_ name: String, path: JSONPath) throws(InfoWinError) -> PluralCategory {
        guard let category = PluralCategory(rawValue: name) else {
            throw reader.failure(path, "unknown plural category; expected zero, one, two, few, many or other")
        }
        return category
    }

    /// The state of a string made of units in `states`: the least finished of them (`new`, then
    /// `needs_review`, then `stale`), `translated` when all are.
    private static func leastFinished(_ states: [TranslationState]) -> TranslationState {
        for state in [TranslationState.new, .needsReview, .stale] where states.contains(state) { return state }
        return .translated
    }

    /// An object whose unknown keys are tolerated (Xcode adds keys over time).
    private func object(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> ObjectReader {
        ObjectReader(reader: reader, path: path, members: try members(value, path))
    }

    private func members(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> [JSONMember] {
        guard case .object(let members) = value.kind else { throw reader.mismatch(value, path, expected: "an object") }
        return members
    }
}
