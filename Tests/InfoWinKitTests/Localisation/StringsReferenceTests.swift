import Testing
@testable import InfoWinKit

@Suite("{{strings.KEY(ARG, …)}} references")
struct StringsReferenceTests {
    @Test("keys and every kind of argument")
    func arguments() throws {
        #expect(try StringsReference(parsing: "store.name") == StringsReference(key: "store.name", arguments: []))
        let walk = try StringsReference(parsing: #"walk(5, "Haupt\"bahnhof, Gleis 2", -2.5)"#)
        #expect(walk == StringsReference(key: "walk", arguments: [.number(5), .string(#"Haupt"bahnhof, Gleis 2"#), .number(-2.5)]))
        let counts = try StringsReference(parsing: "parcels( userData.count ,data.minutes )")
        #expect(counts.arguments == [.userData("count"), .data("minutes")] && counts.usesUserData)
        #expect(try StringsReference(parsing: "empty()").arguments.isEmpty)
    }

    @Test("what cannot be read says why")
    func errors() {
        let cases = [
            ("", "names no key"), ("(1)", "names no key"), ("walk(5", "do not end"), ("walk(5,)", "missing"),
            ("walk(five)", "\"five\" is not an argument"), (#"walk("open)"#, "does not end with a double quote"),
            ("walk(1 2)", "expected \",\""), ("walk(userData.)", "is not an argument"), ("walk(inf)", "is not an argument"),
        ]
        for (text, words) in cases {
            #expect(throws: StringsReferenceError.self) { try StringsReference(parsing: Substring(text)) }
            do { _ = try StringsReference(parsing: Substring(text)) } catch {
                #expect(error.message.contains(words), "\(text): \(error.message)")
            }
        }
    }
}
