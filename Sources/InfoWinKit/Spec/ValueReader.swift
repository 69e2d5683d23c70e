import Graphics

/// Reads typed values out of a `JSONValue`, failing with the file, the JSON path and what was expected.
package struct ValueReader {
    /// The file named in errors.
    let file: String
    /// The traits semantic colour names resolve for.
    var traits = Traits.standard
    /// The whole-string templates filled for the marker being decoded, found by their values' offsets.
    var filled = FilledValues()

    package func failure(_ path: JSONPath, _ message: String) -> InfoWinError {
        .invalid(file: file, path: path, message: message)
    }

    package func mismatch(_ value: JSONValue, _ path: JSONPath, expected: String) -> InfoWinError {
        if let fill = filled[value] {
            return failure(path, "\(fill.template) filled as \(fill.quotedText), expected \(expected)")
        }
        return failure(path, "expected \(expected), got \(describe(value))")
    }

    // What was expected is written only for an error: formatting the range for every number read was
    // a tenth of reading a 100,000-position GeoJSON line.
    package func number(_ value: JSONValue, _ path: JSONPath, in range: ClosedRange<Double>? = nil) throws(InfoWinError) -> Double {
        guard case .number(let number) = value.kind, range?.contains(number) ?? true else {
            let expected = range.map { "a number from \(JSONWriter.format($0.lowerBound)) to \(JSONWriter.format($0.upperBound))" } ?? "a number"
            throw mismatch(value, path, expected: expected)
        }
        return number
    }

    func integer(_ value: JSONValue, _ path: JSONPath, in range: ClosedRange<Int>) throws(InfoWinError) -> Int {
        guard case .number(let number) = value.kind, number == number.rounded(),
              number >= Double(range.lowerBound), number <= Double(range.upperBound)
        else { throw mismatch(value, path, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)") }
        return Int(number)
    }

    package func string(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> String {
        if let fill = filled[value] { return fill.text }
        guard case .string(let text) = value.kind else { throw mismatch(value, path, expected: "a string") }
        return text
    }

    package func bool(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> Bool {
        guard case .bool(let flag) = value.kind else { throw mismatch(value, path, expected: "true or false") }
        return flag
    }

    /// One of an enumeration's names: `"start"`, `"center"` or `"end"` for `TextAlign`.
    package func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONValue, _ path: JSONPath, among: Choice.Type
    ) throws(InfoWinError) -> Choice where Choice.RawValue == String {
        guard case .string(let text) = value.kind, let choice = Choice(rawValue: text) else {
            let names = Choice.allCases.map { JSONWriter.quoted($0.rawValue) }
            let expected = names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
            // A near miss names the value it could not find and the one meant.
            if case .string(let text) = value.kind, filled[value] == nil, text.count <= 60,
               let guess = closestName(to: text, among: Choice.allCases.map(\.rawValue)) {
                throw failure(path, "expected \(expected), got \(JSONWriter.quoted(text)) (did you mean \(JSONWriter.quoted(guess))?)")
            }
            throw mismatch(value, path, expected: expected)
        }
        return choice
    }

    package func array(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> [JSONValue] {
        guard case .array(let elements) = value.kind else { throw mismatch(value, path, expected: "an array") }
        return elements
    }

    /// A colour: `#RGB`, `#RRGGBB`, `#RRGGBBAA`, `rgb(r, g, b)`, `rgba(r, g, b, a)` or a UIKit semantic
    /// colour's name (`label`, `systemBackground`), resolved for the traits' interface style.
    func color(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> RGBA {
        let expected = Self.expectedColor
        if case .string(let text) = value.kind {
            if let semantic = SemanticColors.resolve(text, for: traits.style) { return semantic }
            if let functional = CSSColorFunction.parse(text) { return functional }
            // CSS names match in any case, as browsers and MapLibre read them (`DarkGreen`, `darkgreen`).
            if let named = CSSColorNames.table[text.lowercased()] { return RGBA(hex: named) }
            if filled[value] == nil, !text.hasPrefix("#"), text.count <= 60,
               let guess = closestName(to: text, among: SemanticColors.names) ?? closestName(to: text, among: CSSColorNames.names) {
                throw failure(path, "unknown colour name \(JSONWriter.quoted(text)) (did you mean \(JSONWriter.quoted(guess))?); expected \(expected)")
            }
        }
        guard case .string(let text) = value.kind, text.hasPrefix("#"),
              [4, 7, 9].contains(text.utf8.count),
              text.utf8.dropFirst().allSatisfy({ isHexDigit($0) }),
              let digits = UInt32(text.dropFirst(), radix: 16)
        else { throw mismatch(value, path, expected: expected) }
        switch text.utf8.count {
        case 4:
            let channel = { (shift: UInt32) in Double((digits >> shift) & 0xF) * 17 / 255 }
            return RGBA(red: channel(8), green: channel(4), blue: channel(0))
        case 7:
            return RGBA(hex: digits)
        default:
            return RGBA(hex: digits >> 8).withAlpha(Double(digits & 0xFF) / 255)
        }
    }

    /// What a colour may be, for messages.
    static let expectedColor = "a colour (#RRGGBB, #RRGGBBAA, rgb(…), a semantic colour name such as label or systemBlue, or a CSS colour name such as teal)"

    /// An object the declaration describes: its keys are checked against the declared ones, and the typed key
    /// readers (`number(_:)`, `bool(_:)`, …) take each key's range and default from it.
    func object(_ value: JSONValue, _ path: JSONPath, declared object: SpecObject) throws(InfoWinError) -> ObjectReader {
        var reader = try self.object(value, path, allowed: object.names)
        reader.declaration = object
        return reader
    }

    /// An object whose keys must all be in `allowed`; an unknown key is an error that lists them.
    func object(_ value: JSONValue, _ path: JSONPath, allowed: [String]) throws(InfoWinError) -> ObjectReader {
        guard case .object(let members) = value.kind else { throw mismatch(value, path, expected: "an object") }
        for member in members where !allowed.contains(member.key) {
            var message = "unknown key \(JSONWriter.quoted(member.key.abbreviated(60)))"
            if member.key.count <= 60, let guess = Self.aliases[member.key].flatMap({ allowed.contains($0) ? $0 : nil })
                ?? closestName(to: member.key, among: allowed) {
                message += " (did you mean \(JSONWriter.quoted(guess))?)"
            }
            message += "; allowed keys: " + allowed.joined(separator: ", ")
            throw failure(path.appending(member.key), message)
        }
        KeyReadLog.current?.noteObject(members.map(\.key), at: path)
        return ObjectReader(reader: self, path: path, members: members, allowed: allowed)
    }

    /// Names other map libraries use, and the key they mean here.
    static let aliases = ["lat": "latitude", "lng": "longitude", "lon": "longitude", "long": "longitude"]

    private func describe(_ value: JSONValue) -> String {
        switch value.kind {
        case .number(let number): JSONWriter.format(number)
        case .string(let text) where text.unicodeScalars.count <= 40: JSONWriter.quoted(text)
        case .bool(let flag): flag ? "true" : "false"
        default: value.typeName
        }
    }

    private func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}

/// The members of one JSON object, read by key.
package struct ObjectReader {
    let reader: ValueReader
    let path: JSONPath
    let members: [JSONMember]
    /// The keys the object may hold (from the spec's declaration), when they are checked: the decoder
    /// reading any other is a key decoded but not declared, caught in debug builds.
    var allowed: [String]? = nil
    /// The object's declaration, which the typed key readers take each key's type, range and default from.
    var declaration: SpecObject? = nil

    /// The value of `key`, or nil when it is absent or null.
    func value(_ key: String) -> JSONValue? {
        noteRead(key)
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        if case .null = member.value.kind { return nil }
        return member.value
    }

    /// True when `key` is written, even as null.
    func contains(_ key: String) -> Bool {
        noteRead(key)
        return members.contains { $0.key == key }
    }

    private func noteRead(_ key: String) {
        assert(allowed?.contains(key) ?? true, "the decoder reads \(key) at \(path), a key its object does not declare")
        if let log = KeyReadLog.current { log.noteRead(key, at: path, declared: allowed?.contains(key) ?? true) }
    }

    /// Reads `key` with `read` when it is present and not null.
    package func optional<T>(_ key: String, _ read: (JSONValue, JSONPath) throws(InfoWinError) -> T) throws(InfoWinError) -> T? {
        guard let value = value(key) else { return nil }
        return try read(value, path.appending(key))
    }

    /// Reads `key` with `read`; absent or null is an error.
    package func required<T>(_ key: String, _ read: (JSONValue, JSONPath) throws(InfoWinError) -> T) throws(InfoWinError) -> T {
        guard let value = value(key) else {
            throw reader.failure(path.appending(key), "is required" + (contains(key) ? " and cannot be null" : ""))
        }
        return try read(value, path.appending(key))
    }
}

extension RGBA {
    func withAlpha(_ alpha: Double) -> RGBA {
        RGBA(red: red, green: green, blue: blue, alpha: alpha)
    }
}

/// The allowed name nearest to a misspelt one (at most two edits away), for "did you mean" hints.
package func closestName(to name: String, among candidates: [String]) -> String? {
    let scored = candidates.map { (candidate: $0, distance: editDistance(name.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 2 else { return nil }
    return best.candidate
}

private func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
