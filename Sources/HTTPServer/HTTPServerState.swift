import PThreadLock
/// What the daemon's callbacks share: the handler, the limits, and the requests open. Reached from C
/// through the pointer the server passes as every callback's `cls`.
final class HTTPServerState: @unchecked Sendable {
    let options: HTTPServerOptions
    let handler: any HTTPHandler
    let log: @Sendable (HTTPAccessRecord) -> Void
    /// The head and body time limits on every connection.
    let watch: ConnectionWatch
    private let mutex = PThreadMutex()
    private var open: [ObjectIdentifier: HTTPResponder] = [:]
    private var closingFlag = false

    init(options: HTTPServerOptions, handler: any HTTPHandler, log: @escaping @Sendable (HTTPAccessRecord) -> Void) {
        self.options = options
        self.handler = handler
        self.log = log
        watch = ConnectionWatch(headerTimeout: options.headerTimeout, minBodyRate: Double(options.minBodyRate))
    }

    /// True once the server stops accepting: answers then close their connections.
    var closing: Bool {
        get { mutex.withLock { closingFlag } }
        set { mutex.withLock { closingFlag = newValue } }
    }

    var openRequests: Int { mutex.withLock { open.count } }

    func opened(_ responder: HTTPResponder) {
        mutex.withLock { open[ObjectIdentifier(responder)] = responder }
    }

    func finished(_ responder: HTTPResponder) {
        _ = mutex.withLock { open.removeValue(forKey: ObjectIdentifier(responder)) }
    }

    /// Answers every open request that has no answer yet with `response`.
    func answerWaiting(_ response: HTTPResponse) {
        for responder in mutex.withLock({ Array(open.values) }) { responder.respond(response) }
    }
}
