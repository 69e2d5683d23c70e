import InfoWinKit

/// `infowin schema`.
struct SchemaCommand: Command {
    static let name = "schema"
    static let summary = "print the JSON Schema of the spec format (the same as spec.schema.json)"
    static let usage = "infowin schema"
    static let discussion = """
        Prints the JSON Schema (draft 2020-12) of the spec format, with SPEC.md's words as descriptions, so
        that editors complete and explain keys: put "$schema": "./spec.schema.json" (a copy of this output,
        or the file at the repository's root) at the top of a spec. The schema checks structure (keys,
        types, ranges); infowin validate checks the rest (ids, files, fonts, layout).
        """
    static let options: [OptionSpec] = []

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else {
            throw UsageError(message: "schema takes no arguments, got \(arguments.positionals.joined(separator: " "))")
        }
    }

    func run() -> ExitStatus {
        Console.document(SpecSchema.text)
        return .success
    }
}
