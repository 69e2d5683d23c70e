import Graphics

/// Typed key readers: each reads one key of an object the declaration describes (`ValueReader.object(_:_:declared:)`)
/// with the range and default the declaration gives it, so a decoder names a key once and writes no range or default
/// of its own. `number("opacity")` is the declared default when the key is absent or null; `numberIfPresent` is nil
/// then, for a key whose default is not one value (the look's, the base style's).
extension ObjectReader {
    /// `key`'s number, in its declared range; the declared default when it is absent or null.
    func number(_ key: String) throws(InfoWinError) -> Double {
        guard let number = try numberIfPresent(key) else { return declaredDefault(key, \.number) }
        return number
    }

    /// `key`'s number, in its declared range; nil when it is absent or null.
    func numberIfPresent(_ key: String) throws(InfoWinError) -> Double? {
        let range = declared(key).type.numberRange
        return try optional(key) { value, path throws(InfoWinError) in try reader.number(value, path, in: range) }
    }

    /// `key`'s number, in its declared range; absent or null is an error.
    func requiredNumber(_ key: String) throws(InfoWinError) -> Double {
        let range = declared(key).type.numberRange
        return try required(key) { value, path throws(InfoWinError) in try reader.number(value, path, in: range) }
    }

    /// `key`'s whole number, in its declared range (a 32-bit integer's when none is declared); the declared default
    /// when it is absent or null.
    func integer(_ key: String) throws(InfoWinError) -> Int {
        guard let integer = try integerIfPresent(key) else { return Int(declaredDefault(key, \.number)) }
        return integer
    }

    /// `key`'s whole number, in its declared range; nil when it is absent or null.
    func integerIfPresent(_ key: String) throws(InfoWinError) -> Int? {
        let range = Self.wholeRange(declared(key).type)
        return try optional(key) { value, path throws(InfoWinError) in try reader.integer(value, path, in: range) }
    }

    /// `key`'s lengths (insets: a padding's sides, a box's corners), one for each key its declaration names, in
    /// that order; the declared default, on every one, when it is absent or null.
    func lengths(_ key: String) throws(InfoWinError) -> [Double] {
        let keys = Self.lengthKeys(declared(key).type)
        guard let lengths = try lengthsIfPresent(key) else { return Array(repeating: declaredDefault(key, \.number), count: keys.count) }
        return lengths
    }

    /// `key`'s lengths: one number for every one, or an object giving each (0 when left out), each in the declared
    /// range; nil when it is absent or null.
    func lengthsIfPresent(_ key: String) throws(InfoWinError) -> [Double]? {
        let type = declared(key).type, keys = Self.lengthKeys(type), range = type.numberRange
        return try optional(key) { value, path throws(InfoWinError) in
            let length = { (value: JSONValue, path: JSONPath) throws(InfoWinError) in try reader.number(value, path, in: range) }
            if case .number = value.kind { return Array(repeating: try length(value, path), count: keys.count) }
            guard case .object = value.kind else {
                throw reader.mismatch(value, path, expected: "a number or { " + keys.map { "\"\($0)\"" }.joined(separator: ", ") + " }")
            }
            let object = try reader.object(value, path, allowed: keys)
            return try keys.map { key throws(InfoWinError) in try object.optional(key, length) ?? 0 }
        }
    }

    /// The keys of an insets type; reading lengths of another type is a mistake of this build.
    private static func lengthKeys(_ type: SpecValueType) -> [String] {
        guard case .insets(_, let keys, _) = type else { preconditionFailure("lengths are read from a key that is not insets") }
        return keys
    }

    /// `key`'s flag; the declared default when it is absent or null.
    func bool(_ key: String) throws(InfoWinError) -> Bool {
        guard let flag = try boolIfPresent(key) else { return declaredDefault(key, \.bool) }
        return flag
    }

    /// `key`'s flag; nil when it is absent or null.
    func boolIfPresent(_ key: String) throws(InfoWinError) -> Bool? {
        _ = declared(key)
        return try optional(key, reader.bool)
    }

    /// `key`'s colour; the declared default (a colour's text, read as one) when it is absent or null.
    func color(_ key: String) throws(InfoWinError) -> RGBA { try decoded(key, by: reader.color) }

    /// `key` read by `read`, for a key of its own kind (an anchor, a locale, a list of names); the declared
    /// default, read by `read` as the spec's values are, when it is absent or null.
    func decoded<Value>(_ key: String, by read: (JSONValue, JSONPath) throws(InfoWinError) -> Value) throws(InfoWinError) -> Value {
        if let value = try optional(key, read) { return value }
        guard let declared = declared(key).defaultValue else {
            preconditionFailure("\(key) at \(path) is read with its declared default, but its declaration gives none")
        }
        return try read(declared, path.appending(key))
    }

    /// `key`'s name, one of `Choice`'s; the declared default when it is absent or null.
    func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, as type: Choice.Type) throws(InfoWinError) -> Choice
    where Choice.RawValue == String {
        if let choice = try choiceIfPresent(key, as: type) { return choice }
        guard let choice = Choice(rawValue: declaredDefault(key, \.string)) else {
            preconditionFailure("the declared default of \(key) at \(path) is not one of \(Choice.self)'s names")
        }
        return choice
    }

    /// `key`'s name, one of `Choice`'s; nil when it is absent or null.
    func choiceIfPresent<Choice: RawRepresentable & CaseIterable>(_ key: String, as type: Choice.Type) throws(InfoWinError) -> Choice?
    where Choice.RawValue == String {
        _ = declared(key)
        return try optional(key) { value, path throws(InfoWinError) in try reader.choice(value, path, among: type) }
    }

    /// `key`'s name, one of `Choice`'s; absent or null is an error.
    func requiredChoice<Choice: RawRepresentable & CaseIterable>(_ key: String, as type: Choice.Type) throws(InfoWinError) -> Choice
    where Choice.RawValue == String {
        _ = declared(key)
        return try required(key) { value, path throws(InfoWinError) in try reader.choice(value, path, among: type) }
    }

    /// The whole numbers `key` allows, for a message that says more than its range.
    func wholeRange(of key: String) -> ClosedRange<Int> { Self.wholeRange(declared(key).type) }

    /// The whole numbers a type allows: its declared range, else a 32-bit integer's (`GMSMarker.zIndex`'s `Int32`).
    static func wholeRange(_ type: SpecValueType) -> ClosedRange<Int> {
        guard let range = type.numberRange else { return Int(Int32.min)...Int(Int32.max) }
        return Int(range.lowerBound)...Int(range.upperBound)
    }

    /// `key`'s declaration; a decoder reading a key its object does not declare is a mistake of this build.
    private func declared(_ key: String) -> SpecKey {
        guard let declared = declaration?.key(key) else {
            preconditionFailure("\(key) at \(path) is read as declared, but its object declares no such key")
        }
        return declared
    }

    /// `key`'s declared default as `Value`; a typed reader of a key with no such default is a mistake of this build.
    private func declaredDefault<Value>(_ key: String, _ value: KeyPath<SpecDefault, Value?>) -> Value {
        guard let found = declared(key).default?[keyPath: value] else {
            preconditionFailure("\(key) at \(path) is read with its declared default, but its declaration gives none of that type")
        }
        return found
    }
}
