import Testing
@testable import InfoWinKit

/// The error resolving `string` with `arguments` gives, or nil.
private func resolutionError(_ string: LocalisedString, _ arguments: [FormatArgument], locale: String = "en") -> LocalisationError? {
    do throws(LocalisationError) {
        _ = try string.resolved(arguments, locale: locale)
        return nil
    } catch { return error }
}

/// An xcstrings-style string with two counts, each a substitution with its own argument and plural forms.
private let parcelsInLockers = LocalisedString(
    value: .text("%#@parcels@ in %#@lockers@"),
    substitutions: [
        "parcels": LocalisedSubstitution(argumentNumber: 1, formatSpecifier: "lld", forms: [.one: "%arg parcel", .other: "%arg parcels"]),
        "lockers": LocalisedSubstitution(argumentNumber: 2, formatSpecifier: "lld", forms: [.one: "one locker", .other: "%arg lockers"]),
    ])

@Suite("localised strings: plural and device variations, substitutions, arguments used")
struct LocalisedResolutionTests {
    @Test("plural variations take the first numeric argument's category; a form that hides it still uses it")
    func pluralVariations() throws {
        let waiting = LocalisedString(value: .plural([.one: .text("One parcel at %2$@"), .other: .text("%lld parcels at %@")]))
        #expect(try waiting.resolved([.number(1), .string("Kiosk")], locale: "en") == "One parcel at Kiosk")
        #expect(try waiting.resolved([.number(3), .string("Kiosk")], locale: "en") == "3 parcels at Kiosk")
        let one = LocalisedString(value: .plural([.one: .text("One parcel"), .other: .text("%lld parcels")]))
        #expect(try one.resolved([.number(1)], locale: "en") == "One parcel", "the count picked the form: it is used")
        let polish = LocalisedString(value: .plural([
            .one: .text("%lld paczka"), .few: .text("%lld paczki"), .many: .text("%lld paczek"), .other: .text("%lld paczki"),
        ]))
        #expect(try [1, 2, 5, 22].map { try polish.resolved([.number($0)], locale: "pl") } == ["1 paczka", "2 paczki", "5 paczek", "22 paczki"])
    }

    @Test("the first numeric argument picks the form even after a text argument")
    func firstNumeric() throws {
        let walk = LocalisedString(value: .plural([.one: .text("%2$lld min to %1$@"), .other: .text("%2$lld mins to %1$@")]))
        #expect(try walk.resolved([.string("Hauptbahnhof"), .number(1)], locale: "en") == "1 min to Hauptbahnhof")
        #expect(try walk.resolved([.string("Hauptbahnhof"), .string("5")], locale: "en") == "5 mins to Hauptbahnhof")
    }

    @Test("device variations take iphone, else other; they may hold plural variations")
    func deviceVariations() throws {
        let tap = LocalisedString(value: .device(["iphone": .text("Tap"), "mac": .text("Click"), "other": .text("Select")]))
        #expect(try tap.resolved([], locale: "en") == "Tap")
        #expect(try tap.resolved([], locale: "en", device: "ipad") == "Select")
        let nested = LocalisedString(value: .device(["other": .plural([.one: .text("%lld pin"), .other: .text("%lld pins")])]))
        #expect(try nested.resolved([.number(1)], locale: "en") == "1 pin")
    }

    @Test("two substitutions each pick their own form from their own argument, in English and Arabic")
    func substitutions() throws {
        #expect(try parcelsInLockers.resolved([.number(1), .number(1)], locale: "en") == "1 parcel in one locker")
        #expect(try parcelsInLockers.resolved([.number(3), .number(1)], locale: "en") == "3 parcels in one locker")
        #expect(try parcelsInLockers.resolved([.number(1), .number(12)], locale: "en") == "1 parcel in 12 lockers")
        #expect(try parcelsInLockers.resolved([.number(2), .number(3)], locale: "ar") == "٢ parcels in ٣ lockers")
    }

    @Test("a substitution's forms may show other arguments by position, and stringsdict forms' own %d")
    func substitutionForms() throws {
        let reviews = LocalisedString(
            value: .text("%#@reviews@"),
            substitutions: ["reviews": LocalisedSubstitution(argumentNumber: 1, formatSpecifier: "d", forms: [.one: "%d review of %2$@", .other: "%d reviews of %2$@"])])
        #expect(try reviews.resolved([.number(12), .string("Café")], locale: "en") == "12 reviews of Café")
        let distance = LocalisedString(
            value: .text("%#@km@ away"),
            substitutions: ["km": LocalisedSubstitution(argumentNumber: 1, formatSpecifier: ".1f", forms: [.one: "%arg kilometre", .other: "%arg kilometres"])])
        #expect(try distance.resolved([.number(1)], locale: "en") == "1.0 kilometres away", "1.0 is other in English")
    }

    @Test("plural variations with substitutions inside: the form chosen, then its substitutions")
    func pluralWithSubstitution() throws {
        let string = LocalisedString(
            value: .plural([.one: .text("One stop, %#@minutes@"), .other: .text("%lld stops, %#@minutes@")]),
            substitutions: ["minutes": LocalisedSubstitution(argumentNumber: 2, formatSpecifier: "lld", forms: [.one: "%arg min", .other: "%arg mins"])])
        #expect(try string.resolved([.number(1), .number(1)], locale: "en") == "One stop, 1 min")
        #expect(try string.resolved([.number(4), .number(10)], locale: "de") == "4 stops, 10 mins")
    }

    @Test("errors: no number for plurals, a missing form, an unknown substitution, a substitution's text argument, nesting")
    func errors() {
        let plural = LocalisedString(value: .plural([.one: .text("one")]))
        #expect(resolutionError(plural, [.string("x")]) == .noNumber(given: 1))
        #expect(resolutionError(plural, [.number(2)])?.message == #"plural variations have no "other" form"#)
        #expect(resolutionError(plural, [.number(5)], locale: "pl")?.message == #"plural variations have no "many" or "other" form"#)
        let device = LocalisedString(value: .device(["mac": .text("Click")]))
        #expect(resolutionError(device, [])?.message == #"device variations have no "iphone" or "other" form"#)
        #expect(resolutionError(LocalisedString(value: .text("%#@nope@")), [.number(1)])?.message == "%#@nope@ names no substitution")
        #expect(resolutionError(parcelsInLockers, [.string("a"), .number(1)])?.message == #"%#@parcels@ wants a number as argument 1, not "a""#)
        #expect(resolutionError(parcelsInLockers, [.number(1)]) == .missingArgument(specifier: "%#@lockers@", position: 2, given: 1))
        let nested = LocalisedString(
            value: .text("%#@a@"), substitutions: ["a": LocalisedSubstitution(argumentNumber: 1, formatSpecifier: "d", forms: [.other: "%#@a@"])])
        #expect(resolutionError(nested, [.number(1)])?.message.contains("do not nest") == true)
        let badSpecifier = LocalisedString(
            value: .text("%#@a@"), substitutions: ["a": LocalisedSubstitution(argumentNumber: 1, formatSpecifier: "lldx", forms: [.other: "%arg"])])
        #expect(resolutionError(badSpecifier, [.number(1)])?.message.contains("is not one specifier") == true)
    }
}
