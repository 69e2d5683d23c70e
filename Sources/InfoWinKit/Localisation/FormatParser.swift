import ICUText

/// Reads a format string in Apple's syntax (as `String.localizedStringWithFormat` takes it) into tokens:
/// `%@`, `%d`, `%i`, `%u` (with `l` or `ll`), `%f`, `%.Nf`, `%%`, positions (`%2$lld`) and `%#@name@`.
struct FormatParser {
    /// The highest position a specifier may name (`%99$@`).
    static let positionLimit = 99

    private let scalars: [Unicode.Scalar]
    private let ownArgument: FormatSpecifier?
    private var index = 0

    /// `text`'s tokens. `ownArgument` is what `%arg` stands for in a substitution's form (nil elsewhere).
    static func parse(_ text: String, ownArgument: FormatSpecifier? = nil) throws(LocalisationError) -> [FormatToken] {
        var parser = FormatParser(scalars: Array(text.unicodeScalars), ownArgument: ownArgument)
        return try parser.tokens()
    }

    private init(scalars: [Unicode.Scalar], ownArgument: FormatSpecifier?) {
        self.scalars = scalars
        self.ownArgument = ownArgument
    }

    private mutating func tokens() throws(LocalisationError) -> [FormatToken] {
        var tokens: [FormatToken] = []
        var literal = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            guard scalar == "%" else {
                literal.append(scalar)
                continue
            }
            if peek == "%" {
                literal.append("%")
                index += 1
                continue
            }
            if !literal.isEmpty { tokens.append(.literal(String(literal))) }
            literal = String.UnicodeScalarView()
            tokens.append(try token(from: index - 1))
        }
        if !literal.isEmpty { tokens.append(.literal(String(literal))) }
        return tokens
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    /// The specifier as written from `start` (its `%`) to here.
    private func written(from start: Int) -> String {
        String(String.UnicodeScalarView(scalars[start..<min(index, scalars.count)]))
    }

    /// The specifier after the `%` at `start`.
    private mutating func token(from start: Int) throws(LocalisationError) -> FormatToken {
        if let ownArgument, scalars[index...].starts(with: ["a", "r", "g"]) {
            index += 3
            return .specifier(FormatSpecifier(position: ownArgument.position, conversion: ownArgument.conversion, text: "%arg"))
        }
        var position: Int?
        if let number = digits() {
            guard peek == "$" else { throw .badFormat("\(written(from: start)): widths are not supported") }
            index += 1
            guard (1...Self.positionLimit).contains(number) else {
                throw .badFormat("\(written(from: start)): positions go from 1 to \(Self.positionLimit)")
            }
            position = number
        }
        if peek == "#", index + 1 < scalars.count, scalars[index + 1] == "@" {
            return try substitution(from: start, position: position)
        }
        var fractionDigits: Int?
        if peek == "." {
            index += 1
            let digits = digits() ?? 0
            guard digits <= NumberStyle.fractionDigitLimit else {
                throw .badFormat("\(written(from: start)): at most \(NumberStyle.fractionDigitLimit) fraction digits")
            }
            fractionDigits = digits
        }
        var length = 0
        while peek == "l", length < 2 {
            length += 1
            index += 1
        }
        guard let conversion = peek else { throw .badFormat("\(written(from: start)) at the end of the string is not finished") }
        index += 1
        let text = written(from: start)
        let specifier = { (conversion: FormatSpecifier.Conversion) in
            FormatToken.specifier(FormatSpecifier(position: position, conversion: conversion, text: text))
        }
        switch conversion {
        case "@" where length == 0 && fractionDigits == nil: return specifier(.object)
        case "d" where fractionDigits == nil, "i" where fractionDigits == nil: return specifier(.signed)
        case "u" where fractionDigits == nil: return specifier(.unsigned)
        case "f" where length == 0: return specifier(.float(fractionDigits: fractionDigits ?? 6))
        default:
            throw .badFormat("unsupported format specifier \(text) (strings take %@, %d, %i, %u, %f, %.Nf and %%, "
                + "with l or ll before d, i and u, and positions as in %1$@)")
        }
    }

    /// `%#@name@` (or `%1$#@name@`), from its `#`.
    private mutating func substitution(from start: Int, position: Int?) throws(LocalisationError) -> FormatToken {
        index += 2
        let nameStart = index
        while let scalar = peek, scalar != "@" { index += 1 }
        guard peek == "@", index > nameStart else {
            throw .badFormat("\(written(from: start)): a substitution is written %#@name@")
        }
        let name = String(String.UnicodeScalarView(scalars[nameStart..<index]))
        index += 1
        return .substitution(name: name, position: position)
    }

    /// A run of ASCII digits as a number (capped, so a long run cannot overflow), or nil when there is none.
    private mutating func digits() -> Int? {
        var number: Int?
        while let scalar = peek, ("0"..."9").contains(scalar) {
            number = min((number ?? 0) * 10 + Int(scalar.value - 48), 1_000_000)
            index += 1
        }
        return number
    }
}
