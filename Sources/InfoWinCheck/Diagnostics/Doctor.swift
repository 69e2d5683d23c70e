import Graphics
import ICUText
import TileIO
import InfoWinKit

/// `infowin doctor`: what on this machine is missing or surprising for infowin — the C libraries, ICU for
/// plurals and number formats, libcurl for HTTP tiles, SQLite for MBTiles, the pinned fonts, a font for every script, whether
/// the machine's fonts are the pinned ones, and a tile cache that can be written. Each check is one
/// finding; none changes anything.
package struct Doctor: Sendable {
    /// Font files a pinned render adds (`--font`, or the config file's `fonts`), as given.
    package var pinnedFonts: [String]
    /// True when renders use only the pinned fonts (`--hermetic-fonts`).
    package var hermetic: Bool
    /// The tile cache folder (`--tile-cache`), or nil for the default.
    package var tileCache: String?

    /// A doctor for these settings.
    package init(pinnedFonts: [String] = [], hermetic: Bool = false, tileCache: String? = nil) {
        self.pinnedFonts = pinnedFonts
        self.hermetic = hermetic
        self.tileCache = tileCache
    }

    /// Every finding, in the order the checks run.
    package func findings() -> [DoctorFinding] {
        [libraries(), icu(), libcurl(), sqlite()] + fonts() + [tileCacheFinding()]
    }

    private func libraries() -> DoctorFinding {
        DoctorFinding(.ok, "libraries: " + LinkedLibraries.current.named.map { "\($0.name) \($0.version)" }.joined(separator: ", "))
    }

    private func icu() -> DoctorFinding {
        guard ICULibrary.isAvailable else {
            let package = "libicu" + (ICULibrary.fileName.split(separator: ".").last.map(String.init) ?? "")
            return DoctorFinding(.error, "ICU (\(ICULibrary.fileName)) cannot be opened: catalog plurals and number formats fail; apt install \(package)")
        }
        return DoctorFinding(.ok, "ICU \(icuVersions) (\(ICULibrary.fileName)) for plurals and number formats")
    }

    private func libcurl() -> DoctorFinding {
        guard let version = TileHTTPClient.libraryVersion else {
            return DoctorFinding(.warning, "libcurl (\(TileHTTPClient.libraryName)) cannot be opened: map tiles over HTTP will fail; apt install libcurl4")
        }
        return DoctorFinding(.ok, "libcurl \(version) (\(TileHTTPClient.libraryName)) for map tiles over HTTP")
    }

    private func sqlite() -> DoctorFinding {
        guard MBTilesReader.isSQLiteAvailable else {
            return DoctorFinding(.warning, "SQLite (\(MBTilesReader.sqliteLibraryName)) cannot be opened: MBTiles map tiles will fail; apt install libsqlite3-0")
        }
        return DoctorFinding(.ok, "SQLite (\(MBTilesReader.sqliteLibraryName)) for MBTiles map tiles")
    }

    private func tileCacheFinding() -> DoctorFinding {
        let folder = tileCache ?? TileDiskCache.defaultFolder
        guard let problem = WritableFolderProbe.problem(with: folder) else {
            return DoctorFinding(.ok, "tile cache \(folder) can be written")
        }
        let remedy = tileCache == nil ? "set XDG_CACHE_HOME or give --tile-cache DIR" : "give --tile-cache a folder that can be written"
        return DoctorFinding(.error, "tile cache \(folder) cannot be written: \(problem); \(remedy)")
    }
}
