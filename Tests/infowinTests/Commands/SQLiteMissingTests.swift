import Foundation
import InfoWinTestSupport
import Testing

/// SQLite is opened on first use, not linked (Documentation/performance.md): a machine where it cannot be opened still
/// draws every spec without MBTiles; an MBTiles spec fails naming the library and the package, leaving no
/// image; `doctor` warns.
@Suite struct SQLiteMissingTests {
    @Test("without SQLite a spec with no MBTiles draws, an MBTiles spec fails naming the library, and doctor warns")
    func withoutSQLite() throws {
        let folder = try TemporaryFolder()
        let environment = try HiddenLibrary.environment(hiding: "libsqlite3.so.0", in: folder)
        let render = try CLI.run(LibraryLookups.plainRender(in: folder), environment: environment)
        #expect(render.status == 0 && FileManager.default.fileExists(atPath: folder.path("plain.png")), "\(render.stderr)")
        let tiled = CLI.repository.appendingPathComponent("Examples/map-mbtiles/spec.json").path
        let failed = try CLI.run(["render", tiled, "-o", folder.path("tiled.png")], environment: environment)
        #expect(failed.status == 1, "exit \(failed.status): \(failed.stderr)")
        #expect(failed.stderr.contains("map.tiles.source") && failed.stderr.contains("SQLite (libsqlite3.so.0) cannot be opened")
            && failed.stderr.contains("libsqlite3-0"), "\(failed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("tiled.png")))
        let doctor = try CLI.run(["doctor"], environment: environment)
        let line = doctor.stdoutText.split(separator: "\n").first { $0.contains("SQLite") }
        #expect(line?.hasPrefix("warning SQLite (libsqlite3.so.0) cannot be opened") == true && line?.contains("apt install libsqlite3-0") == true,
                "\(doctor.stdoutText)")
    }

    @Test("a render without MBTiles never opens SQLite; one with MBTiles does")
    func onlyMBTilesOpenSQLite() throws {
        let folder = try TemporaryFolder()
        let plain = try LibraryLookups.run(LibraryLookups.plainRender(in: folder), lookingFor: "libsqlite3", in: folder)
        #expect(plain.status == 0 && !plain.looked, "a render without MBTiles opened SQLite")
        let tiled = CLI.repository.appendingPathComponent("Examples/map-mbtiles/spec.json").path
        let drawn = try LibraryLookups.run(["render", tiled, "-o", folder.path("tiled.png")], lookingFor: "libsqlite3.so.0", in: folder)
        #expect(drawn.status == 0 && drawn.looked)
    }
}
