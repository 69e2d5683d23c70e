import CSQLite

/// Reads tiles from an MBTiles file (SQLite; rows in the TMS scheme, as the MBTiles spec says). Owns its
/// read-only connection and closes it in `deinit`. SQLite is opened serialized, so one reader may be
/// used from several threads.
///
/// An MBTiles file is SQL: its `tiles` and `metadata` may be views (the deduplicated `map`/`images`
/// schema makes `tiles` one), and a view runs whatever query it holds. So the file is opened immutable
/// and read-only (no journal, no side files beside it), no string or blob may exceed `sizeLimit`, only
/// `metadataRowLimit` metadata rows of at most `metadataValueLimit` bytes are read, and every statement
/// runs under a time budget (`statementSeconds`).
package final class MBTilesReader: @unchecked Sendable {
    private let database: OpaquePointer
    private let query: OpaquePointer
    private let budget: SQLiteBudget
    /// The file's `metadata` table (name → value), read when opened.
    package let metadata: [String: String]

    /// The largest tile (or any string or blob SQLite makes for a statement).
    package static let sizeLimit = 16 << 20
    /// Seconds one SQL statement may run.
    static let statementSeconds = 5.0
    /// The most metadata rows read.
    package static let metadataRowLimit = 1_000
    /// The longest metadata name or value read; longer rows are passed over.
    package static let metadataValueLimit = 64 << 10

    /// The SQLite library MBTiles files are read with, opened on first use: `libsqlite3.so.0`.
    package static var sqliteLibraryName: String { String(cString: infowin_sqlite_library_name()) }

    /// True when SQLite's library and every function read from it were found (opening it the first time).
    package static var isSQLiteAvailable: Bool { infowin_sqlite_load() == 1 }

    /// Opens `path` read-only; fails when it is not an SQLite file with a `tiles` table or view.
    package convenience init(path: String) throws(TileIOError) {
        try self.init(path: path, statementSeconds: Self.statementSeconds)
    }

    /// Opens `path` with a statement budget of `statementSeconds` (tests give a small one).
    init(path: String, statementSeconds: Double) throws(TileIOError) {
        guard Self.isSQLiteAvailable else {
            throw .unreadable("SQLite (\(Self.sqliteLibraryName)) cannot be opened: install the libsqlite3-0 package")
        }
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_URI
        guard infowin_sqlite3_open_v2(Self.immutableURI(path), &handle, flags, nil) == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: infowin_sqlite3_errmsg($0)) } ?? "cannot open it"
            infowin_sqlite3_close(handle)
            throw .unreadable("not an SQLite database (\(message))")
        }
        infowin_sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Int32(Self.sizeLimit))
        // Views may then call only functions without side effects.
        infowin_sqlite3_exec(handle, "PRAGMA trusted_schema = OFF", nil, nil, nil)
        let budget = SQLiteBudget(seconds: statementSeconds)
        budget.install(on: handle)
        var statement: OpaquePointer?
        let sql = "SELECT tile_data FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3"
        guard infowin_sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            let message = String(cString: infowin_sqlite3_errmsg(handle))
            infowin_sqlite3_close(handle)
            throw .unreadable("not an MBTiles file: it has no tiles table (\(message))")
        }
        do {
            metadata = try Self.readMetadata(handle, budget: budget)
        } catch {
            infowin_sqlite3_finalize(statement)
            infowin_sqlite3_close(handle)
            throw error
        }
        database = handle
        query = statement
        self.budget = budget
    }

    deinit {
        infowin_sqlite3_finalize(query)
        infowin_sqlite3_close(database)
    }

    /// The bytes of tile `z/x/y` (y counted from the top, as in XYZ), or nil when the file has no such row.
    package func tile(z: Int, x: Int, y: Int) throws(TileIOError) -> [UInt8]? {
        let tmsRow = (1 << z) - 1 - y
        infowin_sqlite3_mutex_enter(infowin_sqlite3_db_mutex(database))
        defer {
            infowin_sqlite3_reset(query)
            infowin_sqlite3_mutex_leave(infowin_sqlite3_db_mutex(database))
        }
        infowin_sqlite3_bind_int(query, 1, Int32(z))
        infowin_sqlite3_bind_int(query, 2, Int32(x))
        infowin_sqlite3_bind_int(query, 3, Int32(tmsRow))
        budget.start()
        switch infowin_sqlite3_step(query) {
        case SQLITE_ROW:
            let count = Int(infowin_sqlite3_column_bytes(query, 0))
            guard count <= Self.sizeLimit else { throw .overLimit("tile \(z)/\(x)/\(y) is \(count) bytes, more than 16 MB") }
            guard count > 0, let blob = infowin_sqlite3_column_blob(query, 0) else { return [] }
            return Array(UnsafeRawBufferPointer(start: blob, count: count))
        case SQLITE_DONE:
            return nil
        case let code:
            throw Self.failure("cannot read tile \(z)/\(x)/\(y)", code, database, budget)
        }
    }

    /// At most `metadataRowLimit` rows; a file without a metadata table has none.
    private static func readMetadata(_ database: OpaquePointer, budget: SQLiteBudget) throws(TileIOError) -> [String: String] {
        var statement: OpaquePointer?
        guard infowin_sqlite3_prepare_v2(database, "SELECT name, value FROM metadata", -1, &statement, nil) == SQLITE_OK, let statement else {
            return [:]
        }
        defer { infowin_sqlite3_finalize(statement) }
        var values: [String: String] = [:]
        budget.start()
        for _ in 0..<metadataRowLimit {
            switch infowin_sqlite3_step(statement) {
            case SQLITE_ROW:
                guard infowin_sqlite3_column_bytes(statement, 0) <= metadataValueLimit, infowin_sqlite3_column_bytes(statement, 1) <= metadataValueLimit,
                      let name = infowin_sqlite3_column_text(statement, 0), let value = infowin_sqlite3_column_text(statement, 1) else { continue }
                values[String(cString: name)] = String(cString: value)
            case SQLITE_DONE:
                return values
            case let code:
                throw failure("cannot read its metadata", code, database, budget)
            }
        }
        return values
    }

    /// What a failed step means: a spent budget and an oversized value are limits passed.
    private static func failure(_ what: String, _ code: Int32, _ database: OpaquePointer, _ budget: SQLiteBudget) -> TileIOError {
        switch code {
        case SQLITE_INTERRUPT:
            .overLimit("\(what): its SQL ran longer than \(Deadline.text(seconds: budget.seconds)) s and was stopped (a view that never ends?)")
        case SQLITE_TOOBIG:
            .overLimit("\(what): its SQL made a value larger than 16 MB")
        default:
            .unreadable("\(what): \(String(cString: infowin_sqlite3_errmsg(database)))")
        }
    }

    /// A `file:` URI opening `path` immutable: SQLite then takes no locks and makes no journal or WAL
    /// files, so nothing is written beside a read-only archive. Every byte but the unreserved ones and
    /// `/` is percent-encoded.
    static func immutableURI(_ path: String) -> String {
        var uri = "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                uri += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return uri + "?immutable=1"
    }
}

/// Why a tile source could not be read.
package enum TileIOError: Error, Equatable, Sendable {
    /// The file is not what it should be, or a read failed; the text says why, lower case.
    case unreadable(String)
    /// The source passed one of its limits (a statement ran out of time, a value too large, a directory
    /// cycle): no other tile of it is read, and the render fails.
    case overLimit(String)

    /// What went wrong, lower case.
    package var message: String {
        switch self {
        case .unreadable(let message), .overLimit(let message): message
        }
    }
}
