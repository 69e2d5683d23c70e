import FuzzSupport
import HTTPServer

/// libFuzzer target: any bytes read as the start of a request (what the server's gate peeks at before
/// libmicrohttpd reads it) are judged incomplete, sound or refused, never a crash or a hang; a refusal is a
/// problem+json answer with a 4xx or 5xx status whose body is JSON with that status.
public func fuzzHTTPHead(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for limit in [64, 4096] {
        guard case .refused(let answer) = HTTPHeadCheck.judge(bytes[...], limit: limit) else { continue }
        guard (400...599).contains(answer.status), answer.header("Content-Type") == "application/problem+json",
              String(decoding: answer.body, as: UTF8.self).contains("\"status\": \(answer.status),")
        else { fatalError("a refusal that is not problem+json: \(answer.status) \(String(decoding: answer.body, as: UTF8.self))") }
    }
    return 0
}

@_cdecl("FuzzHTTPHead_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzHTTPHead(data, size) })
}
