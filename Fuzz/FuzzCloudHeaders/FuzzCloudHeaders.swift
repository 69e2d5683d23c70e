import FuzzSupport
import HTTPServer
import InfoWinServe

/// libFuzzer target: any bytes, split at NUL bytes into an `X-Request-Id`, a `traceparent`, a `Forwarded`,
/// an `X-Forwarded-For` and a `/staticmap` query, read as `serve` reads them: never a crash or a hang; the
/// id answered is the one sent only when it is 1 to 128 safe characters, else 32 hexadecimal digits; a
/// trace is 32 and 16 lowercase hexadecimal digits; the client address is the connection's or an address;
/// a signature check is a 403 or the query before `&signature=`.
public func fuzzCloudHeaders(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let fields = UnsafeBufferPointer(start: data, count: size).split(separator: 0, maxSplits: 4, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
    let id = RequestID.of(field(0))
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-".utf8)
    let safe = id.utf8.allSatisfy(allowed.contains)
    guard (1...RequestID.lengthLimit).contains(id.utf8.count), safe, id == field(0) || id.count == 32 else { fatalError("request id \(id) for \(field(0))") }
    if let trace = TraceContext(traceparent: field(1)) {
        let hex = Set("0123456789abcdef")
        guard trace.traceID.count == 32, trace.parentID.count == 16, (trace.traceID + trace.parentID).allSatisfy(hex.contains) else {
            fatalError("trace \(trace) from \(field(1))")
        }
    }
    let request = HTTPRequest(
        method: "GET", path: "/staticmap", query: field(4),
        headers: [HTTPHeaderField("Forwarded", field(2)), HTTPHeaderField("X-Forwarded-For", field(3))], clientAddress: "10.0.0.1")
    if let proxies = try? TrustedProxies(["10.0.0.0/8"]) {
        let client = proxies.client(of: request)
        // An address is what --trust-proxy itself takes.
        guard client == "10.0.0.1" || (try? TrustedProxies([client])) != nil else {
            fatalError("client \(client)")
        }
    }
    if let signing = try? URLSigning(file: "<fuzz>", bytes: Array("c2lnbmluZy1zZWNyZXQtZm9yLWluZm93aW4=".utf8)) {
        do throws(Problem) {
            let signed = try signing.verify(request)
            guard field(4).hasPrefix(signed) else { fatalError("signed part \(signed) of \(field(4))") }
        } catch {
            guard error.status == 403 else { fatalError("signature check answered \(error.status)") }
        }
    }
    return 0
}

@_cdecl("FuzzCloudHeaders_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzCloudHeaders(data, size) })
}
