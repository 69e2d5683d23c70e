import Foundation
import HTTPServer
import Testing

/// Answers with what it read: synchronously for /now, from another thread for /later.
private struct EchoHandler: HTTPHandler {
    func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        let text = "\(request.method) \(request.path) ?\(request.query) \(request.header("x-test") ?? "-") \(request.body.count)\(request.bodyTooLarge ? " too large" : "")"
        if request.path == "/later" {
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { responder.respond(.text(202, text)) }
        } else {
            responder.respond(.text(200, text))
        }
    }
}

/// Answers /now with a 100,000-byte body and keeps every responder, as a deadline timer keeps one.
private final class KeepingHandler: HTTPHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [HTTPResponder] = []
    var responders: [HTTPResponder] { lock.withLock { kept } }

    func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        lock.withLock { kept.append(responder) }
        responder.respond(HTTPResponse(status: 200, headers: [], body: Array(repeating: 7, count: 100_000)))
    }
}

@Suite struct HTTPServerTests {
    private func server(bodyLimit: Int = 1000) throws -> HTTPServer {
        var options = HTTPServerOptions()
        options.bodyLimit = bodyLimit
        options.clientTimeout = 1
        return try HTTPServer(socket: try ListeningSocket.bind(host: "127.0.0.1", port: 0), options: options, handler: EchoHandler())
    }

    @Test func answersAtOnceAndFromAnotherThreadWithTheRawQueryAndHeaders() throws {
        let server = try server()
        let now = try RawHTTP.request(port: server.port, "GET", "/now?a=%41+b&a=2", headers: ["X-Test": "yes"])
        #expect(now.status == 200)
        #expect(now.text == "GET /now ?a=%41+b&a=2 yes 0\n")
        let later = try RawHTTP.request(port: server.port, "POST", "/later", body: Array("hello".utf8))
        #expect(later.status == 202)
        #expect(later.text == "POST /later ? - 5\n")
        #expect(server.openRequests == 0)
    }

    @Test func aResponderKeptAfterItsAnswerWasSentHoldsNoBodyAndAnswersNoMore() throws {
        let handler = KeepingHandler()
        let server = try HTTPServer(socket: try ListeningSocket.bind(host: "127.0.0.1", port: 0), handler: handler)
        for _ in 0..<3 {
            #expect(try RawHTTP.request(port: server.port, "GET", "/now").body.count == 100_000)
        }
        #expect(handler.responders.count == 3)
        for responder in handler.responders {
            #expect(responder.isAnswered)
            #expect(responder.heldBodyBytes == 0)
            #expect(!responder.respond(.text(504, "too late")))
        }
    }

    @Test func aBodyOverTheLimitReachesTheHandlerMarkedAndEmpty() throws {
        let server = try server(bodyLimit: 10)
        let announced = try RawHTTP.request(port: server.port, "POST", "/now", body: Array(repeating: 65, count: 11))
        #expect(announced.text == "POST /now ? - 0 too large\n")
        let exact = try RawHTTP.request(port: server.port, "POST", "/now", body: Array(repeating: 65, count: 10))
        #expect(exact.text == "POST /now ? - 10\n")
    }

    @Test func aClientThatStopsHalfWayThroughItsHeadIsDisconnected() throws {
        let server = try server()
        let descriptor = try RawHTTP.connect(port: server.port, timeout: 20)
        defer { close(descriptor) }
        RawHTTP.write(descriptor, Array("GET /now HTTP/1.1\r\nHost: x\r\n".utf8))
        // The server closes the connection (read returns end of file), well before the read's own timeout.
        #expect(RawHTTP.readAll(descriptor).isEmpty)
    }

    @Test func theQueryStringDecodesPlusPercentAndKeepsBrokenEscapes() {
        let pairs = QueryString.parse("a=1+2&b=%E2%82%AC&&c&d=%zz%4&e=%ff=x")
        #expect(pairs == [
            QueryParameter("a", "1 2"), QueryParameter("b", "€"), QueryParameter("c", ""), QueryParameter("d", "%zz%4"),
            QueryParameter("e", "\u{FFFD}=x"),
        ])
    }
}
