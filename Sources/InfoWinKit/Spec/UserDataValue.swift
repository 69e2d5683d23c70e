/// A `userData` value (SPEC.md, "The SDK, round two"): text (a string, a number or a boolean as a template
/// shows it), an array, or an object, nested.
package indirect enum UserDataValue: Hashable, Sendable {
    case text(String)
    case list([UserDataValue])
    case object([UserDataMember])

    /// The text a template shows: a scalar's text, or an array of scalars joined by ", "; nil for an object
    /// or an array that holds one.
    package var text: String? {
        switch self {
        case .text(let text): return text
        case .list(let elements):
            let texts = elements.compactMap { if case .text(let text) = $0 { text } else { nil } }
            return texts.count == elements.count ? texts.joined(separator: ", ") : nil
        case .object: return nil
        }
    }

    /// The elements, for `forEach`; nil for a value that is not an array.
    var elements: [UserDataValue]? {
        if case .list(let elements) = self { return elements }
        return nil
    }

    /// True for what `if` shows: not `false`, `0`, `""`, `[]` or `{}`.
    var isTruthy: Bool {
        switch self {
        case .text(let text): !["", "false", "0"].contains(text)
        case .list(let elements): !elements.isEmpty
        case .object(let members): !members.isEmpty
        }
    }

    /// What this value is, for messages.
    var kindName: String {
        switch self {
        case .text: "a value"
        case .list: "an array"
        case .object: "an object"
        }
    }

    /// The value `path` leads to from this one, or why there is none.
    func value(at path: UserDataPath) -> Result<UserDataValue, UserDataPath.Miss> {
        var current = self
        var walked = ""
        for step in path.steps {
            switch (step, current) {
            case (.key(let key), .object(let members)):
                guard let member = members.first(where: { $0.key == key }) else {
                    return .failure(.init(reason: "\(walked.isEmpty ? "it" : walked) has no key \(JSONWriter.quoted(key))", atRoot: walked.isEmpty))
                }
                current = member.value
                walked += walked.isEmpty ? key : "." + key
            case (.index(let index), .list(let elements)):
                guard index < elements.count else {
                    return .failure(.init(reason: "\(walked) has \(elements.count) element\(elements.count == 1 ? "" : "s"), so [\(index)] is out of range"))
                }
                current = elements[index]
                walked += "[\(index)]"
            case (.key(let key), _):
                return .failure(.init(reason: "\(walked) is \(current.kindName), so it has no key \(JSONWriter.quoted(key))"))
            case (.index(let index), _):
                return .failure(.init(reason: "\(walked) is \(current.kindName), not an array, so it has no [\(index)]"))
            }
        }
        return .success(current)
    }
}

/// One key of a `userData` object.
package struct UserDataMember: Hashable, Sendable {
    package let key: String
    package let value: UserDataValue
}

/// A path into `userData`, as templates write it after `userData.` or `item.`: `store.hours[0].open`.
package struct UserDataPath: Hashable, Sendable {
    /// A key of an object, or an index of an array.
    package enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// Why a path leads nowhere.
    struct Miss: Error, Sendable {
        /// What is missing, from the value the path starts at: `store has no key "hours"`.
        package let reason: String
        /// True when the path's first key is missing.
        var atRoot = false

        /// The message for the template `name` (`{{userData.store.city}}`) that `owner` cannot fill.
        func message(_ name: String, of owner: String) -> String {
            atRoot ? "\(name) names a key that \(owner) does not have in its userData"
                : "\(name) names a value that \(owner) does not have in its userData: \(reason)"
        }
    }

    /// The steps in order.
    package let steps: [Step]
    /// The path as written.
    package let text: String

    /// The most steps a path may take (userData nests no deeper either).
    package static let depthLimit = 16

    /// Parses `text`; nil when it is empty, has an empty key, a bad index or too many steps.
    init?(parsing text: String) {
        var steps: [Step] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(part)
            let key = rest.prefix { $0 != "[" }
            guard !key.isEmpty else { return nil }
            steps.append(.key(String(key)))
            rest = rest.dropFirst(key.count)
            while !rest.isEmpty {
                guard rest.first == "[", let close = rest.firstIndex(of: "]"),
                      let index = Int(rest[rest.index(after: rest.startIndex)..<close]), index >= 0, index < 1_000_000
                else { return nil }
                steps.append(.index(index))
                rest = rest[rest.index(after: close)...]
            }
        }
        guard !steps.isEmpty, steps.count <= Self.depthLimit else { return nil }
        self.steps = steps
        self.text = text
    }

    /// The first key, the userData entry the path starts from.
    var rootKey: String {
        if case .key(let key) = steps.first { return key }
        return ""
    }
}

extension Array where Element == UserDataEntry {
    /// The value `path` (after `userData.`) leads to in this userData, or why there is none. A key written
    /// with dots in it (`"a.b"`) is found whole first, as before paths nested.
    func value(at path: UserDataPath) -> Result<UserDataValue, UserDataPath.Miss> {
        if path.steps.count > 1, let whole = first(where: { $0.key == path.text }) { return .success(whole.value) }
        return UserDataValue.object(map { UserDataMember(key: $0.key, value: $0.value) }).value(at: path)
    }

    /// The value at the path written `text`, or nil when it is not a path or leads nowhere.
    func value(at text: String) -> UserDataValue? {
        guard let path = UserDataPath(parsing: text) else { return nil }
        return try? value(at: path).get()
    }
}
