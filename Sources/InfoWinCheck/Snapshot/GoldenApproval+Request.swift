import InfoWinKit

extension GoldenApproval {
    /// The most names one approval may list.
    static let nameLimit = 100_000

    /// The names an approval request's body lists: `{"names": ["a.json", …]}`; anything else is an error
    /// naming the JSON path and what was expected.
    package static func names(inRequest body: [UInt8]) throws(InfoWinError) -> [String] {
        let file = "the approval request"
        let json = try JSONParser.parse(body, file: file)
        let reader = ValueReader(file: file)
        guard case .object(let members) = json.kind else { throw reader.mismatch(json, .root, expected: "an object {\"names\": [...]}") }
        let object = ObjectReader(reader: reader, path: .root, members: members)
        let list = try object.required("names", reader.array)
        guard !list.isEmpty, list.count <= nameLimit else {
            throw reader.failure(JSONPath.root.appending("names"), "expected from 1 to \(Format.grouped(nameLimit)) spec names, got \(Format.grouped(list.count))")
        }
        return try list.enumerated().map { (index, value) throws(InfoWinError) in
            try reader.string(value, JSONPath.root.appending("names").appending(index))
        }
    }

    /// The answer to an approval: `{"approved": [{"name", "files": [...]}]}`.
    package static func answer(_ changes: [Change]) -> String {
        JSONWriter.write(.members([
            "approved": .list(changes.map { .members(["name": .string($0.name), "files": .list($0.files.map { .string($0) })]) }),
        ])) + "\n"
    }
}
