import PThreadLock
import CMicroHTTPD

/// Answers one request, once, from any thread. The first answer wins; later ones are ignored (a
/// deadline's 504 and a late render race, and only one may be sent).
package final class HTTPResponder: @unchecked Sendable {
    private let mutex = PThreadMutex()
    /// The connection, valid while the request is not answered (a suspended connection is never closed).
    private let connection: OpaquePointer
    /// The answer given and not yet queued; dropped once queued, so that whatever still holds the responder
    /// (a deadline timer, for one) does not keep the body alive.
    private var response: HTTPResponse?
    private var answered = false
    private var suspended = false

    init(connection: OpaquePointer) {
        self.connection = connection
    }

    /// Sends `response` unless the request was answered already; true when this one is sent.
    @discardableResult
    package func respond(_ response: HTTPResponse) -> Bool {
        mutex.withLock {
            guard !answered else { return false }
            answered = true
            self.response = response
            if suspended {
                suspended = false
                infowin_mhd_resume_connection(connection)
            }
            return true
        }
    }

    /// True once an answer was given.
    package var isAnswered: Bool { mutex.withLock { answered } }

    /// The size of the body it still holds: the answer's until the server queues it, then 0.
    package var heldBodyBytes: Int { mutex.withLock { response?.body.count ?? 0 } }

    /// The answer to queue, once (called on the server's thread); nil when none is given yet, after the
    /// connection is suspended to wait for it when `suspendingIfNone`.
    func takeResponse(suspendingIfNone: Bool) -> HTTPResponse? {
        mutex.withLock {
            guard let response else {
                if !answered && suspendingIfNone && !suspended {
                    suspended = true
                    infowin_mhd_suspend_connection(connection)
                }
                return nil
            }
            self.response = nil
            return response
        }
    }
}
