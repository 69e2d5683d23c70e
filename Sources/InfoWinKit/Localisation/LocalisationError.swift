/// Why a localised string could not be filled in. The message says what is wrong with the string or its
/// arguments; the caller adds the key, the locale and the JSON path of the string that used it.
package enum LocalisationError: Error, Sendable, Equatable {
    /// The format string cannot be read (an unknown, unsupported or unfinished specifier).
    case badFormat(String)
    /// A specifier names an argument that was not given.
    case missingArgument(specifier: String, position: Int, given: Int)
    /// An argument is not of the kind its specifier shows (a text for `%lld`, 2.5 for `%d`).
    case wrongArgument(specifier: String, position: Int, argument: FormatArgument, expected: String)
    /// Plural variations with no number among the arguments to choose their form.
    case noNumber(given: Int)
    /// Arguments no specifier or plural form used, by position from 1.
    case unusedArguments([Int])
    /// The string has no form for what was asked (no `other` plural form, no `iphone` or `other` device).
    case missingForm(String)
    /// ICU failed to format a number or choose a plural form.
    case icu(String)

    /// The error in words, lower case.
    package var message: String {
        switch self {
        case .badFormat(let message), .missingForm(let message), .icu(let message):
            return message
        case .missingArgument(let specifier, let position, let given):
            return "\(specifier) wants argument \(position), but \(given == 1 ? "1 argument was" : "\(given) arguments were") given"
        case .wrongArgument(let specifier, let position, let argument, let expected):
            return "\(specifier) wants \(expected) as argument \(position), not \(argument.described)"
        case .noNumber(let given):
            return "plural variations need a number among the arguments, and " + (given == 0 ? "none was given" : "none of the \(given) is one")
        case .unusedArguments(let positions):
            let list = positions.map(String.init)
            let named = list.count == 1 ? "argument \(list[0]) is" : "arguments \(list.dropLast().joined(separator: ", ")) and \(list.last!) are"
            return "\(named) not used by the string"
        }
    }
}
