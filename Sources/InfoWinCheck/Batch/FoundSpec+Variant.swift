import InfoWinKit

extension FoundSpec {
    /// The spec named with a variant's suffix (`pickup.json` → `pickup.en-XA.json`), so that its outputs and
    /// golden are the variant's (`pickup.en-XA.png`); a name without `.json` takes the suffix at its end.
    package func named(variant suffix: String) -> FoundSpec {
        guard !suffix.isEmpty else { return self }
        let name = relativePath.hasSuffix(".json") ? stem + suffix + ".json" : relativePath + suffix
        return FoundSpec(path: path, relativePath: name, root: root)
    }

    /// The relative path of the spec `named(variant: suffix)` was made from: `pickup.json` for
    /// `pickup.en-XA.json`, the file that exists.
    package func name(without suffix: String) -> String {
        guard !suffix.isEmpty else { return relativePath }
        if relativePath.hasSuffix(suffix + ".json") { return String(relativePath.dropLast(suffix.count + 5)) + ".json" }
        return relativePath.hasSuffix(suffix) ? String(relativePath.dropLast(suffix.count)) : relativePath
    }
}
