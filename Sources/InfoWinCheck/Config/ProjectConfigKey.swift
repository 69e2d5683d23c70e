import InfoWinKit

/// One key of the project config file: its name, the JSON it takes, the command-line option it gives a
/// default value to, and its help. The table of them (`ProjectConfig.keys`) is the one description the
/// decoder, `infowin schema --config` and the reference page's table are made from.
package struct ProjectConfigKey {
    /// The key as written in the file: `maxDiffPixels`.
    package let name: String
    /// The JSON it takes, in words: `list of paths`, `number`.
    package let type: String
    /// The option it gives a default value to (`--max-diff-pixels`); nil for `$schema`.
    package let option: String?
    /// Flags it sets beside its option, wherever the command has them: `fonts` sets `--hermetic-fonts`.
    package let alsoSets: [String]
    /// What it does, one line.
    package let help: String
    /// Its JSON Schema.
    let schema: JSONValue.Kind
    /// Reads its value into the config.
    let read: (ProjectConfigReader, JSONValue, JSONPath, inout ProjectConfig) throws(InfoWinError) -> Void
    /// The option's values it gives: one, or one per file (`--font`), or none for a flag it sets; nil when
    /// it gives nothing (not written, or false).
    package let optionValues: (ProjectConfig) -> [String]?
}

/// What a path in the config names, which says what must already be there.
enum ConfigPathRole {
    /// A font file, which must exist; its real path is kept, as `--font` keeps it.
    case fontFile
    /// A folder that must exist.
    case folder
    /// A file or a folder that must exist (`--strings` takes either).
    case input
    /// A folder written into: it need not exist yet.
    case outputFolder
    /// A file written: it need not exist yet.
    case outputFile

    /// The JSON a key of this role takes, in words.
    var type: String {
        switch self {
        case .folder, .outputFolder: "folder"
        case .fontFile, .input, .outputFile: "path"
        }
    }
}

extension ProjectConfigKey {
    private static func described(_ schema: JSONValue.Kind, _ help: String) -> JSONValue.Kind {
        schema.adding("description", .string(help))
    }

    private static let pathSchema = JSONValue.Kind.members(["type": .string("string"), "minLength": .number(1)])

    /// A key holding one path (`golden`), given to `option` as an absolute path.
    static func path(
        _ name: String, _ field: WritableKeyPath<ProjectConfig, String?>, role: ConfigPathRole, option: String, help: String
    ) -> ProjectConfigKey {
        ProjectConfigKey(
            name: name, type: role.type, option: option, alsoSets: [], help: help, schema: described(pathSchema, help),
            read: { reader, value, path, config throws(InfoWinError) in config[keyPath: field] = try reader.path(value, path, role: role) },
            optionValues: { config in config[keyPath: field].map { [$0] } })
    }

    /// A key holding one of `names` or else a path that must exist (`style`: `light` or a style file), given
    /// to `option` as the name or an absolute path.
    static func nameOrPath(
        _ name: String, _ field: WritableKeyPath<ProjectConfig, String?>, names: [String], option: String, help: String
    ) -> ProjectConfigKey {
        ProjectConfigKey(
            name: name, type: "name or path", option: option, alsoSets: [], help: help, schema: described(pathSchema, help),
            read: { reader, value, path, config throws(InfoWinError) in
                if case .string(let text) = value.kind, names.contains(text) {
                    config[keyPath: field] = text
                } else {
                    config[keyPath: field] = try reader.path(value, path, role: .input)
                }
            },
            optionValues: { config in config[keyPath: field].map { [$0] } })
    }

