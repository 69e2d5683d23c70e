import Testing
@testable import InfoWinCheck
@testable import InfoWinKit

/// `SpecList` keeps a batch's specs packed and gives back each as it was added.
@Suite("spec lists: packed specs read back as added")
struct SpecListTests {
    /// Specs of every shape a batch meets: found in folders (the relative path the path's end), given by
    /// name, named relative to `--base` (a relative path of its own), with a variant's name, empty, and
    /// in other scripts.
    private static let specs = [
        FoundSpec(path: "/suite/specs/a.json", relativePath: "a.json", root: "/suite/specs"),
        FoundSpec(path: "/suite/specs/deep/b.json", relativePath: "deep/b.json", root: "/suite/specs"),
        FoundSpec(path: "one.json", relativePath: "one.json"),
        FoundSpec(path: "link/c.json", relativePath: "specs/c.json", root: "/suite"),
        FoundSpec(path: "/other/d.json", relativePath: "d.de.json", root: "/other"),
        FoundSpec(path: "x", relativePath: ""),
        FoundSpec(path: "", relativePath: ""),
        FoundSpec(path: "/suite/specs/Zürich 東京 🚲.json", relativePath: "Zürich 東京 🚲.json", root: "/suite/specs"),
        FoundSpec(path: "/suite/specs/a.json", relativePath: "a.json", root: "/suite/specs"),
    ]

    @Test func everySpecReadsBackAsItWasAdded() {
        let list = SpecList(Self.specs)
        #expect(list.count == Self.specs.count)
        #expect(Array(list) == Self.specs)
        for (index, spec) in Self.specs.enumerated() {
            #expect(list[index] == spec)
            #expect(list[index].relativePath == spec.relativePath && list[index].root == spec.root && list[index].stem == spec.stem)
        }
    }

    @Test func specsAddedOneAtATimeMakeTheSameList() {
        var list = SpecList(capacity: 2)
        for spec in Self.specs { list.append(spec) }
        #expect(list == SpecList(Self.specs))
        #expect(list != SpecList(Self.specs.reversed()))
        #expect(SpecList().isEmpty && SpecList() == [])
    }

    @Test func batchFunctionsReadAListAsTheyReadAnArray() {
        let clashing = [Self.specs[0], Self.specs[8], Self.specs[1]]
        #expect(BatchRenderer.clashes(in: SpecList(clashing)) == BatchRenderer.clashes(in: clashing))
        #expect(BatchRenderer.clashes(in: SpecList(clashing)) == [1: "/suite/specs/a.json"])
    }
}
