#if canImport(Glibc)
import Glibc
#endif
import HTTPServer
import InfoWinKit
import InfoWinServe

/// `infowin serve [--listen HOST:PORT] [--workers N] [--queue N] [--asset-root DIR]… [--token-file F]
/// [--cors ORIGIN] [--max-body BYTES] [--deadline S] [--header-timeout S] [--min-body-rate BYTES]
/// [--max-connections-per-address N] [--signing-secret FILE] [--rate N/s] [--burst N] [--trust-proxy ADDR|CIDR]…
/// [--allow-icon-host HOST[:PORT]]… [--basemap SOURCE] [--style NAME|FILE] [--maptype NAME=SOURCE]… [--map-id NAME=STYLE]…`.
struct ServeCommand: Command {
    static let name = "serve"
    static let summary = "answer HTTP requests for images: POST /render (a spec), GET /staticmap (Google's parameters)"
    static let usage = "infowin serve [--listen HOST:PORT] [--workers N] [--queue N] [--asset-root DIR]… [--token-file F] [--cors ORIGIN] [--max-body BYTES] [--deadline S] [options]"
    static let discussion = """
        Runs a render service: POST /render takes a JSON spec and answers the image infowin render makes of
        it (the format from ?format= or Accept; ?scale=, ?select=; ?layout=1 answers JSON with the image in
        base64 and the layout report). GET /staticmap takes Google Static Maps' parameters (center, zoom,
        size=WxH, scale, markers=color:red|label:A|LAT,LNG, path=weight:3|color:0xFF0000|LAT,LNG|…,
        visible, format, maptype=roadmap, language; key is ignored) and ours (title, snippet, selected,
        look, locale), or template=NAME&data.KEY=VALUE to fill NAME.json from the first --asset-root.
        With --basemap SOURCE (and --style), every /staticmap and every posted spec with neither
        map.tiles nor map.basemap is drawn on that vector basemap; map_id=NAME draws it in the style
        --map-id NAME=STYLE names. markers=icon:URL draws a custom icon from a host --allow-icon-host
        names (fetched as tiles are) or icon:PATH from the first --asset-root, scale:2 at half its pixel
        size, anchor:X,Y in its pixels.
        /healthz, /readyz (200 once every worker has its fonts) and /metrics (Prometheus) report on it.
        Answers carry a strong ETag (the render's input hash, known before drawing: If-None-Match is
        answered 304 without drawing) and Cache-Control: public, max-age=86400 (private with
        --token-file); errors are application/problem+json with the message the CLI gives, naming files
        relative to their asset root. A posted spec's relative paths start from the first --asset-root and
        no file outside the asset roots is read. Requests are held to HTTP/1.1 strictly: a request framed
        two ways (two Content-Length, or Content-Length with Transfer-Encoding) is 400 and its connection
        closed, a transfer coding but chunked is 501, a head must arrive whole within --header-timeout and
        a body at --min-body-rate, and one address holds at most --max-connections-per-address
        connections. With --signing-secret every /staticmap URL needs Google's URL signature (403
        without); with --rate each client (its bearer token, else its address, through a --trust-proxy)
        has a token bucket for /render and /staticmap (429 with Retry-After and the RateLimit headers over
        it). Without --listen, serve listens on 0.0.0.0:$PORT when PORT is set. Every answer carries
        X-Request-Id (the request's own, or a new one), and each request logs a JSON line to standard
        error with it (and trace_id, span_id from a W3C traceparent). SIGTERM (or SIGINT) closes the
        listening socket, finishes what is in flight, and exits 0.
        """
    static let options = [
        OptionSpec(
            names: ["--listen"], valueName: "HOST:PORT",
            help: "the address to listen on; :PORT for every interface (IPv4 and IPv6); default 0.0.0.0:$PORT when PORT is set, else 127.0.0.1:8080; port 0 picks a free one"),
        OptionSpec(names: ["--workers"], valueName: "N", help: "render threads, each with its fonts loaded (default: the number of processors)"),
        OptionSpec(names: ["--queue"], valueName: "N", help: "requests that may wait for a worker; more are answered 503 with Retry-After (default 64)"),
        OptionSpec(names: ["--token-file"], valueName: "F", help: "bearer tokens, one a line: a render request must carry one (Authorization: Bearer TOKEN)"),
        OptionSpec(names: ["--cors"], valueName: "ORIGIN", help: "let pages from ORIGIN (or *) call the service from a browser (default: none)"),
        OptionSpec(names: ["--max-body"], valueName: "BYTES", help: "the largest request body, in bytes, or with K or M (default 1M); larger is 413"),
        OptionSpec(names: ["--deadline"], valueName: "S", help: "seconds a request may wait and render before it is answered 504 and its render cancelled (default 10)"),
        OptionSpec(names: ["--client-timeout"], valueName: "S", help: "whole seconds a client may take between bytes of its request before it is disconnected (default 10)"),
        OptionSpec(names: ["--header-timeout"], valueName: "S", help: "seconds a request's whole head may take to arrive before the connection is closed (default 10)"),
        OptionSpec(
            names: ["--min-body-rate"], valueName: "BYTES",
            help: "bytes a second a body must arrive at after its first --header-timeout seconds, or with K or M; 0 for none (default 1K)"),
        OptionSpec(
            names: ["--max-connections-per-address"], valueName: "N",
            help: "connections one client address may hold open; a new one replaces its oldest unfinished request (default 32)"),
        OptionSpec(
            names: ["--signing-secret"], valueName: "FILE",
            help: "URL-safe base64 secrets, one a line (any may sign): every /staticmap URL must carry Google's signature= (HMAC-SHA1), else 403"),
        OptionSpec(
            names: ["--rate"], valueName: "N/s",
            help: "requests a second (or N/min, N/h) each client may make of /render and /staticmap, per bearer token or else address; more is 429"),
        OptionSpec(names: ["--burst"], valueName: "N", help: "requests a client may make at once before --rate holds it back (default: the rate a second, rounded up)"),
        OptionSpec(
            names: ["--trust-proxy"], valueName: "ADDR|CIDR",
            help: "a proxy whose Forwarded or X-Forwarded-For names the client for --rate", repeatable: true),
        OptionSpec(
            names: ["--allow-icon-host"], valueName: "HOST[:PORT]",
            help: "a host /staticmap's markers=icon:URL may fetch from, as tiles are fetched (the tile cache, --tile-timeout, --allow-private-network)",
            repeatable: true),
    ] + CommonOptions.layout.filter { $0.key != "--scale" } + [CommonOptions.rendering.first { $0.key == "--png-compression" }!]
        + CommonOptions.tileOptions + ServeBasemapOptions.options

