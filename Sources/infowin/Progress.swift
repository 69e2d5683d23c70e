import InfoWinKit

/// A one-line progress counter on standard error, shown only when it is a terminal.
struct Progress: Sendable {
    let total: Int
    private let enabled = FileSystem.standardErrorIsTerminal

    init(total: Int) {
        self.total = total
    }

    func show(done: Int, current: String) {
        guard enabled else { return }
        Console.progress("[\(done)/\(total)] ", current)
    }

    func clear() {
        guard enabled else { return }
        Console.progress("", "")
    }
}
