/// The kinds of view a spec may write (SPEC.md, "Views"): a view holds exactly one of these keys. Adding a
/// kind here makes the compiler ask for its declaration below, its decoding (`SpecDecoder.decodeView`) and,
/// through the declaration, its schema entry and its README row.
enum SpecViewKind: String, CaseIterable, Sendable {
    case text, spans, image, vstack, hstack, zstack, spacer, divider

    /// The kind's own key: what it holds.
    var type: SpecValueType {
        switch self {
        case .text:
            .string("text; may hold {{title}}, {{snippet}}, {{id}}, {{userData.KEY}} (a path: {{userData.store.hours[0].open}}; {{properties.KEY}} is the same, as GeoJSON names it), and {{item}}, {{item.KEY}}, {{index}} in a forEach")
        case .spans: .array("one paragraph of runs, each in its own font and colour", of: .object(SpecDescription.span))
        case .image: .string("a PNG file (its path may hold templates), sandboxed as every asset")
        case .vstack: .array("children one under the other", of: .reference(.stackChild))
        case .hstack: .array("children side by side", of: .reference(.stackChild))
        case .zstack: .array("children over each other, later on top", of: .reference(.stackChild))
        case .spacer: .anyOf("a fixed gap in points, or null for all the free length", [.number("points", 0...4096), .null])
        case .divider: .object(SpecDescription.divider)
        }
    }

    /// The keys this kind takes besides its own and the modifiers.
    var keys: [SpecKey] {
        switch self {
        case .text, .spans: SpecDescription.textKeys
        case .image: [SpecDescription.viewKey("contentMode")]
        case .vstack, .hstack: [SpecDescription.viewKey("spacing"), SpecDescription.viewKey("align")]
        case .zstack: [SpecDescription.viewKey("align")]
        case .spacer, .divider: []
        }
    }

    /// The kinds' names, as messages list them.
    static var names: [String] { allCases.map(\.rawValue) }
}