    let listen: (host: String, port: Int)
    let settings: ServiceSettings
    /// The HTTP server's limits: `--max-body`, `--client-timeout`, `--header-timeout`, `--min-body-rate` and
    /// `--max-connections-per-address`, the server's defaults for those not given.
    let serverOptions: HTTPServerOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.expectNoPositionals { "serve takes no SPEC (specs come in requests): \($0)" }
        listen = try Self.listenAddress(arguments.value("--listen"), port: FileSystem.environment("PORT"))
        var settings = ServiceSettings(render: try CommonOptions.settings(arguments), workers: try Self.whole(arguments, "--workers", in: 1...256) ?? FileSystem.processorCount)
        settings.queueLimit = try Self.whole(arguments, "--queue", in: 0...1_000_000) ?? settings.queueLimit
        settings.bodyLimit = try Self.bytes(arguments, "--max-body", from: 1) ?? settings.bodyLimit
        settings.deadline = try Self.seconds(arguments, "--deadline", from: 0.001) ?? settings.deadline
        settings.tokens = try arguments.value("--token-file").map(Self.tokens)
        settings.corsOrigin = arguments.value("--cors")
        settings.signing = try arguments.value("--signing-secret").map(Self.signing)
        settings.rateLimit = try Self.rateLimit(arguments)
        settings.basemap = try ServeBasemapOptions.basemap(arguments, settings: settings.render)
        settings.mapTypes = try ServeBasemapOptions.mapTypes(arguments, settings: settings.render)
        settings.mapIds = try ServeBasemapOptions.mapIds(arguments, settings: settings.render)
        settings.iconHosts = try Self.iconHosts(arguments.values["--allow-icon-host"] ?? [])
        do throws(TrustedProxies.Failure) { settings.trustedProxies = try TrustedProxies(arguments.values["--trust-proxy"] ?? []) } catch {
            throw UsageError(message: error.message)
        }
        self.settings = settings
        var server = HTTPServerOptions()
        server.bodyLimit = settings.bodyLimit
        server.clientTimeout = try Self.whole(arguments, "--client-timeout", in: 1...3600) ?? server.clientTimeout
        server.headerTimeout = try Self.seconds(arguments, "--header-timeout", from: 0.1) ?? server.headerTimeout
        server.minBodyRate = try Self.bytes(arguments, "--min-body-rate", from: 0) ?? server.minBodyRate
        server.connectionsPerAddress = try Self.whole(arguments, "--max-connections-per-address", in: 1...65535) ?? server.connectionsPerAddress
        serverOptions = server
    }

    /// Where to listen: `--listen`'s address; without it, every IPv4 interface on the port the `PORT`
    /// environment variable names (as Cloud Run and its like start a container), else 127.0.0.1:8080.
    static func listenAddress(_ listen: String?, port environmentPort: String?) throws(UsageError) -> (host: String, port: Int) {
        if let listen { return try address(listen) }
        guard let environmentPort else { return ("127.0.0.1", 8080) }
        guard environmentPort.utf8.allSatisfy({ (48...57).contains($0) }), let port = Int(environmentPort), (0...65535).contains(port) else {
            throw UsageError(message: "PORT (environment variable): expected a port number from 0 to 65535, got '\(environmentPort)'")
        }
        return ("0.0.0.0", port)
    }

    /// `HOST:PORT`, `[IPv6]:PORT`, or `:PORT` for every interface (host "").
    static func address(_ text: String) throws(UsageError) -> (host: String, port: Int) {
        let portText = text.lastIndex(of: ":").map { text[text.index(after: $0)...] } ?? ""
        guard let colon = text.lastIndex(of: ":"), portText.utf8.allSatisfy({ (48...57).contains($0) }), let port = Int(portText),
              (0...65535).contains(port)
        else {
            throw UsageError(message: "--listen: expected HOST:PORT or :PORT (such as 127.0.0.1:8080, :8080 for every interface, or [::1]:8080), got '\(text)'")
        }
        return (String(text[..<colon]), port)
    }

    /// `--allow-icon-host`'s `HOST[:PORT]`s, lower case.
    static func iconHosts(_ values: [String]) throws(UsageError) -> Set<String> {
        var hosts: Set<String> = []
        for value in values {
            guard StaticMapIcon.isHostAndPort(value) else {
                throw UsageError(message: "--allow-icon-host: expected HOST or HOST:PORT (such as icons.example.com, 127.0.0.1:8081 or [::1]:8081), got '\(value)'")
            }
            hosts.insert(value.lowercased())
        }
        return hosts
    }

    private static func whole(_ arguments: ParsedArguments, _ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = arguments.value(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(message: "\(name): expected a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return value
    }

    /// A number of seconds from `minimum` to 3600.
    private static func seconds(_ arguments: ParsedArguments, _ name: String, from minimum: Double) throws(UsageError) -> Double? {
        guard let text = arguments.value(name) else { return nil }
        guard let value = Double(text), value.isFinite, (minimum...3600).contains(value) else {
            throw UsageError(message: "\(name): expected a number of seconds from \(JSONWriter.format(minimum)) to 3600, got '\(text)'")
        }
        return value
    }

    /// A number of bytes from `minimum` to 1G, in bytes or with K or M.
    private static func bytes(_ arguments: ParsedArguments, _ name: String, from minimum: Int) throws(UsageError) -> Int? {
        guard let text = arguments.value(name) else { return nil }
        let unit = text.last.map { ["K": 1 << 10, "k": 1 << 10, "M": 1 << 20, "m": 1 << 20][$0] } ?? nil
        guard let number = Int(unit == nil ? text : String(text.dropLast())), number >= minimum, number <= (1 << 30) / (unit ?? 1) else {
            throw UsageError(message: "\(name): expected a number of bytes from \(minimum) to 1G (1048576, 512K, 4M), got '\(text)'")
        }
        return number * (unit ?? 1)
    }

    /// The tokens of `file`: one a line, blank lines and lines starting with # skipped.
    private static func tokens(_ file: String) throws(UsageError) -> Set<String> {
        let bytes: [UInt8]
        do throws(FileSystemError) { bytes = try FileSystem.read(file, limit: 1 << 20) } catch {
            throw UsageError(message: "--token-file: cannot read '\(file)': \(error.reason)")
        }
        let tokens = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { String($0.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed()) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard !tokens.isEmpty else { throw UsageError(message: "--token-file: '\(file)' holds no token (one a line)") }
        return Set(tokens)
    }

    /// The secrets of `--signing-secret`'s file.
    private static func signing(_ file: String) throws(UsageError) -> URLSigning {
        let bytes: [UInt8]
        do throws(FileSystemError) { bytes = try FileSystem.read(file, limit: 1 << 20) } catch {
            throw UsageError(message: "--signing-secret: cannot read '\(file)': \(error.reason)")
        }
        do throws(URLSigning.FileError) { return try URLSigning(file: file, bytes: bytes) } catch {
            throw UsageError(message: "--signing-secret: \(error.message)")
        }
    }

    /// `--rate N/s` (or `N/min`, `N/h`) and `--burst N`, as requests a second and a burst; nil without `--rate`.
    private static func rateLimit(_ arguments: ParsedArguments) throws(UsageError) -> (rate: Double, burst: Int)? {
        guard let text = arguments.value("--rate") else {
            for name in ["--burst", "--trust-proxy"] where arguments.value(name) != nil {
                throw UsageError(message: "\(name): only the rate limit reads it; give --rate N/s as well")
            }
            return nil
        }
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let per: Double? = parts.count == 1 ? 1 : ["s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600][String(parts[1])]
        guard let per, let count = Double(parts[0]), count.isFinite, count > 0, count / per <= 1_000_000, count / per >= 1.0 / 86_400 else {
            throw UsageError(message: "--rate: expected requests a second such as 10/s (or 600/min, 1000/h), more than 0 and at most 1000000/s, got '\(text)'")
        }
        let rate = count / per
        let burst = try whole(arguments, "--burst", in: 1...1_000_000) ?? max(1, Int(rate.rounded(.up)))
        return (rate, burst)
    }

    func run() -> ExitStatus {
        let stop = StopSignals.block()
        let socket: ListeningSocket
        let server: HTTPServer
        let service = RenderService(settings: settings) { Console.log($0) }
        do throws(HTTPServerError) {
            socket = try ListeningSocket.bind(host: listen.host, port: listen.port)
            server = try HTTPServer(socket: socket, options: serverOptions, handler: service) { service.record($0) }
        } catch {
            Console.error("infowin serve: \(error.message)")
            return .failure
        }
        Console.log("{\"listening\": \"http://\(socket.host):\(socket.port)\", \"workers\": \(settings.workers)}")
        let received = stop.wait()
        // Drain: no new connection; requests read already are answered (within their deadline).
        server.stopAccepting()
        let giveUp = MonotonicClock.now + settings.deadline + 5
        while server.openRequests > 0 && MonotonicClock.now < giveUp { usleep(10_000) }
        server.stop()
        Console.log("{\"stopped\": \"\(received)\", \"unanswered\": \(service.pending)}")
        return .success
    }
}
