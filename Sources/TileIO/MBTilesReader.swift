import CSQLite

/// Reads tiles from an MBTiles file (SQLite; rows in the TMS scheme, as the MBTiles spec says). Owns its
/// read-only connection and closes it in `deinit`. SQLite is opened serialized, so one reader may be
/// used from several threads.
public final class MBTilesReader: @unchecked Sendable {
    private let database: OpaquePointer
    private let query: OpaquePointer
    /// The file's `metadata` table (name → value), read when opened.
    public let metadata: [String: String]

    /// Opens `path` read-only; fails when it is not an SQLite file with a `tiles` table or view.
    public init(path: String) throws(TileIOError) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_NOFOLLOW
        guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open it"
            sqlite3_close(handle)
            throw .unreadable("not an SQLite database (\(message))")
        }
        var statement: OpaquePointer?
        let sql = "SELECT tile_data FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3"
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            let message = String(cString: sqlite3_errmsg(handle))
            sqlite3_close(handle)
            throw .unreadable("not an MBTiles file: it has no tiles table (\(message))")
        }
        database = handle
        query = statement
        metadata = Self.readMetadata(handle)
    }

    deinit {
        sqlite3_finalize(query)
        sqlite3_close(database)
    }

    /// The bytes of tile `z/x/y` (y counted from the top, as in XYZ), or nil when the file has no such row.
    public func tile(z: Int, x: Int, y: Int) throws(TileIOError) -> [UInt8]? {
        let tmsRow = (1 << z) - 1 - y
        sqlite3_mutex_enter(sqlite3_db_mutex(database))
        defer {
            sqlite3_reset(query)
            sqlite3_mutex_leave(sqlite3_db_mutex(database))
        }
        sqlite3_bind_int(query, 1, Int32(z))
        sqlite3_bind_int(query, 2, Int32(x))
        sqlite3_bind_int(query, 3, Int32(tmsRow))
        switch sqlite3_step(query) {
        case SQLITE_ROW:
            let count = Int(sqlite3_column_bytes(query, 0))
            guard count > 0, let blob = sqlite3_column_blob(query, 0) else { return [] }
            return Array(UnsafeRawBufferPointer(start: blob, count: count))
        case SQLITE_DONE:
            return nil
        default:
            throw .unreadable("cannot read tile \(z)/\(x)/\(y): \(String(cString: sqlite3_errmsg(database)))")
        }
    }

    private static func readMetadata(_ database: OpaquePointer) -> [String: String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, "SELECT name, value FROM metadata", -1, &statement, nil) == SQLITE_OK, let statement else {
            return [:]
        }
        defer { sqlite3_finalize(statement) }
        var values: [String: String] = [:]
        while sqlite3_step(statement) == SQLITE_ROW {
            guard let name = sqlite3_column_text(statement, 0), let value = sqlite3_column_text(statement, 1) else { continue }
            values[String(cString: name)] = String(cString: value)
        }
        return values
    }
}

/// Why a tile source could not be read.
public enum TileIOError: Error, Equatable, Sendable {
    /// The file is not what it should be, or a read failed; the text says why, lower case.
    case unreadable(String)

    /// What went wrong, lower case.
    public var message: String {
        switch self {
        case .unreadable(let message): message
        }
    }
}
