import InfoWinKit

/// Writes `CheckResults` as `results.json`: the keys SPEC.md names, `ms` among them (what
/// `--shard-by time --timings` reads) when known, then `seconds` and `group` (the failure's cause, null for an
/// entry that does not fail), and `crashed`, `newGolden`, `shard` and `skipped` on an entry only when they say something.
package enum CheckResultsWriter {
    /// The pretty-printed JSON text, with a final line break.
    package static func text(_ results: CheckResults) -> String {
        JSONWriter.write(json(results)) + "\n"
    }

    package static func json(_ results: CheckResults) -> JSONValue.Kind {
        var object = JSONValue.Kind.members([
            "shard": results.shard.map { .string($0) } ?? .null,
            "goldenFolder": .string(results.goldenFolder),
            "specs": .list(results.specs.map(entry)),
        ])
        if results.silencedWarnings > 0 { object = object.adding("silencedWarnings", .number(Double(results.silencedWarnings))) }
        return object
    }

    private static func entry(_ entry: CheckResults.Entry) -> JSONValue.Kind {
        var object = JSONValue.Kind.members([
            "name": .string(entry.name), "spec": .string(entry.spec), "golden": .string(entry.golden),
            "status": .string(entry.status.rawValue), "kind": entry.kind.map { .string($0.rawValue) } ?? .null,
            "messages": .list(entry.messages.map { .string($0) }),
            "images": entry.images.map { images in
                .members([
                    "expected": optional(images.expected), "actual": optional(images.actual), "diff": optional(images.diff),
                ])
            } ?? .null,
            "seconds": .number(entry.seconds),
            "group": entry.fails ? .string(entry.groupName) : .null,
        ])
        if let ms = entry.ms { object = object.adding("ms", .number(ms)) }
        if entry.crashed { object = object.adding("crashed", .bool(true)) }
        if entry.newGolden { object = object.adding("newGolden", .bool(true)) }
        if let shard = entry.shard { object = object.adding("shard", .string(shard)) }
        if let skipped = entry.skipped { object = object.adding("skipped", .string(skipped)) }
        return object
    }

    private static func optional(_ text: String?) -> JSONValue.Kind {
        text.map { .string($0) } ?? .null
    }
}
