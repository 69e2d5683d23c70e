/// One XML element: its name, attributes in order, children, and where it starts.
struct MarkupElement {
    var name: String
    var attributes: [(name: String, value: String)]
    var children: [MarkupNode]
    var line: Int
    var column: Int

    /// An error about this element in `file`, giving its line and column.
    func failure(_ file: String, _ message: String) -> InfoWinError {
        .syntax(file: file, line: line, column: column, path: nil, message: message)
    }

    /// The value of an attribute, or nil.
    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The child elements, text left out.
    var elements: [MarkupElement] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// Every text inside, markup (`<b>`, `<xliff:g>`) dropped but its text kept.
    var textContent: String {
        children.map { node in
            switch node {
            case .text(let text): text
            case .element(let element): element.textContent
            }
        }.joined()
    }

    /// True when the element holds only elements and whitespace.
    var hasOnlyElements: Bool {
        children.allSatisfy { if case .text(let text) = $0 { text.allSatisfy(\.isWhitespace) } else { true } }
    }
}

/// A piece of an element's content.
indirect enum MarkupNode {
    case element(MarkupElement)
    case text(String)
}
