import PThreadLock
#if canImport(Glibc)
import Glibc
#endif

/// Accepts connections and holds each until its first request head is whole, then hands it to
/// libmicrohttpd: the head is only peeked, so MHD reads it as if it came straight from the socket. A head MHD
/// would refuse with one of its own HTML pages (too long, malformed, an unknown version, no Host, a bad
/// length, a first chunk line over its limit) is answered here as problem+json and the connection closed;
/// one that does not arrive whole within the header timeout is closed; and one address holds at most its
/// share of the connections, here and in MHD, its oldest unfinished request giving way to a new one.
/// Runs one thread of its own.
final class HeadGate: @unchecked Sendable {
    /// A connection whose head is awaited.
    private struct Waiting {
        var address: sockaddr_storage
        var addressLength: socklen_t
        var key: [UInt8]
        var since: Double
        /// When to look at it again, and how long to wait after that (a head that came in parts is
        /// looked at again later and later, so that a slow client costs little).
        var nextLook: Double
        var pause: Double
    }

    private let mutex = PThreadMutex()
    private var listener: Int32
    private var stopping = false
    private var thread: pthread_t?
    private var waiting: [Int32: Waiting] = [:]
    /// Connections answered with a refusal, read and discarded until the client closes them or a second
    /// passes: closing one with unread bytes would reset it, and the client could lose the answer.
    private var lingering: [Int32: Double] = [:]
    private let wake: (read: Int32, write: Int32)
    private let options: HTTPServerOptions
    /// The connections MHD holds, by address, for the per-address share.
    private let watch: ConnectionWatch
    /// The most bytes of a head: MHD keeps a head in half its connection memory with room to spare.
    private let headLimit: Int
    private let handOff: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Bool

    /// Gates `listener` (listening), giving each sound connection to `handOff`, whose the socket then is
    /// (MHD closes one it cannot take).
    init(
        listener: Int32, options: HTTPServerOptions, watch: ConnectionWatch, handOff: @escaping (Int32, UnsafePointer<sockaddr>, socklen_t) -> Bool
    ) {
        self.listener = listener
        self.options = options
        self.watch = watch
        headLimit = max(4096, options.connectionMemoryLimit / 2)
        self.handOff = handOff
        var ends = [Int32](repeating: -1, count: 2)
        _ = pipe(&ends)
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        wake = (ends[0], ends[1])
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
    }

    func start() {
        thread = PThreadStart.joinable { [self] in
            while mutex.withLock({ !stopping }) { turn() }
        }
    }

    /// Closes the listening socket: a client connecting now is refused by the system. Heads already
    /// awaited are still judged.
    func stopAccepting() {
        mutex.withLock {
            guard listener >= 0 else { return }
            close(listener)
            listener = -1
        }
        poke()
    }

    /// Ends the thread and closes every connection still waiting (and the listening socket if open).
    func stop() {
        mutex.withLock { stopping = true }
        poke()
        if let thread { pthread_join(thread, nil) }
        thread = nil
        stopAccepting()
        for descriptor in Array(waiting.keys) + Array(lingering.keys) { close(descriptor) }
        waiting = [:]
        lingering = [:]
        close(wake.read)
        close(wake.write)
    }

    private func poke() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    /// One wait for the listener, the wake pipe and the heads due a look, then what they are ready for.
    private func turn() {
        let now = MonotonicClock.now
        let listening = mutex.withLock { listener }
        var polled = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
        if listening >= 0 { polled.append(pollfd(fd: listening, events: Int16(POLLIN), revents: 0)) }
        var soonest = now + 0.25
        for (descriptor, entry) in waiting {
            soonest = min(soonest, entry.since + options.headerTimeout)
            if entry.nextLook <= now {
                polled.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
            } else {
                soonest = min(soonest, entry.nextLook)
            }
        }
        for (descriptor, until) in lingering {
            polled.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
            soonest = min(soonest, until)
        }
        let timeout = Int32(max(0, min(250, (soonest - now) * 1000)).rounded(.up))
        guard poll(&polled, nfds_t(polled.count), timeout) >= 0 || errno == EINTR else { return }
        if polled[0].revents != 0 {
            var drained = [UInt8](repeating: 0, count: 64)
            while read(wake.read, &drained, drained.count) > 0 {}
        }
        for entry in polled.dropFirst() where entry.revents != 0 {
            if entry.fd == listening {
                accept(from: listening)
            } else if lingering[entry.fd] != nil {
                discard(entry.fd)
            } else {
                look(at: entry.fd)
            }
        }
        for (descriptor, until) in lingering where until < MonotonicClock.now {
            lingering[descriptor] = nil
            close(descriptor)
        }
        let late = MonotonicClock.now - options.headerTimeout
        for (descriptor, entry) in waiting where entry.since < late { drop(descriptor) }
    }

