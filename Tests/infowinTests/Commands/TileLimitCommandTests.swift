import Foundation
import InfoWinTestSupport
import Testing

/// The limits on map tiles end to end: `--tiles-deadline` and an MBTiles file's statement budget fail the
/// command with exit 1, naming `map.tiles.source`.
@Suite struct TileLimitCommandTests {
    /// A spec over `slow.mbtiles`, an SQLite file made by running `sql`.
    private func mbtilesSpec(_ sql: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try Tools.sqlite(folder.path("slow.mbtiles"), script: sql)
        try folder.write(#"""
            {"map": {"width": 100, "height": 100, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1},
                     "tiles": {"source": "slow.mbtiles"}}}
            """#, to: "spec.json")
        return folder
    }

    /// Every tile is a view that counts to three million first: a fraction of a second, within the 5 s
    /// statement budget.
    private func slowTiles() throws -> TemporaryFolder {
        try mbtilesSpec("""
            CREATE VIEW tiles AS SELECT 1 AS zoom_level, 0 AS tile_column, 0 AS tile_row, x'00' AS tile_data
              FROM (WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3000000) SELECT max(n) AS m FROM c);
            """)
    }

    @Test func validateStopsAnMBTilesMetadataViewThatNeverEnds() throws {
        let folder = try mbtilesSpec("""
            CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
            CREATE VIEW metadata AS SELECT 'name' AS name, n AS value
              FROM (WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT n FROM c WHERE n < 0);
            """)
        let result = try CLI.run(["validate", "spec.json"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("map.tiles.source"), "\(result.stderr)")
        #expect(result.stderr.contains("its SQL ran longer than 5 s and was stopped"), "\(result.stderr)")
    }

    @Test(arguments: [["render", "spec.json", "-o", "out.png"], ["batch", "spec.json", "-o", "out"], ["check", "spec.json", "--golden", "goldens"]])
    func tilesPastTheDeadlineFailTheRenderNamingTheSourceAndTheOption(command: [String]) throws {
        let folder = try slowTiles()
        let result = try CLI.run(command + ["--tiles-deadline", "0.1"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("map.tiles.source"), "\(result.stderr)")
        #expect(result.stderr.contains("tiles took longer than 0.1 s in all (--tiles-deadline)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.png")))
    }

    @Test func everyCommandThatRendersTakesTheTileOptions() throws {
        for command in ["render", "batch", "check", "play", "validate"] {
            let help = try CLI.run([command, "--help"])
            #expect(help.stdoutText.contains("--tiles-deadline S"), "\(command)")
            #expect(help.stdoutText.contains("--tile-cache-size MB"), "\(command)")
        }
    }
}
