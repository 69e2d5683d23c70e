import Foundation
import InfoWinTestSupport
import Testing

// End-to-end checks of the third hostile trial (issue 20) on templates: catalog strings, CSV cells and
// userData are filled in against the length limits as they grow (a 6 KB spec with one 8 MiB string
// aborted validate), and renders of rows × locales are bounded while the rows are read. No test asserts a time.

@Suite("hostile input, round three: template expansion within the limits")
struct HostileExpansionTests {
    static let eightMebibytes = String(repeating: "x", count: 8 << 20)

    static func spec(title: String, extra: String = "") -> String {
        smallSpec(markers: [marker("m", ", \"title\": \(jsonString(title))\(extra)")])
    }

    @Test func aCatalogStringFilledInSixHundredTimesIsRefusedByPath() throws {
        let folder = try TemporaryFolder()
        let catalog = #"{"sourceLanguage": "en", "version": "1.0", "strings": {"x": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "\#(Self.eightMebibytes)"}}}}}}"#
        try folder.write(catalog, to: "big.xcstrings")
        try folder.write(Self.spec(title: String(repeating: "{{strings.x}}", count: 600)), to: "spec.json")
        let run = try runGuarded(["validate", "spec.json", "--strings", "big.xcstrings", "--locale", "en"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("spec.json: markers[0].title: {{strings.x}}") && run.stderr.contains("16 MiB"), "\(run.stderr)")
    }

    @Test func aCSVCellFilledInSixHundredTimesIsRefusedByPath() throws {
        let folder = try TemporaryFolder()
        try folder.write("x\n" + Self.eightMebibytes + "\n", to: "rows.csv")
        try folder.write(Self.spec(title: String(repeating: "{{data.x}}", count: 600)), to: "spec.json")
        let run = try runGuarded(["validate", "spec.json", "--data", "rows.csv"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("spec.json [1]: markers[0].title: {{data.x}}") && run.stderr.contains("16 MiB"), "\(run.stderr)")
    }

    @Test func userDataFilledIntoATextIsRefusedWhileItGrows() throws {
        let folder = try TemporaryFolder()
        let window = #", "userData": {"a": "\#(Self.eightMebibytes)"}, "infoWindow": {"contents": {"text": "\#(String(repeating: "{{userData.a}}", count: 3))"}}"#
        try folder.write(Self.spec(title: "t", extra: window), to: "spec.json")
        let run = try runGuarded(["validate", "spec.json"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("spec.json: markers[0].infoWindow.contents: the text of marker \"m\"") && run.stderr.contains("16 MiB"), "\(run.stderr)")
    }

    @Test func rowsTimesLocalesAreBoundedWhileTheRowsAreRead() throws {
        let folder = try TemporaryFolder()
        let locales = (1...20).map { #""l\#($0)": {"stringUnit": {"state": "translated", "value": "v"}}"# }.joined(separator: ", ")
        try folder.write(#"{"sourceLanguage": "l1", "version": "1.0", "strings": {"x": {"localizations": {\#(locales)}}}}"#, to: "c.xcstrings")
        try folder.write("n\n" + (1...5_001).map { "\($0)\n" }.joined(), to: "rows.csv")
        try folder.write(Self.spec(title: "{{strings.x}} {{data.n}}"), to: "spec.json")
        let run = try runGuarded(["validate", "spec.json", "--strings", "c.xcstrings", "--locale", "all", "--data", "rows.csv"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("more than 5,000 rows") && run.stderr.contains("100,000 renders in all, in 20 locales"), "\(run.stderr)")
    }
}