    /// A key holding a list of paths (`assetRoots`), given to `option` once each; `minimum` entries at least.
    static func paths(
        _ name: String, _ field: WritableKeyPath<ProjectConfig, [String]?>, role: ConfigPathRole, option: String,
        alsoSets: [String] = [], minimum: Int = 0, help: String
    ) -> ProjectConfigKey {
        var schema = JSONValue.Kind.members(["type": .string("array"), "items": pathSchema])
        if minimum > 0 { schema = schema.adding("minItems", .number(Double(minimum))) }
        return ProjectConfigKey(
            name: name, type: role == .folder ? "list of folders" : "list of paths", option: option, alsoSets: alsoSets, help: help,
            schema: described(schema, help),
            read: { reader, value, path, config throws(InfoWinError) in
                config[keyPath: field] = try reader.list(value, path, of: role == .fontFile ? "font files" : "folders", minimum: minimum) {
                    value, path throws(InfoWinError) in try reader.path(value, path, role: role)
                }
            },
            optionValues: { config in config[keyPath: field].flatMap { $0.isEmpty ? nil : $0 } })
    }

    /// A key holding a list of names (`allowIconHosts`), given to `option` once each; the option checks them.
    static func repeated(
        _ name: String, _ field: WritableKeyPath<ProjectConfig, [String]?>, of noun: String, option: String, help: String
    ) -> ProjectConfigKey {
        let schema = JSONValue.Kind.members(["type": .string("array"), "items": .members(["type": .string("string"), "minLength": .number(1)])])
        return ProjectConfigKey(
            name: name, type: "list of names", option: option, alsoSets: [], help: help, schema: described(schema, help),
            read: { reader, value, path, config throws(InfoWinError) in
                config[keyPath: field] = try reader.list(value, path, of: noun, minimum: 0) { value, path throws(InfoWinError) in try reader.word(value, path) }
            },
            optionValues: { config in config[keyPath: field].flatMap { $0.isEmpty ? nil : $0 } })
    }

    /// A key holding an object of names, each to one of `names` or else a path that must exist (`mapIds`:
    /// `{"night": "night.json"}`), given to `option` once a member as `NAME=VALUE` (the path absolute).
    static func namedStyles(
        _ name: String, _ field: WritableKeyPath<ProjectConfig, [String]?>, names: [String], option: String, help: String
    ) -> ProjectConfigKey {
        let schema = JSONValue.Kind.members(["type": .string("object"), "additionalProperties": pathSchema])
        return ProjectConfigKey(
            name: name, type: "object of names to a name or path", option: option, alsoSets: [], help: help, schema: described(schema, help),
            read: { reader, value, path, config throws(InfoWinError) in
                guard case .object(let members) = value.kind else {
                    throw reader.mismatch(value, path, expected: "an object of names and styles ({\"night\": \"dark\"})")
                }
                var values: [String] = []
                for member in members {
                    let memberPath = path.appending(member.key)
                    if case .string(let text) = member.value.kind, names.contains(text) {
                        values.append("\(member.key)=\(text)")
                    } else {
                        values.append("\(member.key)=\(try reader.path(member.value, memberPath, role: .input))")
                    }
                }
                config[keyPath: field] = values
            },
            optionValues: { config in config[keyPath: field].flatMap { $0.isEmpty ? nil : $0 } })
    }

    /// A key holding a list of names from `allowed` (`failOn`), given to `option` comma-separated.
    static func names(
        _ name: String, _ field: WritableKeyPath<ProjectConfig, [String]?>, allowed: [String], option: String, help: String
    ) -> ProjectConfigKey {
        let schema = JSONValue.Kind.members(["type": .string("array"), "items": .members(["enum": .list(allowed.map { .string($0) })])])
        return ProjectConfigKey(
            name: name, type: "list of names", option: option, alsoSets: [], help: help, schema: described(schema, help),
            read: { reader, value, path, config throws(InfoWinError) in
                config[keyPath: field] = try reader.list(value, path, of: "names", minimum: 0) { value, path throws(InfoWinError) in
                    try reader.choice(value, path, among: allowed)
                }
            },
            optionValues: { config in config[keyPath: field].flatMap { $0.isEmpty ? nil : [$0.joined(separator: ",")] } })
    }