    /// Accepts every connection waiting in the backlog; one from an address already holding its share of
    /// the waiting connections takes the place of that address's oldest.
    private func accept(from listening: Int32) {
        while true {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let descriptor = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(listening, $0, &length) }
            }
            guard descriptor >= 0 else { return }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            let key = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { ClientAddress.key(of: $0) } }
            guard waiting.count < options.connectionLimit else {
                close(descriptor)
                continue
            }
            // An address at its share gives up its oldest unfinished request for the new connection (a head
            // waiting here, else a head or body MHD is reading): a slowloris holds no more than its share,
            // and a request from the same address still gets in. With none to give up, the new one is closed.
            let same = waiting.filter { $0.value.key == key }
            if same.count + watch.connections(from: key) >= options.connectionsPerAddress {
                if let oldest = same.min(by: { $0.value.since < $1.value.since }) {
                    drop(oldest.key)
                } else if !watch.closeOldestReading(from: key) {
                    close(descriptor)
                    continue
                }
            }
            let now = MonotonicClock.now
            waiting[descriptor] = Waiting(address: address, addressLength: length, key: key, since: now, nextLook: now, pause: 0.01)
        }
    }

    /// Peeks at what `descriptor` sent: hands a sound head on, answers a refused one, or looks again later.
    private func look(at descriptor: Int32) {
        guard var entry = waiting[descriptor] else { return }
        var buffer = [UInt8](repeating: 0, count: headLimit + HTTPHeadCheck.chunkLineLimit + 2)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_PEEK | MSG_DONTWAIT)) }
        if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { return drop(descriptor) }
        guard count > 0 else { return }
        switch HTTPHeadCheck.judge(buffer[..<count], limit: headLimit) {
        case .incomplete:
            entry.nextLook = MonotonicClock.now + entry.pause
            entry.pause = min(0.5, entry.pause * 2)
            waiting[descriptor] = entry
        case .sound:
            waiting[descriptor] = nil
            _ = withUnsafePointer(to: &entry.address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { handOff(descriptor, $0, entry.addressLength) }
            }
        case .refused(let response):
            refuse(descriptor, with: response, id: RequestID.of(head: buffer[..<count]))
        }
    }

    /// Sends `response`, ends the sending side, and lingers: what the client still sends is read and
    /// dropped until it closes (or a second passes), so that the close does not reset the connection before
    /// the client has the answer.
    private func refuse(_ descriptor: Int32, with response: HTTPResponse, id: String) {
        var head = "HTTP/1.1 \(response.status) \(HTTPResponse.reasonPhrase(response.status))\r\nConnection: close\r\n\(RequestID.header): \(id)\r\n"
        for field in response.headers { head += "\(field.name): \(field.value)\r\n" }
        let bytes = Array((head + "Content-Length: \(response.body.count)\r\n\r\n").utf8) + response.body
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
        shutdown(descriptor, Int32(SHUT_WR))
        waiting[descriptor] = nil
        lingering[descriptor] = MonotonicClock.now + 1
        discard(descriptor)
    }

    /// Reads and drops what a lingering connection sent; closes it once the client has closed its side.
    private func discard(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 { continue }
            if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                lingering[descriptor] = nil
                close(descriptor)
            }
            return
        }
    }

    private func drop(_ descriptor: Int32) {
        waiting[descriptor] = nil
        close(descriptor)
    }
}
