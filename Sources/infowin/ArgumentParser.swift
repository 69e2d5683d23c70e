import InfoWinKit
/// One option a command accepts.
struct OptionSpec {
    /// Every spelling: `["-o", "--output"]`.
    let names: [String]
    /// The value's placeholder in help (`OUT.png`), or nil for a flag.
    let valueName: String?
    /// One line of help.
    let help: String
    /// True when it may be given more than once.
    var repeatable = false

    var key: String { names.last! }
}

/// A command line that is wrong; the message says how. A few faults found while the options are read
/// are the work's, not the command line's (a malformed catalog): those carry `.failure`, exit status 1.
struct UsageError: Error {
    let message: String
    var status: ExitStatus = .usage

    /// ` (did you mean 'NAME'?)` after an unknown word when a near `name` was found; nothing when none was.
    static func didYouMean(_ name: String?) -> String {
        name.map { " (did you mean '\($0)'?)" } ?? ""
    }
}

/// The arguments of one command, split into positionals, option values and flags.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    func value(_ key: String) -> String? { values[key]?.last }

    /// Splits `arguments` by `options`; `--` ends the options, `-` alone is a positional (standard input).
    static func parse(_ arguments: [String], options: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            var argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            guard let option = options.first(where: { $0.names.contains(argument) }) else {
                let known = options.flatMap(\.names).filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) }
                let hint = closestOption(argument, among: known).map { " (did you mean --\($0)?)" } ?? ""
                throw UsageError(message: "unknown option \(argument)\(hint)")
            }
            guard option.valueName != nil else {
                if inlineValue != nil { throw UsageError(message: "\(argument) takes no value") }
                parsed.flags.insert(option.key)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else {
                    throw UsageError(message: "\(argument) needs a value (\(option.valueName!))")
                }
                value = arguments[index]
                index += 1
            }
            // An empty path would be "cannot write" much later; no option takes an empty value.
            guard !value.isEmpty else {
                throw UsageError(message: "\(argument) needs a value (\(option.valueName!)), got an empty one")
            }
            if parsed.values[option.key] != nil && !option.repeatable {
                throw UsageError(message: "\(argument) is given more than once")
            }
            parsed.values[option.key, default: []].append(value)
        }
        return parsed
    }

    private static func closestOption(_ argument: String, among known: [String]) -> String? {
        let name = argument.drop { $0 == "-" }
        return known.first { $0.hasPrefix(name) && !name.isEmpty } ?? known.first { name.hasPrefix($0) }
            ?? closestName(to: String(name), among: known)
    }
}
