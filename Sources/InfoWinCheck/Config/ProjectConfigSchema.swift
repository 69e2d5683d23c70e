import InfoWinKit

/// The JSON Schema (draft 2020-12) of the project config file, `infowin schema --config`, made from the
/// keys' own table so that it cannot drift from the decoder. It gives the types; the ranges of numbers
/// are the options' own, checked when the file is read.
package enum ProjectConfigSchema {
    /// The schema as pretty-printed JSON text.
    package static var text: String { JSONWriter.write(schema) }

    static var schema: JSONValue.Kind {
        .members([
            "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
            "$id": .string("https://infowin.dev/config.schema.json"),
            "title": .string("infowin project config (\(ProjectConfig.fileName))"),
            "description": .string(
                "Default option values for every infowin command run in this folder or below it; an option given on the command line wins. Relative paths start from this file's folder."),
            "type": .string("object"),
            "properties": .object(ProjectConfig.keys.map { JSONMember(key: $0.name, kind: $0.schema) }),
            "additionalProperties": .bool(false),
        ])
    }
}
