import PThreadLock
import CMicroHTTPD

/// Answers one request, once, from any thread. The first answer wins; later ones are ignored (a
/// deadline's 504 and a late render race, and only one may be sent).
package final class HTTPResponder: @unchecked Sendable {
    private let mutex = PThreadMutex()
    /// The connection, valid while the request is not answered (a suspended connection is never closed).
    private let connection: OpaquePointer
    private var response: HTTPResponse?
    private var suspended = false
    private var taken = false

    init(connection: OpaquePointer) {
        self.connection = connection
    }

    /// Sends `response` unless the request was answered already; true when this one is sent.
    @discardableResult
    package func respond(_ response: HTTPResponse) -> Bool {
        mutex.withLock {
            guard self.response == nil else { return false }
            self.response = response
            if suspended {
                suspended = false
                infowin_mhd_resume_connection(connection)
            }
            return true
        }
    }

    /// True once an answer was given.
    package var isAnswered: Bool { mutex.withLock { response != nil } }

    /// The answer to queue, once (called on the server's thread); nil when none is given yet, after the
    /// connection is suspended to wait for it when `suspendingIfNone`.
    func takeResponse(suspendingIfNone: Bool) -> HTTPResponse? {
        mutex.withLock {
            guard let response, !taken else {
                if response == nil && suspendingIfNone && !suspended {
                    suspended = true
                    infowin_mhd_suspend_connection(connection)
                }
                return nil
            }
            taken = true
            return response
        }
    }
}
