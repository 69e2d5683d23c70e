import InfoWinKit

/// Reads a `results.json` back (`report merge`). Tolerant of what other versions may write (unknown keys
/// are skipped; `group`, `ms`, `seconds`, `crashed`, `newGolden`, `goldenFolder` and the entries' `shard` may be missing),
/// strict about what the reports need: a wrong type, an unknown status or kind, an image path that
/// leaves the report folder and two entries of one name are errors naming the file and the JSON path.
package enum CheckResultsReader {
    /// The largest results file read: room for far more than 100,000 specs.
    static let byteLimit = 256 << 20

    /// The results in `bytes`, read from `file`.
    package static func results(_ bytes: [UInt8], file: String) throws(InfoWinError) -> CheckResults {
        let json = try JSONParser.parse(bytes, file: file)
        let reader = ValueReader(file: file)
        let root = try object(json, .root, reader)
        let shard = try root.optional("shard") { value, path throws(InfoWinError) in try shardText(value, path, reader) }
        let goldenFolder = try root.optional("goldenFolder", reader.string) ?? ""
        let list = try root.required("specs", reader.array)
        var specs: [CheckResults.Entry] = []
        var seen: [String: Int] = [:]
        for (index, value) in list.enumerated() {
            let path = JSONPath.root.appending("specs").appending(index)
            let entry = try self.entry(value, path, reader)
            if let first = seen[entry.name] {
                throw reader.failure(path.appending("name"), "\(JSONWriter.quoted(entry.name)) is also the name of specs[\(first)]: each spec is listed once")
            }
            seen[entry.name] = index
            specs.append(entry)
        }
        var results = CheckResults(shard: shard, goldenFolder: goldenFolder, specs: specs)
        results.silencedWarnings = try root.optional("silencedWarnings") { value, path throws(InfoWinError) in
            Int(try reader.number(value, path, in: 0...1e12))
        } ?? 0
        return results
    }

    private static func entry(_ value: JSONValue, _ path: JSONPath, _ reader: ValueReader) throws(InfoWinError) -> CheckResults.Entry {
        let members = try object(value, path, reader)
        let status = try members.required("status") { value, path throws(InfoWinError) in
            try reader.choice(value, path, among: CheckResults.Status.self)
        }
        let kind = try members.optional("kind") { value, path throws(InfoWinError) in try reader.choice(value, path, among: FailureKind.self) }
        if status == .passed, kind != nil {
            throw reader.failure(path.appending("kind"), "must be null for a spec that passed")
        }
        if status == .failed || status == .error, kind == nil {
            throw reader.failure(path.appending("kind"), "is required for a spec that \(status == .failed ? "failed" : "could not be checked")")
        }
        let messages = try members.optional("messages") { value, path throws(InfoWinError) in
            try reader.array(value, path).enumerated().map { (index, message) throws(InfoWinError) in try reader.string(message, path.appending(index)) }
        } ?? []
        let images = try members.optional("images") { value, path throws(InfoWinError) -> CheckResults.Images in
            let images = try object(value, path, reader)
            let image = { (key: String) throws(InfoWinError) -> String? in
                try images.optional(key) { value, path throws(InfoWinError) in try insidePath(value, path, reader) }
            }
            return CheckResults.Images(expected: try image("expected"), actual: try image("actual"), diff: try image("diff"))
        }
        var entry = CheckResults.Entry(
            name: try members.required("name", reader.string), spec: try members.required("spec", reader.string),
            golden: try members.required("golden", reader.string), status: status, kind: kind, messages: messages, images: images)
        entry.seconds = try members.optional("seconds") { value, path throws(InfoWinError) in
            try reader.number(value, path, in: 0...1e9)
        } ?? 0
        entry.ms = try members.optional("ms") { value, path throws(InfoWinError) in try reader.number(value, path, in: 0...1e12) }
        entry.crashed = try members.optional("crashed", reader.bool) ?? false
        entry.newGolden = try members.optional("newGolden", reader.bool) ?? false
        entry.skipped = try members.optional("skipped", reader.string)
        entry.group = try members.optional("group", reader.string)
        entry.shard = try members.optional("shard") { value, path throws(InfoWinError) in try shardText(value, path, reader) }
        return entry
    }

    /// An object whose keys are not checked: a newer infowin may write more.
    private static func object(_ value: JSONValue, _ path: JSONPath, _ reader: ValueReader) throws(InfoWinError) -> ObjectReader {
        guard case .object(let members) = value.kind else { throw reader.mismatch(value, path, expected: "an object") }
        return ObjectReader(reader: reader, path: path, members: members)
    }

    /// `K/N` with 1 ≤ K ≤ N.
    private static func shardText(_ value: JSONValue, _ path: JSONPath, _ reader: ValueReader) throws(InfoWinError) -> String {
        let text = try reader.string(value, path)
        guard Shard.parse(text) != nil else { throw reader.failure(path, "expected a shard K/N with 1 ≤ K ≤ N, got \(JSONWriter.quoted(text.abbreviated(40)))") }
        return text
    }

    /// A path inside the report folder: relative, with no `..`, empty or `.` segment, no backslash and no
    /// control character, so that no results file can make a report show or copy a file outside its folder.
    private static func insidePath(_ value: JSONValue, _ path: JSONPath, _ reader: ValueReader) throws(InfoWinError) -> String {
        let text = try reader.string(value, path)
        let segments = text.split(separator: "/", omittingEmptySubsequences: false)
        let escapes = text.isEmpty || text.hasPrefix("/") || text.contains("\\")
            || text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            || segments.contains { $0.isEmpty || $0 == "." || $0 == ".." }
        if escapes {
            throw reader.failure(path, "\(JSONWriter.quoted(text.abbreviated(60))) is not a path inside the report folder (expected a relative path without '..')")
        }
        return text
    }
}
