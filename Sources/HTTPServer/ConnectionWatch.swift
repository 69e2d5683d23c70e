import PThreadLock
#if canImport(Glibc)
import Glibc
#endif

/// The time limits on a client that libmicrohttpd's idle timeout cannot give (it restarts at every byte, so a
/// client sending a header line every few seconds holds its connection forever): a whole request head within
/// `headerTimeout` of the connection opening or of the last answer, and a body arriving at `minBodyRate`
/// once it has had `headerTimeout` seconds (by `t` seconds into the body, `minBodyRate × (t − headerTimeout)`
/// bytes, as Apache's mod_reqtimeout counts). A connection past its limit is shut down from this watch's
/// thread; the daemon then sees it closed and frees it. Waiting for an answer is never timed.
final class ConnectionWatch: @unchecked Sendable {
    private let mutex = PThreadMutex()
    private var watched: [ObjectIdentifier: HTTPConnectionState] = [:]
    private var stopping = false
    private let headerTimeout: Double
    private let minBodyRate: Double
    private var thread: pthread_t?

    init(headerTimeout: Double, minBodyRate: Double) {
        self.headerTimeout = headerTimeout
        self.minBodyRate = minBodyRate
    }

    /// Starts the thread that closes connections past their limits, looking a few times within the
    /// shortest limit.
    func start() {
        let pause = UInt32(min(250_000, max(20_000, headerTimeout * 1_000_000 / 8)))
        thread = PThreadStart.joinable { [self] in
            while mutex.withLock({ !stopping }) {
                usleep(pause)
                sweep(now: MonotonicClock.now)
            }
        }
    }

    /// Ends the thread (before the daemon stops: no shutdown may race with its closing sockets).
    func stop() {
        mutex.withLock { stopping = true }
        if let thread { pthread_join(thread, nil) }
        thread = nil
    }

    /// A connection opened on `descriptor`: its head is timed from now.
    func opened(_ connection: HTTPConnectionState) {
        mutex.withLock {
            connection.phase = .head(since: MonotonicClock.now)
            watched[ObjectIdentifier(connection)] = connection
        }
    }

    /// A connection is closing: it is never shut down from here after this (its descriptor may be reused).
    func closed(_ connection: HTTPConnectionState) {
        _ = mutex.withLock { watched.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    /// The head is read: the body, if any, is timed from now.
    func headRead(_ connection: HTTPConnectionState) {
        mutex.withLock { connection.phase = .body(since: MonotonicClock.now, bytes: 0) }
    }

    /// `count` more bytes of the body arrived.
    func bodyRead(_ connection: HTTPConnectionState, count: Int) {
        mutex.withLock {
            if case .body(let since, let bytes) = connection.phase { connection.phase = .body(since: since, bytes: bytes + count) }
        }
    }

    /// The request is read whole and waits for its answer, or is being answered: not timed here.
    func answering(_ connection: HTTPConnectionState) {
        mutex.withLock { connection.phase = .answering }
    }

    /// The answer is sent: a kept-alive connection's next head is timed from now.
    func answered(_ connection: HTTPConnectionState) {
        mutex.withLock { connection.phase = .head(since: MonotonicClock.now) }
    }

    /// The connections open from the address `key`.
    func connections(from key: [UInt8]) -> Int {
        mutex.withLock { watched.values.filter { $0.address == key }.count }
    }

    /// Shuts down the connection from `key` that has been reading its request (head or body) the longest,
    /// to make room for a new one from that address; false when none of its connections is reading.
    func closeOldestReading(from key: [UInt8]) -> Bool {
        mutex.withLock {
            let reading = watched.values.filter { $0.address == key }.compactMap { connection -> (HTTPConnectionState, Double)? in
                switch connection.phase {
                case .head(let since), .body(let since, _): (connection, since)
                case .answering: nil
                }
            }
            guard let oldest = reading.min(by: { $0.1 < $1.1 })?.0 else { return false }
            oldest.phase = .answering
            shutdown(oldest.descriptor, Int32(SHUT_RDWR))
            return true
        }
    }

    /// Shuts down every connection past its limit at `now`.
    func sweep(now: Double) {
        mutex.withLock {
            for connection in watched.values where isLate(connection.phase, now: now) {
                connection.phase = .answering
                shutdown(connection.descriptor, Int32(SHUT_RDWR))
            }
        }
    }

    private func isLate(_ phase: HTTPConnectionState.Phase, now: Double) -> Bool {
        switch phase {
        case .head(let since): now - since > headerTimeout
        case .body(let since, let bytes): now - since > headerTimeout && Double(bytes) < minBodyRate * (now - since - headerTimeout)
        case .answering: false
        }
    }
}
