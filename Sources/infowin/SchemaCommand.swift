import InfoWinCheck
import InfoWinKit

/// `infowin schema [--config]`.
struct SchemaCommand: Command {
    static let name = "schema"
    static let summary = "print the JSON Schema of the spec format (the same as spec.schema.json), or of infowin.json"
    static let usage = "infowin schema [--config]"
    static let discussion = """
        Prints the JSON Schema (draft 2020-12) of the spec format, with SPEC.md's words as descriptions, so
        that editors complete and explain keys: put "$schema": "./spec.schema.json" (a copy of this output,
        or the file at the repository's root) at the top of a spec. The schema checks structure (keys,
        types, ranges); infowin validate checks the rest (ids, files, fonts, layout).
        --config prints the schema of the project config file, infowin.json, instead (its keys and their
        types; the ranges of numbers are the options' own, checked when the file is read).
        """
    static let options = [
        OptionSpec(names: ["--config"], valueName: nil, help: "print the schema of the project config file (infowin.json) instead"),
    ]
    /// Its `--config` is a flag of its own, and nothing it does has an option a config could set.
    static let readsProjectConfig = false

    let ofConfig: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.expectNoPositionals { "schema takes no arguments, got \($0)" }
        ofConfig = arguments.flags.contains("--config")
    }

    func run() -> ExitStatus {
        Console.document(ofConfig ? ProjectConfigSchema.text : SpecSchema.text)
        return .success
    }
}
