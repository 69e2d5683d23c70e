/// A vector tile layer's attribute keys and values (MVT's `keys` and `values` tables), which its
/// features' tags point into: each string is kept once a layer, not once a feature.
package final class VectorTileAttributeTable: Sendable {
    /// The layer's keys, by index.
    let keys: [String]
    /// The layer's values, by index; nil for a value of no kind this decoder knows (a later version's).
    let values: [FeatureValue?]

    /// The tables as the tile holds them: nothing is built from them (a hostile tile of 400,000 keys costs
    /// its strings and nothing more).
    init(keys: [String], values: [FeatureValue?]) {
        self.keys = keys
        self.values = values
    }

    /// An empty table: the features of a layer without keys share it.
    static let empty = VectorTileAttributeTable(keys: [], values: [])
}

/// A feature's attributes: pairs of indexes into its layer's `VectorTileAttributeTable` (a few bytes a
/// feature, where a dictionary of its own would copy every key), read by name as MapLibre reads them: a
/// look along the feature's few tags, comparing key strings (a table may hold one string twice). When a
/// key is tagged twice, the last tag wins, as protocol buffers merge. A label's localised `name` is set
/// over them without touching the table.
package struct FeatureAttributes: Sendable {
    private let table: VectorTileAttributeTable
    /// Key index, value index, key index, value index, …: values of known kinds only.
    private let tags: [UInt32]
    /// Values set after decoding (nil: removed), read before the tags.
    private var replaced: [String: FeatureValue?] = [:]

    /// `tags` as a tile holds them (pairs of key and value indexes, already checked against `table`'s
    /// sizes): pairs with a value of no known kind are left out.
    init(table: VectorTileAttributeTable, checkedTags: [UInt32]) {
        self.table = table
        var kept: [UInt32] = []
        kept.reserveCapacity(checkedTags.count)
        for pair in stride(from: 0, to: checkedTags.count, by: 2) where table.values[Int(checkedTags[pair + 1])] != nil {
            kept.append(checkedTags[pair])
            kept.append(checkedTags[pair + 1])
        }
        tags = kept
    }

    /// Attributes of their own (tests, fuzz targets, features made by hand).
    package init(_ attributes: [String: FeatureValue]) {
        let keys = Array(attributes.keys).sorted()
        table = VectorTileAttributeTable(keys: keys, values: keys.map { attributes[$0] })
        tags = keys.indices.flatMap { [UInt32($0), UInt32($0)] }
    }

    /// The value of `key`, or nil when the feature has none.
    package subscript(key: String) -> FeatureValue? {
        get {
            if !replaced.isEmpty, let value = replaced[key] { return value }
            for pair in stride(from: tags.count - 2, through: 0, by: -2) where table.keys[Int(tags[pair])] == key {
                return table.values[Int(tags[pair + 1])]
            }
            return nil
        }
        set { replaced[key] = .some(newValue) }
    }

    /// Every attribute, by key.
    package var dictionary: [String: FeatureValue] {
        var attributes: [String: FeatureValue] = [:]
        for pair in stride(from: 0, to: tags.count, by: 2) {
            attributes[table.keys[Int(tags[pair])]] = table.values[Int(tags[pair + 1])]
        }
        for (key, value) in replaced { attributes[key] = value }
        return attributes
    }

    package var isEmpty: Bool { dictionary.isEmpty }

    /// About how many bytes the feature's own share takes (its tags), for the memory a tileset keeps.
    var estimatedBytes: Int { 32 + 4 * tags.count }

    /// The table the tags point into.
    var sharedTable: VectorTileAttributeTable { table }
}

extension FeatureAttributes: Equatable, ExpressibleByDictionaryLiteral {
    package static func == (lhs: FeatureAttributes, rhs: FeatureAttributes) -> Bool { lhs.dictionary == rhs.dictionary }

    package init(dictionaryLiteral elements: (String, FeatureValue)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension VectorTileAttributeTable {
    /// About how many bytes the table takes: its strings, values and index.
    var estimatedBytes: Int {
        var bytes = 64 + keys.count * 16 + values.count * 40
        for key in keys where key.utf8.count > 15 { bytes += 32 + key.utf8.count }
        for case .string(let text)? in values where text.utf8.count > 15 { bytes += 32 + text.utf8.count }
        return bytes
    }
}
