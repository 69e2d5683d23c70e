/// Where a value sits in a JSON document: `markers[2].position.latitude`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step down: an object key or an array index.
    package enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The steps from the root.
    package private(set) var components: [Component]

    /// The root of the document.
    package static let root = JSONPath(components: [])

    /// Makes a path from its steps.
    package init(components: [Component]) {
        self.components = components
    }

    /// This path followed by an object key.
    package func appending(_ key: String) -> JSONPath {
        JSONPath(components: components + [.key(key)])
    }

    /// This path followed by an array index.
    package func appending(_ index: Int) -> JSONPath {
        JSONPath(components: components + [.index(index)])
    }

    /// The path as users write it; keys that are not plain names are quoted: `userData["a b"]`.
    public var description: String {
        guard !components.isEmpty else { return "(the whole spec)" }
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where key.isPlainName && key.count <= 60:
                text += text.isEmpty ? key : "." + key
            case .key(let key):
                text += "[\(JSONWriter.quoted(key.abbreviated(60)))]"
            }
        }
        return text
    }
}

extension String {
    fileprivate var isPlainName: Bool {
        guard let first = unicodeScalars.first, first == "_" || first.properties.isAlphabetic && first.isASCII else {
            return false
        }
        return unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}

extension String {
    /// The string cut to at most `limit` characters, "…" marking the cut: hostile values stay short in messages.
    package func abbreviated(_ limit: Int) -> String {
        guard let end = index(startIndex, offsetBy: limit, limitedBy: endIndex), end < endIndex else { return self }
        return String(self[..<end]) + "…"
    }
}
