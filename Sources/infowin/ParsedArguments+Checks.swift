/// The checks of a command's arguments that several commands make, each with the command's own words.
extension ParsedArguments {
    /// The value of the option `key`, or a usage error saying `missing` (what the command needs it for).
    func required(_ key: String, missing: String) throws(UsageError) -> String {
        guard let value = value(key) else { throw UsageError(message: missing) }
        return value
    }

    /// Nothing when there are no positionals; else a usage error whose message `message` makes of them,
    /// joined by spaces.
    func expectNoPositionals(_ message: (_ given: String) -> String) throws(UsageError) {
        guard positionals.isEmpty else { throw UsageError(message: message(positionals.joined(separator: " "))) }
    }

    /// The one SPEC of a command that takes exactly one (`hit`, `play`).
    func oneSpec() throws(UsageError) -> String {
        guard positionals.count == 1 else {
            throw UsageError(message: positionals.isEmpty ? "missing SPEC" : "expected one SPEC, got \(positionals.count)")
        }
        return positionals[0]
    }
}
