/// A digest of each key path of a spec as written (before a variant fills its catalog strings and data), kept in the image as
/// `infowin:spec-keys` so that a failed check can name the spec key that changed (`spec key
/// infoWindow.style.backgroundColor changed`): the cause that makes the failures of every variant of one
/// spec one group (SPEC.md, "Shards by render, causes, CI engines"). The digests are the canonical ones
/// the parser made already (`JSONValue.digest`), so this costs a walk of the objects and nothing more.
package enum SpecKeyDigests {
    /// The most key paths kept: beyond that (a spec of thousands of markers) the image keeps none, and a
    /// change is named by what the layout and the pixels say.
    package static let pathLimit = 2_000

    /// Every leaf's path as `DIGEST PATH` (16 hexadecimal digits, then the path as messages write it),
    /// descending through objects and through arrays of objects; an array of anything else (coordinates,
    /// a list of words) is one leaf. Nil when there are more than `pathLimit`.
    package static func lines(of root: JSONValue) -> [String]? {
        var lines: [String] = []
        var stack: [(JSONValue, JSONPath)] = [(root, .root)]
        while let (value, path) = stack.popLast() {
            switch value.kind {
            case .object(let members):
                for member in members.reversed() { stack.append((member.value, path.appending(member.key))) }
            case .array(let elements) where !elements.isEmpty && elements.allSatisfy({ if case .object = $0.kind { true } else { false } }):
                for (index, element) in elements.enumerated().reversed() { stack.append((element, path.appending(index))) }
            default:
                lines.append(value.canonicalDigest + " " + ascii(path.description))
                if lines.count > pathLimit { return nil }
            }
        }
        return lines
    }

    /// The sentence naming the key paths whose values differ between `golden` and `actual` (changed, added
    /// or removed), at most `named` of them and then how many more; nil when none differs. `noun` names
    /// what the lines are the keys of: `spec key` (a spec's paths), `catalog key` (`infowin:catalog-keys`).
    package static func change(golden: [String], actual: [String], noun: String = "spec key", named: Int = 3) -> String? {
        let before = Set(golden), after = Set(actual)
        var paths: [String] = []
        var seen = Set<String>()
        for line in actual + golden where !(before.contains(line) && after.contains(line)) {
            let path = String(line.drop { $0 != " " }.dropFirst())
            if seen.insert(path).inserted { paths.append(path) }
        }
        guard !paths.isEmpty else { return nil }
        if paths.count == 1 { return "\(noun) \(paths[0]) changed" }
        let shown = paths.prefix(named).joined(separator: ", ")
        let more = paths.count > named ? " and \(paths.count - named) more" : ""
        return "\(noun)s \(shown)\(more) changed"
    }

    /// The path in ASCII, as a PNG text chunk keeps it (Latin-1 would turn other letters into `?` and make
    /// the golden's path differ from the same path drawn now): other scalars as `\u{…}`.
    package static func ascii(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) else { return text }
        return text.unicodeScalars.map { $0.value >= 0x20 && $0.value < 0x7F ? String($0) : "\\u{" + String($0.value, radix: 16) + "}" }.joined()
    }
}
