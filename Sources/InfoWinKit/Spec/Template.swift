/// Text with `{{title}}`, `{{snippet}}`, `{{id}}` and `{{userData.key}}` (or `{{properties.key}}`, GeoJSON's
/// word for it) placeholders, parsed once.
package struct Template: Sendable, Equatable {
    /// A run of plain text or a placeholder.
    package enum Part: Sendable, Equatable {
        case literal(String)
        case title, snippet, id
        case userData(String)
        /// `{{properties.KEY}}`: the same value as `{{userData.KEY}}`, as GeoJSON names a point's values.
        case properties(String)
        /// `{{item}}` and `{{index}}`: the element of a `forEach` and its index from 0.
        case item, index
        /// `{{item.name}}`: a value inside the `forEach` element, an object (`name`, `address.city`, `hours[0]`).
        case itemPath(String)
        /// `{{strings.KEY(userData.x, …)}}` in a view every marker shares: filled per marker.
        case localised(LocalisedPart)
    }

    /// The runs in order.
    package let parts: [Part]

    /// The names a template may use, for messages.
    static let knownNames = "{{title}}, {{snippet}}, {{id}}, {{userData.KEY}} (nested: {{userData.store.hours[0].open}}; {{properties.KEY}} is the same), and {{item}}, {{item.KEY}} and {{index}} inside a forEach"

    /// Parses `text`; an unknown placeholder name is an error naming it.
    package init(parsing text: String) throws(TemplateError) {
        try self.init(parsing: text, strings: nil)
    }

    /// Parses `text`, whose `{{strings.KEY(…)}}` placeholders (those left for each marker to fill) name
    /// strings of `strings`' catalog.
    init(parsing text: String, strings: StringsFiller?) throws(TemplateError) {
        var parts: [Part] = []
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            if open.lowerBound > rest.startIndex { parts.append(.literal(String(rest[..<open.lowerBound]))) }
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else {
                throw TemplateError(message: "\"{{\" is not closed by \"}}\"")
            }
            let name = rest[open.upperBound..<close.lowerBound].trimmingSpaces
            switch name {
            case "title": parts.append(.title)
            case "snippet": parts.append(.snippet)
            case "id": parts.append(.id)
            case "item": parts.append(.item)
            case "index": parts.append(.index)
            case _ where name.hasPrefix("userData.") && name.count > "userData.".count:
                let path = String(name.dropFirst("userData.".count))
                guard UserDataPath(parsing: path) != nil else {
                    throw TemplateError(message: "{{\(name)}} is not a userData path: keys joined by dots, indexes in brackets ({{userData.store.hours[0].open}})")
                }
                parts.append(.userData(path))
            case _ where name.hasPrefix("properties.") && name.count > "properties.".count:
                let path = String(name.dropFirst("properties.".count))
                guard UserDataPath(parsing: path) != nil else {
                    throw TemplateError(message: "{{\(name)}} is not a properties path: keys joined by dots, indexes in brackets ({{properties.address.city}})")
                }
                parts.append(.properties(path))
            case _ where name.hasPrefix("item.") && name.count > "item.".count:
                let path = String(name.dropFirst("item.".count))
                guard UserDataPath(parsing: path) != nil else {
                    throw TemplateError(message: "{{\(name)}} is not a path into the forEach element: keys joined by dots, indexes in brackets ({{item.address.city}})")
                }
                parts.append(.itemPath(path))
            case _ where name.hasPrefix("strings."):
                parts.append(.localised(try LocalisedPart(parsing: Substring(name.dropFirst("strings.".count)), strings: strings)))
            default:
                throw TemplateError(message: "unknown template name {{\(name)}}; the names are \(Self.knownNames)")
            }
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        self.parts = parts
    }

    /// The userData keys the template uses.
    var userDataKeys: [String] {
        userDataReferences.map(\.path)
    }

    /// Each userData value the template uses: its path and the placeholder as written, for messages.
    var userDataReferences: [(placeholder: String, path: String)] {
        parts.flatMap { part -> [(placeholder: String, path: String)] in
            switch part {
            case .userData(let key), .properties(let key): [(part.placeholder, key)]
            case .localised(let localised): localised.userDataKeys.map { (Part.userData($0).placeholder, $0) }
            default: []
            }
        }
    }

    /// The templates one after the other (a `spans` text's whole text).
    init(concatenating templates: [Template]) {
        parts = templates.flatMap(\.parts)
    }

    /// True when the template uses `{{item}}` or `{{index}}`.
    var usesItem: Bool {
        parts.contains { part in
            if case .itemPath = part { return true }
            return part == .item || part == .index
        }
    }

    /// The paths into the `forEach` element the template uses (`{{item.name}}` gives `name`).
    var itemPaths: [String] {
        parts.compactMap { if case .itemPath(let path) = $0 { path } else { nil } }
    }

    /// True when the template holds no placeholder.
    var isLiteral: Bool {
        parts.allSatisfy { if case .literal = $0 { true } else { false } }
    }

    /// The text for one marker (and the `forEach` element being drawn); nil title or snippet fill in as empty.
    func filled(for marker: MarkerSpec, item: RepeatItem? = nil) -> String {
        parts.map { (try? value(of: $0, for: marker, item: item)) ?? "" }.joined()
    }

    /// The text for one marker, each placeholder's value counted against `budget` before it is added, so
    /// that a template of many long `{{userData.KEY}}` values is refused while it grows.
    func filled(for marker: MarkerSpec, item: RepeatItem? = nil, budget: inout ExpansionBudget) throws(TemplateError) -> String {
        var text = ""
        for part in parts {
            let piece = try value(of: part, for: marker, item: item)
            let literal = if case .literal = part { true } else { false }
            try budget.grow(text.utf8.count, by: piece.utf8.count, replacing: literal ? piece.utf8.count : 0)
            text += piece
        }
        return text
    }

    private func value(of part: Part, for marker: MarkerSpec, item: RepeatItem?) throws(TemplateError) -> String {
        switch part {
        case .localised(let localised): try localised.text(for: marker)
        case .literal(let text): text
        case .title: marker.title ?? ""
        case .snippet: marker.snippet ?? ""
        case .id: marker.id
        case .userData(let key), .properties(let key): marker.userData.value(at: key)?.text ?? ""
        case .item: item?.value ?? ""
        case .itemPath(let path): item.flatMap { item in UserDataPath(parsing: path).flatMap { try? item.element.value(at: $0).get().text } } ?? ""
        case .index: item.map { String($0.index) } ?? ""
        }
    }
}

extension Template.Part {
    /// `{{userData.KEY}}` or `{{properties.KEY}}` as written, for messages; "" for other parts.
    var placeholder: String {
        switch self {
        case .userData(let key): "{{userData.\(key)}}"
        case .properties(let key): "{{properties.\(key)}}"
        default: ""
        }
    }
}

/// The element of a `forEach` array a repeated view is drawn for.
struct RepeatItem: Hashable, Sendable {
    /// The element as text ("" for an object).
    package let value: String
    /// The element, an object for `{{item.name}}`.
    package let element: UserDataValue
    /// Its index from 0.
    package let index: Int
    /// The indices of every enclosing `forEach`, outermost first, this one last: it tells the copies apart.
    package let path: [Int]
}

/// A template that cannot be parsed.
package struct TemplateError: Error, Sendable {
    /// What is wrong, lower case.
    package let message: String
}

extension Substring {
    /// The text without the spaces at its ends.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
