import ICUText

/// Fills format strings with one string's arguments in one locale, as `String.localizedStringWithFormat`
/// does: numbers in the locale's digits and separators, `%#@name@` by the plural form of its own argument.
/// It remembers which arguments were used, so that one left over is an error.
struct ArgumentFormatter {
    let arguments: [FormatArgument]
    let substitutions: [String: LocalisedSubstitution]
    let numbers: LocaleNumbers
    /// The arguments used so far, by position from 1.
    private(set) var used = Set<Int>()
    /// The position the next specifier without one takes.
    private var next = 1

    init(arguments: [FormatArgument], substitutions: [String: LocalisedSubstitution], numbers: LocaleNumbers) {
        self.arguments = arguments
        self.substitutions = substitutions
        self.numbers = numbers
    }

    /// `text` with every specifier filled in and every `%#@name@` replaced by its form.
    mutating func format(_ text: String) throws(LocalisationError) -> String {
        try format(FormatParser.parse(text), ownPosition: nil)
    }

    /// The argument at `position` (from 1), counted as used: one that picks a plural form is used even
    /// when the form does not show it.
    mutating func argument(_ position: Int, for specifier: String) throws(LocalisationError) -> FormatArgument {
        guard position <= arguments.count else {
            throw .missingArgument(specifier: specifier, position: position, given: arguments.count)
        }
        used.insert(position)
        return arguments[position - 1]
    }

    /// Fails naming every argument no specifier or plural form used.
    func checkEveryArgumentUsed() throws(LocalisationError) {
        let unused = arguments.indices.map { $0 + 1 }.filter { !used.contains($0) }
        guard unused.isEmpty else { throw .unusedArguments(unused) }
    }

    /// The tokens filled in; in a substitution's form, a specifier without a position shows the
    /// substitution's own argument (`ownPosition`), as `.stringsdict` forms (`%d file`) mean it.
    private mutating func format(_ tokens: [FormatToken], ownPosition: Int?) throws(LocalisationError) -> String {
        var output = ""
        for token in tokens {
            switch token {
            case .literal(let text):
                output += text
            case .specifier(let specifier):
                let position = specifier.position ?? ownPosition ?? takeNext()
                output += try show(argument(position, for: specifier.text), as: specifier, at: position)
            case .substitution(let name, let position):
                guard ownPosition == nil else { throw .badFormat("%#@\(name)@ is inside a substitution's form: substitutions do not nest") }
                if position == nil { _ = takeNext() }
                output += try substitute(name)
            }
        }
        return output
    }

    private mutating func takeNext() -> Int {
        defer { next += 1 }
        return next
    }

    /// One argument as its specifier shows it.
    private func show(_ argument: FormatArgument, as specifier: FormatSpecifier, at position: Int) throws(LocalisationError) -> String {
        let wrong = { (expected: String) in
            LocalisationError.wrongArgument(specifier: specifier.text, position: position, argument: argument, expected: expected)
        }
        if specifier.conversion == .object, case .string(let text) = argument { return text }
        guard let value = argument.numericValue else { throw wrong("a number") }
        switch specifier.conversion {
        case .signed:
            guard let whole = Int64(exactly: value) else { throw wrong("a whole number") }
            return try numbers.text(Double(whole), style: .integer)
        case .unsigned:
            guard let whole = UInt64(exactly: value) else {
                throw wrong(Int64(exactly: value) == nil ? "a whole number" : "a whole number of 0 or more")
            }
            return try numbers.text(Double(whole), style: .integer)
        case .object, .float:
            return try numbers.text(value, style: specifier.conversion.numberStyle)
        }
    }

    /// The form of the substitution `name` for its argument's plural category, filled in.
    private mutating func substitute(_ name: String) throws(LocalisationError) -> String {
        guard let substitution = substitutions[name] else {
            let known = substitutions.keys.sorted().map { "%#@\($0)@" }
            throw .missingForm("%#@\(name)@ names no substitution" + (known.isEmpty ? "" : " (the string has \(known.joined(separator: ", ")))"))
        }
        let specifier = try Self.specifier(of: substitution, named: name)
        let position = substitution.argumentNumber
        let argument = try argument(position, for: "%#@\(name)@")
        guard let value = argument.numericValue else {
            throw .wrongArgument(specifier: "%#@\(name)@", position: position, argument: argument, expected: "a number")
        }
        let category = try numbers.category(value, style: specifier.conversion.numberStyle)
        guard let form = substitution.forms[category] ?? substitution.forms[.other] else {
            throw .missingForm("%#@\(name)@ has no \(category.formNames) form")
        }
        return try format(FormatParser.parse(form, ownArgument: specifier), ownPosition: position)
    }

    /// The specifier a substitution's forms show its argument with (`formatSpecifier` `lld` → `%lld`).
    private static func specifier(of substitution: LocalisedSubstitution, named name: String) throws(LocalisationError) -> FormatSpecifier {
        let what = "%#@\(name)@'s formatSpecifier \(JSONWriter.quoted(substitution.formatSpecifier))"
        guard (1...FormatParser.positionLimit).contains(substitution.argumentNumber) else {
            throw .badFormat("%#@\(name)@'s argument number \(substitution.argumentNumber) is not from 1 to \(FormatParser.positionLimit)")
        }
        guard case .specifier(var specifier)? = try? FormatParser.parse("%" + substitution.formatSpecifier).first,
              specifier.position == nil, specifier.text.utf8.count == substitution.formatSpecifier.utf8.count + 1
        else { throw .badFormat("\(what) is not one specifier (lld, @, .1f)") }
        specifier.position = substitution.argumentNumber
        return specifier
    }
}

extension FormatSpecifier.Conversion {
    /// How ICU writes a number this conversion shows.
    var numberStyle: NumberStyle {
        switch self {
        case .object: return .plain
        case .signed, .unsigned: return .integer
        case .float(let digits): return .fixed(fractionDigits: digits)
        }
    }
}
