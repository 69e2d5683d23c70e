import PThreadLock
import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server on libmicrohttpd: a gate thread accepts connections and hands MHD each one whose first
/// head is sound (`HeadGate`); one polling thread reads requests and sends answers; the handler answers each
/// through its responder, at once or from another thread, and the connection waits suspended meanwhile; a
/// watch thread closes connections past their head and body time limits (`ConnectionWatch`). Owns the MHD
/// daemon (stopped in `stop` or `deinit`) and, once started, the listening socket (through its gate).
package final class HTTPServer: @unchecked Sendable {
    private var daemon: OpaquePointer?
    private let state: HTTPServerState
    /// The state, retained for as long as the daemon may call back with it.
    private let retainedState: Unmanaged<HTTPServerState>
    private let socket: ListeningSocket
    private let mutex = PThreadMutex()
    /// Accepts connections and judges each first head before MHD reads it; owns the listening socket.
    private var gate: HeadGate?
    /// The port the server listens on.
    package var port: Int { socket.port }

    /// Starts serving on `socket`; `log` is called once a request is answered (or its client went away).
    package init(
        socket: ListeningSocket, options: HTTPServerOptions = HTTPServerOptions(), handler: any HTTPHandler,
        log: @escaping @Sendable (HTTPAccessRecord) -> Void = { _ in }
    ) throws(HTTPServerError) {
        self.socket = socket
        state = HTTPServerState(options: options, handler: handler, log: log)
        retainedState = Unmanaged.passRetained(state)
        let context = retainedState.toOpaque()
        var items = [
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: max(1, options.clientTimeout), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: options.connectionMemoryLimit, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: options.connectionLimit, ptr_value: nil),
            // Strict: a head that breaks RFC 9112 (a field line without a colon, or with space before it, an
            // HTTP/1.1 request without Host) is refused rather than guessed at.
            MHD_OptionItem(option: .STRICT_FOR_CLIENT, value: 1, ptr_value: nil),
            MHD_OptionItem(option: .NOTIFY_CONNECTION, value: unsafeBitCast(HTTPCallbacks.connectionNotified, to: Int.self), ptr_value: context),
            MHD_OptionItem(option: .URI_LOG_CALLBACK, value: unsafeBitCast(HTTPCallbacks.uriLogged, to: Int.self), ptr_value: context),
            MHD_OptionItem(option: .NOTIFY_COMPLETED, value: unsafeBitCast(HTTPCallbacks.completed, to: Int.self), ptr_value: context),
            MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
        ]
        // MHD listens on nothing: the gate accepts, and hands it each connection whose first head is sound.
        let flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_AUTO.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
            | MHD_USE_NO_LISTEN_SOCKET.rawValue
        daemon = infowin_mhd_start(flags, HTTPCallbacks.accessed, context, &items)
        guard daemon != nil else {
            retainedState.release()
            close(socket.descriptor)
            guard infowin_mhd_available() != 0 else {
                throw .cannotStart("libmicrohttpd (\(INFOWIN_LIBMICROHTTPD)) cannot be opened: install libmicrohttpd12")
            }
            throw .cannotStart("libmicrohttpd could not start a server on \(socket.host):\(socket.port)")
        }
        state.watch.start()
        let started = daemon
        // The gate counts each address's connections, its own and MHD's (a connection it closes to make room
        // leaves MHD a moment later, which MHD's own per-address limit would hold against the new one).
        gate = HeadGate(listener: socket.descriptor, options: options, watch: state.watch) { descriptor, address, length in
            infowin_mhd_add_connection(started, descriptor, address, length) == .YES
        }
        gate?.start()
    }

    deinit { stop() }

    /// Stops taking new connections and closes the listening socket (a client connecting now is refused
    /// by the system, not left in its backlog); requests already read are answered, and their connections
    /// closed after the answer.
    package func stopAccepting() {
        mutex.withLock {
            guard daemon != nil else { return }
            state.closing = true
            gate?.stopAccepting()
        }
    }

    /// Requests read (or being read) and not yet answered and sent.
    package var openRequests: Int { state.openRequests }

    /// Connections open (idle kept-alive ones included).
    var openConnections: Int {
        mutex.withLock { daemon.map { Int(infowin_mhd_connection_count($0)) } ?? 0 }
    }

    /// Stops the server: every request still waiting is answered 503 first (MHD must not stop with a
    /// connection suspended), then connections are closed and the listening socket with them.
    package func stop() {
        mutex.withLock {
            guard let daemon else { return }
            state.closing = true
            state.answerWaiting(.problem(503, "the server is stopping"))
            // The polling thread takes resumed connections back before the daemon may stop (a connection
            // still suspended when it stops is an API violation); a second is plenty for it.
            for _ in 0..<100 where state.openRequests > 0 { usleep(10_000) }
            gate?.stop()
            gate = nil
            state.watch.stop()
            infowin_mhd_stop_daemon(daemon)
            self.daemon = nil
            retainedState.release()
        }
    }
}
