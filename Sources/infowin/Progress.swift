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
        Console.raw("\r\u{1B}[K[\(done)/\(total)] \(current)", toError: true)
    }

    func clear() {
        guard enabled else { return }
        Console.raw("\r\u{1B}[K", toError: true)
    }
}
