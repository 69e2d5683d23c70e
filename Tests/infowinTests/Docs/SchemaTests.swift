import Foundation
import InfoWinTestSupport
import Testing

private let repository = CLI.repository

/// Runs `python` with the schema and the specs given (JSON texts); returns, for each spec, whether the
/// schema accepts it (a real validator: jsonschema's Draft 2020-12).
private func schemaAccepts(_ specs: [String]) throws -> [Bool] {
    try schema(at: repository.appendingPathComponent("spec.schema.json").path, accepts: specs)
}

/// For each document (JSON text), whether the schema in the file at `schemaPath` accepts it.
func schema(at schemaPath: String, accepts documents: [String]) throws -> [Bool] {
    let specs = documents
    let folder = try TemporaryFolder()
    for (index, spec) in specs.enumerated() { try folder.write(spec, to: "\(index).json") }
    let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        for path in sys.argv[2:]:
            print("yes" if validator.is_valid(json.load(open(path))) else "no")
        """
    let arguments = ["-c", script, schemaPath] + specs.indices.map { folder.path("\($0).json") }
    let result = try CLI.run(arguments, executable: URL(fileURLWithPath: Tools.python))
    guard result.status == 0 else { throw SchemaTestError(description: result.stderr) }
    return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map { $0 == "yes" }
}

private struct SchemaTestError: Error, CustomStringConvertible {
    let description: String
}

@Suite("infowin schema and spec.schema.json")
struct SchemaTests {
    @Test("infowin schema prints spec.schema.json, the file at the repository's root")
    func schemaFileIsCurrent() throws {
        let printed = try CLI.run(["schema"])
        #expect(printed.status == 0)
        let file = try Data(contentsOf: repository.appendingPathComponent("spec.schema.json"))
        #expect(printed.stdout == Array(file), "spec.schema.json is stale: run .build/debug/infowin schema > spec.schema.json")
    }

    @Test("the schema accepts every example", .enabled(if: Tools.jsonschema, "python3-jsonschema is not installed (make test installs it)"))
    func acceptsEveryExample() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Examples").path).sorted()
            .map { repository.appendingPathComponent("Examples/\($0)/spec.json") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        let texts = try examples.map { String(decoding: try Data(contentsOf: $0), as: UTF8.self) }
        let accepted = try schemaAccepts(texts)
        for (example, ok) in zip(examples, accepted) {
            #expect(ok, "\(example.deletingLastPathComponent().lastPathComponent) is refused by the schema")
        }
    }

    @Test("what the decoder refuses for its structure, the schema refuses too",
          .enabled(if: Tools.jsonschema, "python3-jsonschema is not installed (make test installs it)"))
    func rejectsWhatTheDecoderRejects() throws {
        let map = #""map": {"width": 390, "height": 300, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 3}}"#
        let bad = [
            #"{"map": {"width": 390, "height": 300}}"#,
            "{\(map), \"markrs\": []}",
            #"{"map": {"width": 0, "height": 300, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 3}}}"#,
            #"{"map": {"width": 390, "height": 300, "camera": {"target": {"latitude": 95, "longitude": 0}, "zoom": 3}}}"#,
            "{\(map), \"markers\": [{\"id\": \"a\"}]}",
            "{\(map), \"markers\": [{\"id\": \"a\", \"position\": {\"lat\": 1, \"lng\": 2}}]}",
            "{\(map), \"look\": \"windows\"}",
            "{\(map), \"infoWindow\": {\"style\": {\"textAlign\": \"left\"}}}",
            "{\(map), \"infoWindow\": {\"style\": {\"titleColor\": \"reddish\"}}}",
            "{\(map), \"infoWindow\": {\"contents\": {\"text\": \"a\", \"colour\": \"#fff\"}}}",
            "{\(map), \"crop\": {\"to\": \"everything\"}}",
            "{\(map), \"version\": 2}",
        ]
        let accepted = try schemaAccepts(bad)
        let folder = try TemporaryFolder()
        for (index, (spec, ok)) in zip(bad, accepted).enumerated() {
            #expect(!ok, "the schema accepts \(spec)")
            try folder.write(spec, to: "\(index).json")
            let decoded = try CLI.run(["validate", "\(index).json"], in: folder.url)
            #expect(decoded.status == 1, "the decoder accepts \(spec)")
        }
        #expect(try schemaAccepts(["{\(map), \"$schema\": \"./spec.schema.json\"}"]) == [true])
    }
}
