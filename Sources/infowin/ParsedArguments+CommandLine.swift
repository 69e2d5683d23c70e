extension ParsedArguments {
    /// The arguments written back as a command line that parses to them again: `--option=value` for
    /// each value (a value that starts with `-` stays a value), each flag, then `--` and the positionals.
    var commandLine: [String] {
        let options = values.keys.sorted().flatMap { key in (values[key] ?? []).map { "\(key)=\($0)" } }
        return options + flags.sorted() + ["--"] + positionals
    }
}
