import Testing
@testable import InfoWinCheck
@testable import InfoWinKit

@Suite("batch: specs whose outputs would have one name")
struct OutputClashTests {
    @Test("each spec whose stem an earlier one has clashes with the first of them; `x` and `x.json` are one stem")
    func clashesNameTheFirst() {
        let specs = [
            FoundSpec(path: "a/x.json", relativePath: "x.json"), FoundSpec(path: "b/x.json", relativePath: "x.json"),
            FoundSpec(path: "c/y.json", relativePath: "y.json"), FoundSpec(path: "d/x", relativePath: "x"),
            FoundSpec(path: "e/sub/x.json", relativePath: "sub/x.json"), FoundSpec(path: "f/y.json", relativePath: "y.json"),
        ]
        #expect(BatchRenderer.clashes(in: specs) == [1: "a/x.json", 3: "a/x.json", 5: "c/y.json"])
        #expect(BatchRenderer.clashes(in: []) == [:])
        let many = (0..<5000).map { FoundSpec(path: "r\($0 % 7)/s\($0 / 7).json", relativePath: "s\($0 / 7).json") }
        let found = BatchRenderer.clashes(in: many)
        #expect(found.count == 5000 - (5000 + 6) / 7)
        #expect(found[7] == nil && found[13] == "r0/s1.json")
    }
}
