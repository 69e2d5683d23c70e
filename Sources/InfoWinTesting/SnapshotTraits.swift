/// The UIKit traits a snapshot is drawn in (`traits:`), as `infowin check --traits` takes them: one
/// (`"dark"`, `"AX3"`, `"dark.AX3"`), several (`["dark", "AX5"]`), or `.all` (light and dark × L, XXXL,
/// AX5). Each is a snapshot of its own, its golden named by the traits that are not the defaults:
/// `NAME.dark.png`, `NAME.AX5.png`, `NAME.dark.AX5.png` (after a locale: `NAME.de.dark.png`).
public enum SnapshotTraits: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
    /// One style, size or both: `dark`, `light`, `XS` … `XXXL`, `AX1` … `AX5`, `dark.AX3`.
    case one(String)
    /// Several, each a snapshot.
    case several([String])
    /// Light and dark, each at L, XXXL and AX5: six snapshots.
    case all

    /// `traits: "dark"`.
    public init(stringLiteral trait: String) {
        self = .one(trait)
    }

    /// `traits: ["dark", "AX5"]`.
    public init(arrayLiteral traits: String...) {
        self = .several(traits)
    }

    /// What `--traits` would be given: `dark`, `dark,AX5` or `all`. An empty list, or an item that is
    /// itself a list or `all`, is refused: each item is one trait.
    func optionValue() throws(SnapshotSetupError) -> String {
        switch self {
        case .all:
            return "all"
        case .one(let trait):
            try Self.check([trait])
            return trait
        case .several(let traits):
            try Self.check(traits)
            return traits.joined(separator: ",")
        }
    }

    private static func check(_ traits: [String]) throws(SnapshotSetupError) {
        guard !traits.isEmpty else {
            throw SnapshotSetupError(message: "traits: expected at least one trait (dark, AX3, dark.AX3) or .all, got []")
        }
        for trait in traits where trait.isEmpty || trait.contains(",") || trait == "all" {
            throw SnapshotSetupError(
                message: "traits: expected one trait per item (dark, light, XS…XXXL, AX1…AX5, dark.AX3), or .all, got \"\(trait)\"")
        }
    }
}
