import CMicroHTTPD

/// The C callbacks the daemon calls, on its polling thread. `cls` is always the server's state.
enum HTTPCallbacks {
    private static func state(_ cls: UnsafeMutableRawPointer?) -> HTTPServerState? {
        cls.map { Unmanaged<HTTPServerState>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The state attached to `connection` when it opened.
    private static func connectionState(_ connection: OpaquePointer) -> HTTPConnectionState? {
        infowin_mhd_socket_context(connection).map { Unmanaged<HTTPConnectionState>.fromOpaque($0).takeUnretainedValue() }
    }

    /// A connection opened (a state attached to it, retained, and watched) or closed (no longer watched, and
    /// the state released; MHD closes the socket after this returns).
    static let connectionNotified: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
        guard let socketContext, let state = state(cls) else { return }
        if code == .CONNECTION_NOTIFY_STARTED, let connection {
            let address = infowin_mhd_client_address(connection).map { ClientAddress.key(of: $0) } ?? []
            let connectionState = HTTPConnectionState(descriptor: infowin_mhd_connection_descriptor(connection), address: address)
            socketContext.pointee = Unmanaged.passRetained(connectionState).toOpaque()
            state.watch.opened(connectionState)
        } else if let context = socketContext.pointee {
            let connectionState = Unmanaged<HTTPConnectionState>.fromOpaque(context)
            state.watch.closed(connectionState.takeUnretainedValue())
            connectionState.release()
            socketContext.pointee = nil
        }
    }

    /// A request line arrived: its URI is kept whole (query string undecoded) for the access handler.
    static let uriLogged: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
        _, uri, connection in
        guard let uri, let connection, let connectionState = connectionState(connection) else { return nil }
        connectionState.pendingURI = String(cString: uri)
        return nil
    }

    /// A request finished (answered and sent, or its client gone): logged, and its exchange released.
    static let completed: MHD_RequestCompletedCallback = { cls, connection, exchangeContext, _ in
        guard let exchangeContext, let context = exchangeContext.pointee else { return }
        exchangeContext.pointee = nil
        let exchange = Unmanaged<HTTPExchange>.fromOpaque(context).takeRetainedValue()
        guard let state = state(cls) else { return }
        if let connection, let connectionState = connectionState(connection) { state.watch.answered(connectionState) }
        state.finished(exchange.responder)
        let sent = exchange.sent ?? (499, 0)
        state.log(HTTPAccessRecord(
            method: exchange.request.method, path: exchange.request.path, status: sent.status, bytes: sent.bytes,
            seconds: MonotonicClock.now - exchange.started, requestID: exchange.request.id, trace: exchange.request.trace))
    }

    /// Called for the head, for each piece of the body, once the body is read, and again after a suspended
    /// connection is resumed with its answer.
    static let accessed: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadDataSize, exchangeContext in
        guard let state = state(cls), let connection, let exchangeContext, let uploadDataSize else { return .NO }
        guard let context = exchangeContext.pointee else {
            let exchange = HTTPExchange(
                request: request(connection, url: url, method: method), responder: HTTPResponder(connection: connection),
                started: MonotonicClock.now)
            exchangeContext.pointee = Unmanaged.passRetained(exchange).toOpaque()
            state.opened(exchange.responder)
            if let connectionState = connectionState(connection) { state.watch.headRead(connectionState) }
            // A head two readers could frame differently: refused before a byte of its body is read, and the
            // connection closed after the answer (MHD reads nothing more of a request answered early).
            if let refusal = HTTPFraming.refusal(of: exchange.request.headers) {
                exchange.dispatched = true
                exchange.sent = (refusal.status, refusal.body.count)
                return queue(refusal, on: connection, closing: true, id: exchange.request.id)
            }
            // A body announced too large is refused before it is read.
            if let length = exchange.request.header("Content-Length").flatMap(Int.init), length > state.options.bodyLimit {
                exchange.request.bodyTooLarge = true
                return dispatch(exchange, state: state, connection: connection)
            }
            return .YES
        }
        let exchange = Unmanaged<HTTPExchange>.fromOpaque(context).takeUnretainedValue()
        if uploadDataSize.pointee > 0 {
            if let connectionState = connectionState(connection) { state.watch.bodyRead(connectionState, count: uploadDataSize.pointee) }
            if !exchange.dispatched, let uploadData {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadDataSize.pointee) {
                    exchange.append(UnsafeBufferPointer(start: $0, count: uploadDataSize.pointee), limit: state.options.bodyLimit)
                }
            }
            uploadDataSize.pointee = 0
            return .YES
        }
        return dispatch(exchange, state: state, connection: connection)
    }

    /// Hands the request to the handler (once), then queues its answer or suspends the connection until it comes.
    private static func dispatch(_ exchange: HTTPExchange, state: HTTPServerState, connection: OpaquePointer) -> MHD_Result {
        if !exchange.dispatched {
            exchange.dispatched = true
            if let connectionState = connectionState(connection) { state.watch.answering(connectionState) }
            state.handler.handle(exchange.request, responder: exchange.responder)
        }
        guard let response = exchange.responder.takeResponse(suspendingIfNone: true) else { return .YES }
        exchange.sent = (response.status, response.body.count)
        return queue(response, on: connection, closing: state.closing, id: exchange.request.id)
    }

    /// Queues `response` with the request's id in `X-Request-Id` (in place of any the handler set).
    private static func queue(_ response: HTTPResponse, on connection: OpaquePointer, closing: Bool, id: String) -> MHD_Result {
        let made = response.body.withUnsafeBytes { body -> OpaquePointer? in
            infowin_mhd_response_copying(body.count, body.baseAddress.map { UnsafeMutableRawPointer(mutating: $0) })
        }
        guard let made else { return .NO }
        defer { infowin_mhd_destroy_response(made) }
        for field in response.headers where HTTPHeaderField.folded(field.name) != "x-request-id" {
            _ = infowin_mhd_add_response_header(made, field.name, field.value)
        }
        _ = infowin_mhd_add_response_header(made, RequestID.header, id)
        if closing { _ = infowin_mhd_add_response_header(made, "Connection", "close") }
        return infowin_mhd_queue_response(connection, UInt32(response.status), made)
    }

    /// The request's head as MHD read it, with the raw URI the URI log callback kept.
    private static func request(_ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?) -> HTTPRequest {
        var uri = url.map { String(cString: $0) } ?? "/"
        var address = ""
        if let connectionState = connectionState(connection) {
            address = ClientAddress.text(of: connectionState.address)
            uri = connectionState.pendingURI ?? uri
            connectionState.pendingURI = nil
        }
        let question = uri.firstIndex(of: "?")
        let fields = HeaderFields()
        withExtendedLifetime(fields) {
            _ = infowin_mhd_get_connection_values(connection, .HEADER_KIND, { cls, _, key, value in
                guard let cls, let key else { return .YES }
                Unmanaged<HeaderFields>.fromOpaque(cls).takeUnretainedValue().fields.append(
                    HTTPHeaderField(String(cString: key), value.map { String(cString: $0) } ?? ""))
                return .YES
            }, Unmanaged.passUnretained(fields).toOpaque())
        }
        return HTTPRequest(
            method: method.map { String(cString: $0) } ?? "GET",
            path: question.map { String(uri[..<$0]) } ?? uri,
            query: question.map { String(uri[uri.index(after: $0)...]) } ?? "",
            headers: fields.fields, clientAddress: address)
    }

    /// The header fields being collected by MHD's iterator.
    private final class HeaderFields {
        var fields: [HTTPHeaderField] = []
    }
}
