import Testing
@testable import InfoWinKit

/// `text` filled with `arguments` in `locale`.
private func format(_ text: String, _ arguments: [FormatArgument], locale: String = "en") throws(LocalisationError) -> String {
    try LocalisedString(value: .text(text)).resolved(arguments, locale: locale)
}

/// The error filling `text` with `arguments` gives, or nil when it fills.
private func formatError(_ text: String, _ arguments: [FormatArgument]) -> LocalisationError? {
    do throws(LocalisationError) {
        _ = try format(text, arguments)
        return nil
    } catch { return error }
}

@Suite("format strings: Apple's specifiers and arguments, as String.localizedStringWithFormat fills them")
struct FormatStringTests {
    @Test("every integer specifier shows a whole number, grouped", arguments: ["%d", "%i", "%ld", "%lld", "%u", "%lu", "%llu"])
    func integers(specifier: String) throws {
        #expect(try format("\(specifier) parcels", [.number(12_345)]) == "12,345 parcels")
        #expect(try format("\(specifier)", [.number(0)], locale: "ar") == "٠")
    }

    @Test("%@ shows a text as it is and a number as an NSNumber; %f and %.Nf fixed fraction digits; %% a percent sign")
    func otherSpecifiers() throws {
        #expect(try format("Walk to %@", [.string("Hauptbahnhof")]) == "Walk to Hauptbahnhof")
        #expect(try format("%@ km", [.number(2.5)], locale: "de") == "2,5 km")
        #expect(try format("%f", [.number(1.5)]) == "1.500000")
        #expect(try format("%.2f €", [.number(3)], locale: "fr") == "3,00 €")
        #expect(try format("100%% sure, %d%%", [.number(50)]) == "100% sure, 50%")
        #expect(try format("no specifiers", []) == "no specifiers")
    }

    @Test("a text that reads as a number fills a numeric specifier, as CSV cells do")
    func numericText() throws {
        #expect(try format("%lld reviews", [.string("1234")]) == "1,234 reviews")
        #expect(try format("%.1f km", [.string(" 2.25 ")]) == "2.2 km")
        #expect(try format("%d", [.string("-7")]) == "-7")
        #expect(try format("%d", [.string("-0")]) == "0", "an integer has no negative zero")
        #expect(try format("%lld", [.string("1e3")]) == "1,000")
    }

    @Test("positional arguments may come in any order and be shown twice; unnumbered ones take the next in turn")
    func positions() throws {
        #expect(try format("%2$@ in %1$lld min", [.number(5), .string("Hauptbahnhof")]) == "Hauptbahnhof in 5 min")
        #expect(try format("%1$@, %1$@!", [.string("Hi")]) == "Hi, Hi!")
        #expect(try format("%@ and %@", [.string("a"), .string("b")]) == "a and b")
    }

    @Test("a specifier with no argument is an error naming it and the count given")
    func missingArgument() {
        #expect(formatError("%lld parcels", []) == .missingArgument(specifier: "%lld", position: 1, given: 0))
        #expect(formatError("%2$@", [.string("a")])?.message == "%2$@ wants argument 2, but 1 argument was given")
    }

    @Test("an argument of the wrong kind is an error: a text for a number, a fraction or negative for an integer")
    func wrongArgument() {
        #expect(formatError("%lld", [.string("many")])?.message == #"%lld wants a number as argument 1, not "many""#)
        #expect(formatError("%d", [.number(2.5)])?.message == "%d wants a whole number as argument 1, not 2.5")
        #expect(formatError("%u", [.number(-1)])?.message == "%u wants a whole number of 0 or more as argument 1, not -1")
        #expect(formatError("%f", [.string("nan")]) != nil)
        #expect(formatError("%lld", [.string("1e999")]) != nil, "a number too large to be finite is not a number")
        #expect(formatError("%lld", [.number(1e30)]) != nil, "too large for a 64-bit integer")
    }

    @Test("an argument left over is an error naming it")
    func leftOver() {
        #expect(formatError("Hello", [.string("x")]) == .unusedArguments([1]))
        #expect(formatError("%2$@", [.string("a"), .string("b"), .number(3)])?.message == "arguments 1 and 3 are not used by the string")
    }

    @Test("an unknown, unsupported or unfinished specifier is an error", arguments: ["%x", "%5d", "%s", "%ld%", "%lf", "%.2d", "%0$@", "%#@name", "%.99f"])
    func badSpecifier(text: String) {
        guard case .badFormat(let message)? = formatError(text, [.number(1)]) else {
            Issue.record("\(text) was not refused as a bad format")
            return
        }
        #expect(message.contains("%"))
    }
}