    /// A key holding a list of words, or one word alone (`"all"` when `only` names it, else any), given to
    /// `option` comma-separated: `locales`, `traits`.
    static func words(
        _ name: String, _ field: WritableKeyPath<ProjectConfig, [String]?>, of noun: String, only: String?, option: String, help: String
    ) -> ProjectConfigKey {
        let word = JSONValue.Kind.members(["type": .string("string"), "minLength": .number(1), "pattern": .string("^[^,]+$")])
        let list = JSONValue.Kind.members(["type": .string("array"), "items": word, "minItems": .number(1)])
        let alone = only.map { JSONValue.Kind.members(["const": .string($0)]) } ?? word
        return ProjectConfigKey(
            name: name, type: only.map { "list, or \"\($0)\"" } ?? "list, or one name", option: option, alsoSets: [], help: help,
            schema: described(.members(["anyOf": .list([list, alone])]), help),
            read: { reader, value, path, config throws(InfoWinError) in
                config[keyPath: field] = try reader.words(value, path, of: noun, only: only)
            },
            optionValues: { config in config[keyPath: field].map { [$0.joined(separator: ",")] } })
    }

    /// A key holding one JSON scalar of `schemaType`, read by `read`, its option's values made by `values`.
    private static func scalar<Value>(
        _ name: String, _ field: WritableKeyPath<ProjectConfig, Value?>, type: String, schemaType: String, option: String, help: String,
        read: @escaping (ProjectConfigReader, JSONValue, JSONPath) throws(InfoWinError) -> Value, values: @escaping (Value) -> [String]?
    ) -> ProjectConfigKey {
        ProjectConfigKey(
            name: name, type: type, option: option, alsoSets: [], help: help,
            schema: described(.members(["type": .string(schemaType)]), help),
            read: { reader, value, path, config throws(InfoWinError) in config[keyPath: field] = try read(reader, value, path) },
            optionValues: { config in config[keyPath: field].flatMap(values) })
    }

    /// A key holding a number, given to `option` as written; its range is the option's.
    static func number(_ name: String, _ field: WritableKeyPath<ProjectConfig, Double?>, option: String, help: String) -> ProjectConfigKey {
        scalar(name, field, type: "number", schemaType: "number", option: option, help: help, read: { reader, value, path throws(InfoWinError) in
            try reader.values.number(value, path)
        }, values: { [JSONWriter.format($0)] })
    }

    /// A key holding a whole number, given to `option`; its range is the option's.
    static func wholeNumber(_ name: String, _ field: WritableKeyPath<ProjectConfig, Int?>, option: String, help: String) -> ProjectConfigKey {
        scalar(name, field, type: "whole number", schemaType: "integer", option: option, help: help, read: { reader, value, path throws(InfoWinError) in
            try reader.wholeNumber(value, path)
        }, values: { [String($0)] })
    }

    /// A key holding true or false: true sets the flag `option`; false leaves it unset.
    static func flag(_ name: String, _ field: WritableKeyPath<ProjectConfig, Bool?>, option: String, help: String) -> ProjectConfigKey {
        scalar(name, field, type: "boolean", schemaType: "boolean", option: option, help: help, read: { reader, value, path throws(InfoWinError) in
            try reader.values.bool(value, path)
        }, values: { $0 ? [] : nil })
    }

    /// `$schema`: any string, read by editors, not by infowin.
    static var schemaReference: ProjectConfigKey {
        ProjectConfigKey(
            name: "$schema", type: "string", option: nil, alsoSets: [],
            help: "the file's JSON Schema, for editors (infowin schema --config > infowin.schema.json); infowin ignores it",
            schema: .members(["type": .string("string")]),
            read: { reader, value, path, config throws(InfoWinError) in config.schema = try reader.values.string(value, path) },
            optionValues: { _ in nil })
    }
}
