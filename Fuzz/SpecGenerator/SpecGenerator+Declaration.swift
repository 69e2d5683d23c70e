import InfoWinKit

/// What the generator takes from InfoWinKit's declaration of the format (`DeclaredObject`): the words and
/// ranges of the keys it writes by hand, and a value now and then for every plain key an object it makes
/// lacks, so a key added to the declaration is generated (and fuzzed) with no change here.
extension SpecGenerator {
    /// One of the words `key` of `object` is declared to take.
    mutating func declaredWord(_ key: String, of object: DeclaredObject) -> GeneratedJSON {
        .string(pick(object.words(of: key)))
    }

    /// A number in the range `key` of `object` is declared with (see `number(in:integer:)`).
    mutating func declaredNumber(_ key: String, of object: DeclaredObject) -> GeneratedJSON {
        number(in: object.range(of: key), integer: false)
    }

    /// `members` as an object, with a declared value for each plain key of `object` they lack, each once in
    /// `odds` specs: the keys written by hand keep their own choices, and a key only the declaration
    /// knows is still generated.
    mutating func object(_ members: [(String, GeneratedJSON)], withDeclaredKeysOf object: DeclaredObject, odds: Int = 6) -> GeneratedJSON {
        var members = members
        for (name, values) in object.plainKeys where !members.contains(where: { $0.0 == name }) {
            if chance(odds) { members.append((name, value(values))) }
        }
        return .object(members)
    }

    /// A value of `values`.
    private mutating func value(_ values: DeclaredValues) -> GeneratedJSON {
        switch values {
        case .bool: .bool(chance(2))
        case .number(let range, let integer): number(in: range ?? -45...45, integer: integer)
        case .words(let words): .string(pick(words))
        case .colour: plainColor()
        }
    }

    /// The range's lower end, a point in it, or its upper end when that is within a canvas side of the
    /// lower one (a window padded by 4,096 points on a 160-point canvas would only slow the tests).
    private mutating func number(in range: ClosedRange<Double>, integer: Bool) -> GeneratedJSON {
        let upper = min(range.upperBound, range.lowerBound + maxCanvasSide)
        let value = pick([range.lowerBound, upper, range.lowerBound + (upper - range.lowerBound) * Double(1 + int(below: 3)) / 4])
        return .number(integer ? value.rounded(.down) : value)
    }
}
