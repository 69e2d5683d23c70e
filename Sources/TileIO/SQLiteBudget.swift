import CSQLite

/// The time one SQL statement of an MBTiles file may run: its `tiles` or `metadata` may be a view of any
/// SQL (a recursive one that never ends, too), so every step runs under SQLite's progress handler, which
/// interrupts the statement once the budget is spent. Shared by the statements of one connection, which
/// step one at a time under the connection's mutex.
final class SQLiteBudget: @unchecked Sendable {
    /// Seconds a statement may run.
    let seconds: Double
    private var deadline = Deadline(seconds: 0)

    /// How many virtual machine instructions pass between looks at the clock.
    private static let instructionsBetweenChecks: Int32 = 10_000

    init(seconds: Double) {
        self.seconds = seconds
    }

    /// Watches every statement of `database` from now on.
    func install(on database: OpaquePointer) {
        infowin_sqlite3_progress_handler(database, Self.instructionsBetweenChecks, { context in
            guard let context else { return 1 }
            return Unmanaged<SQLiteBudget>.fromOpaque(context).takeUnretainedValue().deadline.hasPassed ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Starts the clock for the statement about to step.
    func start() {
        deadline = Deadline(seconds: seconds)
    }
}
