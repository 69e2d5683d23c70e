import Dispatch
import HTTPServer
import InfoWinKit

/// `infowin serve`'s answers: renders (`POST /render`, `GET /staticmap`) on warm workers behind a bounded
/// queue, each within the deadline, and `/healthz`, `/readyz`, `/metrics`.
package final class RenderService: HTTPHandler, Sendable {
    let settings: ServiceSettings
    private let pool: WorkerPool
    private let metrics = ServiceMetrics()
    private let log: @Sendable (String) -> Void
    /// One bucket a client for the render endpoints, when `--rate` is given.
    private let limiter: RateLimiter?

    /// Starts the workers (each loads its fonts first); `log` takes each access-log line.
    package init(settings: ServiceSettings, log: @escaping @Sendable (String) -> Void) {
        self.settings = settings
        self.log = log
        limiter = settings.rateLimit.map { RateLimiter(rate: $0.rate, burst: $0.burst) }
        let warmSpec = SpecSource(name: "<warm-up>", bytes: Array(Self.warmUpSpec.utf8), folder: settings.specFolder)
        let render = settings.render
        pool = WorkerPool(count: settings.workers, queueLimit: settings.queueLimit, tiles: render.tiles) { renderer in
            let job = RenderJob(settings: render)
            _ = try? job.draw(try job.load(warmSpec, in: SpecVariant()), in: SpecVariant(), with: renderer)
        }
    }

    /// The answer's header fields a page from the `--cors` origin may read besides the safelisted ones.
    static let exposedHeaders = "ETag, X-Request-Id, Retry-After, RateLimit, RateLimit-Policy"

    /// A window with a title and a snippet: drawing it loads the fonts the default window uses.
    static let warmUpSpec = """
        {"version": 1, "map": {"width": 120, "height": 90, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 2}},
         "markers": [{"id": "w", "position": {"latitude": 0, "longitude": 0}, "title": "Warm", "snippet": "fonts"}], "selectedMarker": "w"}
        """

    /// True once every worker has its fonts loaded.
    var isReady: Bool { pool.warmWorkers == pool.count }
    /// Renders queued or running.
    package var pending: Int { pool.queued + pool.inFlight }

    /// Counts the answer and logs its line.
    package func record(_ access: HTTPAccessRecord) {
        metrics.record(access)
        log(AccessLogLine.line(access))
    }

    package func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        let cors = settings.corsOrigin.map { [HTTPHeaderField("Access-Control-Allow-Origin", $0), HTTPHeaderField("Access-Control-Expose-Headers", Self.exposedHeaders)] } ?? []
        let tokenProtected = settings.tokens != nil
        @Sendable func answer(_ response: HTTPResponse) {
            var response = response
            // An answer only a token holder may have is for that client's cache alone, never a shared one's.
            if tokenProtected {
                response.headers.removeAll { $0.name == RenderAnswer.cacheControl.name }
                response.headers.append(HTTPHeaderField(RenderAnswer.cacheControl.name, "private"))
            }
            response.headers += cors
            responder.respond(response)
        }
        do throws(Problem) {
            if request.method == "OPTIONS", settings.corsOrigin != nil {
                return answer(HTTPResponse(status: 204, headers: [
                    HTTPHeaderField("Access-Control-Allow-Methods", "GET, POST, OPTIONS"),
                    HTTPHeaderField("Access-Control-Allow-Headers", "Authorization, Content-Type, Accept, If-None-Match, X-Request-Id, traceparent"),
                    HTTPHeaderField("Access-Control-Max-Age", "86400"),
                ]))
            }
            switch request.path {
            case "/healthz":
                try allow(request, "GET")
                answer(.text(200, "ok"))
            case "/readyz":
                try allow(request, "GET")
                answer(isReady ? .text(200, "ready") : .text(503, "warming up: \(pool.warmWorkers) of \(pool.count) workers have their fonts"))
            case "/metrics":
                try allow(request, "GET")
                var response = HTTPResponse.text(200, "")
                response.headers = [HTTPHeaderField("Content-Type", "text/plain; version=0.0.4; charset=utf-8")]
                response.body = Array(metrics.text(
                    queued: pool.queued, inFlight: pool.inFlight, warmWorkers: pool.warmWorkers, workers: pool.count,
                    tiles: settings.render.tiles.cacheCounts, rateBuckets: limiter?.bucketCount ?? 0).utf8)
                answer(response)
            case "/render", "/staticmap":
                let isStaticMap = request.path == "/staticmap"
                try allow(request, isStaticMap ? "GET" : "POST")
                let token = try authorize(request)
                let limits = try limit(request, token: token)
                @Sendable func limited(_ response: HTTPResponse) {
                    var response = response
                    response.headers += limits
                    answer(response)
                }
                do throws(Problem) {
                    var request = request
                    if isStaticMap, let signing = settings.signing { request.query = try signing.verify(request) }
                    let work = isStaticMap ? try RenderWork.staticMap(request, settings: settings) : try RenderWork.posted(request, settings: settings)
                    try submit(work, request: request, respond: limited, isAnswered: { responder.isAnswered })
                } catch {
                    var problem = error
                    problem.headers += limits
                    throw problem
                }
            default:
                throw Problem(404, "no such endpoint \(JSONWriter.quoted(request.path)); the endpoints are POST /render, GET /staticmap, /healthz, /readyz, /metrics")
            }
        } catch {
            answer(error.response)
        }
    }

    private func allow(_ request: HTTPRequest, _ method: String) throws(Problem) {
        guard request.method == method || (method == "GET" && request.method == "HEAD") else {
            let allowed = method == "GET" ? "GET, HEAD" : method
            throw Problem(405, "\(request.path) takes \(allowed), not \(request.method)", headers: [HTTPHeaderField("Allow", allowed)])
        }
    }

    /// The request's bearer token once it is verified; nil when the server asks for none.
    private func authorize(_ request: HTTPRequest) throws(Problem) -> String? {
        guard let tokens = settings.tokens else { return nil }
        let challenge = [HTTPHeaderField("WWW-Authenticate", "Bearer realm=\"infowin\"")]
        guard let value = request.header("Authorization") else {
            throw Problem(401, "a bearer token is required (Authorization: Bearer TOKEN)", headers: challenge)
        }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer", ConstantTime.isOne(of: tokens, parts[1].trimmingSpaces) else {
            throw Problem(401, "the bearer token is not one of --token-file's", headers: challenge)
        }
        return parts[1].trimmingSpaces
    }

    /// Takes the request from its client's bucket (its verified token's, else its address's): the
    /// `RateLimit` header fields its answer carries, or a 429 with them and `Retry-After`.
    private func limit(_ request: HTTPRequest, token: String?) throws(Problem) -> [HTTPHeaderField] {
        guard let limiter else { return [] }
        let key = token.map { "token " + $0 } ?? "address " + settings.trustedProxies.client(of: request)
        let decision = limiter.take(key)
        let headers = limiter.headers(decision)
        guard decision.allowed else {
            let who = token == nil ? "this address" : "this token"
            throw Problem(429, "too many requests from \(who): at most \(JSONWriter.format(limiter.rate)) a second, \(limiter.burst) at once (--rate, --burst); try again in \(decision.seconds) s", headers: headers)
        }
        return headers
    }

    /// Queues `work`; answers 503 when the queue is full, 504 past the deadline (and cancels the render
    /// there, so that its worker is free at its next step), else the render.
    private func submit(
        _ work: RenderWork, request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse) -> Void, isAnswered: @escaping @Sendable () -> Bool
    ) throws(Problem) {
        let render = settings.render, job = RenderJob(settings: render), defaultMap = settings.basemap.map(MapTypeSource.basemap)
        let ifNoneMatch = request.header("If-None-Match")
        let roots = render.assetRoots + [settings.specFolder]
        // Made only for an error: what the client sent, which its message may quote back.
        let client = { @Sendable in
            ClientDetail(roots: roots, sent: String(decoding: request.body, as: UTF8.self) + "\n"
                + request.parameters.map { "\($0.name)=\($0.value)" }.joined(separator: "\n"))
        }
        let cors = settings.corsOrigin.map { _ in [HTTPHeaderField("Vary", "Origin")] } ?? []
        let cancellation = RenderCancellation()
        let queued = pool.submit { renderer in
            // Answered 504 while it waited: not drawn at all.
            guard !isAnswered(), !cancellation.isCancelled else { return {} }
            let response: HTTPResponse
            do throws(InfoWinError) {
                let source = try work.source(cancellation)
                try cancellation.check(source.name, before: "reading it")
                var spec = try job.load(source, in: work.variant)
                (work.mapType ?? defaultMap)?.apply(to: &spec, language: work.basemapLanguage, styles: work.googleStyles)
                let prepared = try job.prepare(
                    spec, as: RenderVersion(variant: work.variant), selection: work.choice.select.map(Selection.marker) ?? .fromSpec, with: renderer
                ) { options in
                    options.cancellation = cancellation
                    options.format = work.choice.format
                    options.scale = work.choice.scale ?? options.scale
                    options.quality = work.choice.quality ?? options.quality
                }
                response = try RenderAnswer.response(prepared, renderer: renderer, choice: work.choice, ifNoneMatch: ifNoneMatch, extra: cors)
            } catch {
                response = Problem(error, for: client()).response
            }
            return { respond(response) }
        }
        guard queued else {
            throw Problem(503, "the render queue is full (\(settings.queueLimit) waiting, --queue); try again shortly", headers: [HTTPHeaderField("Retry-After", "1")])
        }
        let deadline = settings.deadline
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
            cancellation.cancel()
            respond(Problem(504, "the render took longer than the deadline of \(JSONWriter.format(deadline)) s (--deadline)").response)
        }
    }
}
