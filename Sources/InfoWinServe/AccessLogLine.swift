#if canImport(Glibc)
import Glibc
#endif
import HTTPServer
import InfoWinKit

/// One request as a JSON line: `time` (UTC, RFC 3339 with milliseconds), `method`, `path`, `status`,
/// `ms`, `bytes`, `request_id` (its `X-Request-Id`) and, when it sent a valid W3C `traceparent`,
/// `trace_id` and `span_id` (the caller's span, the header's parent id).
enum AccessLogLine {
    static func line(_ access: HTTPAccessRecord) -> String {
        let ms = (access.seconds * 10_000).rounded() / 10
        let trace = access.trace.map { ", \"trace_id\": \"\($0.traceID)\", \"span_id\": \"\($0.parentID)\"" } ?? ""
        return "{\"time\": \(JSONWriter.quoted(now())), \"method\": \(JSONWriter.quoted(access.method)), \"path\": \(JSONWriter.quoted(access.path)), \"status\": \(access.status), \"ms\": \(JSONWriter.format(ms)), \"bytes\": \(access.bytes), \"request_id\": \(JSONWriter.quoted(access.requestID))\(trace)}"
    }

    private static func now() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        var parts = tm()
        var seconds = time.tv_sec
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = Int(time.tv_nsec / 1_000_000)
        let fraction = String(repeating: "0", count: 3 - String(millis).count) + String(millis)
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(fraction)Z"
    }
}
