import Foundation
import InfoWinTestSupport
import Testing
@testable import InfoWinKit

/// A folder holding `tiles/0/0/0.png`, `maps/tiles/0/0/0.png` and a file `notes.txt`, removed when done.
private final class TileFolders {
    private let folder: TemporaryFolder
    var path: String { folder.url.path }

    init() throws {
        folder = try TemporaryFolder()
        for tiles in ["tiles/0/0", "maps/tiles/0/0"] {
            try folder.write([], to: tiles + "/0.png")
        }
        try folder.write("x", to: "notes.txt")
    }

    /// The spec over `source` decoded in this folder, or the message of its error.
    func decode(_ source: String) -> Result<Spec, InfoWinError> {
        let json = #"{"map": {"width": 100, "height": 100, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1}, "tiles": {"source": "\#(source)"}}}"#
        do throws(InfoWinError) {
            return .success(try SpecDecoder.decode(SpecSource(name: "spec.json", bytes: Array(json.utf8), folder: path)))
        } catch {
            return .failure(error)
        }
    }

    func message(_ source: String) -> String {
        if case .failure(let error) = decode(source) { return error.message }
        return "no error"
    }
}

@Suite("a folder tile template whose folder does not exist")
struct TileFolderTypoTests {
    @Test("a typo in the first folder is an error naming map.tiles.source, the folder as written, and the nearest sibling")
    func typoInTheFirstFolder() throws {
        let folders = try TileFolders()
        #expect(folders.message("tile/{z}/{x}/{y}.png")
            == #"spec.json: map.tiles.source: the folder "tile" does not exist (did you mean "tiles"?): the tile template "tile/{z}/{x}/{y}.png" reads its tiles from it"#)
    }

    @Test("a typo deeper down names the path up to the missing folder, and the guess beside it")
    func typoInANestedFolder() throws {
        let folders = try TileFolders()
        let message = folders.message("maps/tlies/{z}/{x}/{y}.png")
        #expect(message.contains(#"the folder "maps/tlies" does not exist (did you mean "maps/tiles"?)"#), "\(message)")
        let missingParent = folders.message("mapz/tiles/{z}/{x}/{y}.png")
        #expect(missingParent.contains(#"the folder "mapz" does not exist (did you mean "maps"?)"#), "\(missingParent)")
    }

    @Test("the fixed part ends at the first {: a name prefix (osm-{z}) is no folder, the folders before it are checked")
    func fixedPartEndsAtTheFirstBrace() throws {
        let folders = try TileFolders()
        #expect(try folders.decode("tiles/osm-{z}/{x}/{y}.png").get().map.tiles != nil)
        let message = folders.message("tilez/osm-{z}/{x}/{y}.png")
        #expect(message.contains(#"the folder "tilez" does not exist (did you mean "tiles"?)"#), "\(message)")
    }

    @Test("an existing folder decodes, with or without its tiles; a folder with no near sibling gets no guess")
    func existingAndFarOff() throws {
        let folders = try TileFolders()
        for source in ["tiles/{z}/{x}/{y}.png", "maps/tiles/{z}/{x}/{y}.png", "./tiles/{z}/{x}/{y}.png", "{z}/{x}/{y}.png"] {
            #expect((try? folders.decode(source).get()) != nil, "\(source)")
        }
        let far = folders.message("satellite/{z}/{x}/{y}.png")
        #expect(far.contains(#"the folder "satellite" does not exist: the tile template"#), "\(far)")
    }

    @Test("a file where the template wants a folder is an error saying so")
    func fileForAFolder() throws {
        let folders = try TileFolders()
        let message = folders.message("notes.txt/{z}/{x}/{y}.png")
        #expect(message.contains(#"map.tiles.source: "notes.txt" is not a folder"#), "\(message)")
    }

    @Test("a template leading out of the spec's folder is judged by the sandbox, whether the folder outside exists or not")
    func outsideIsLeftToTheSandbox() throws {
        let folders = try TileFolders()
        for source in ["../no-such-folder-here/{z}/{x}/{y}.png", "/no-such-folder-here/{z}/{x}/{y}.png", "../../../../../../../../etc/{z}/{x}/{y}.png"] {
            #expect((try? folders.decode(source).get()) != nil, "the render refuses it, naming --asset-root: \(source)")
        }
    }
}
