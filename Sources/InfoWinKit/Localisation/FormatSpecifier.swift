/// One `%` specifier of a format string: which argument it shows and how.
struct FormatSpecifier: Sendable, Equatable {
    /// How the argument is shown.
    enum Conversion: Sendable, Equatable {
        /// `%@`: a text as it is, a number as an NSNumber describes itself (5, 2.5).
        case object
        /// `%d`, `%i`, `%ld`, `%lld`: a whole number.
        case signed
        /// `%u`, `%lu`, `%llu`: a whole number of 0 or more.
        case unsigned
        /// `%f` (6 fraction digits), `%.Nf` (N).
        case float(fractionDigits: Int)
    }

    /// The argument's position from 1 (`%2$@`), or nil for the next one in turn.
    var position: Int?
    var conversion: Conversion
    /// The specifier as written, for messages (`%2$lld`).
    var text: String
}

/// One piece of a parsed format string.
enum FormatToken: Sendable, Equatable {
    /// Text shown as it is (`%%` already made `%`).
    case literal(String)
    /// An argument shown by a specifier.
    case specifier(FormatSpecifier)
    /// `%#@name@`: the form of a substitution, chosen by its own argument.
    case substitution(name: String, position: Int?)
}
