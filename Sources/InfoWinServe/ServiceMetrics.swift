import HTTPServer
import InfoWinKit

/// Counts of answered requests by status and a histogram of their latency, written in Prometheus' text
/// exposition format with the queue's, the workers' and the tile cache's gauges beside them.
final class ServiceMetrics: Sendable {
    /// Upper bounds of the latency buckets, in seconds.
    static let buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private struct Counts {
        var byStatus: [Int: Int] = [:]
        var inBucket = [Int](repeating: 0, count: ServiceMetrics.buckets.count)
        var seconds = 0.0
        var count = 0
    }

    private let counts = Locked(Counts())

    func record(_ access: HTTPAccessRecord) {
        counts.withLock { counts in
            counts.byStatus[access.status, default: 0] += 1
            for (index, bound) in Self.buckets.enumerated() where access.seconds <= bound { counts.inBucket[index] += 1 }
            counts.seconds += access.seconds
            counts.count += 1
        }
    }

    /// The exposition text, with the gauges given.
    func text(queued: Int, inFlight: Int, warmWorkers: Int, workers: Int, tiles: TileCacheCounts, rateBuckets: Int) -> String {
        let counts = counts.withLock { $0 }
        var lines = [
            "# HELP infowin_http_requests_total Requests answered, by HTTP status.",
            "# TYPE infowin_http_requests_total counter",
        ]
        lines += counts.byStatus.keys.sorted().map { "infowin_http_requests_total{status=\"\($0)\"} \(counts.byStatus[$0] ?? 0)" }
        lines += [
            "# HELP infowin_http_request_duration_seconds Time from a request's first line to its answer.",
            "# TYPE infowin_http_request_duration_seconds histogram",
        ]
        lines += zip(Self.buckets, counts.inBucket).map { "infowin_http_request_duration_seconds_bucket{le=\"\(JSONWriter.format($0))\"} \($1)" }
        lines += [
            "infowin_http_request_duration_seconds_bucket{le=\"+Inf\"} \(counts.count)",
            "infowin_http_request_duration_seconds_sum \(JSONWriter.format(counts.seconds))",
            "infowin_http_request_duration_seconds_count \(counts.count)",
        ]
        for (name, help, kind, value) in [
            ("infowin_render_queue_depth", "Renders waiting for a worker.", "gauge", queued),
            ("infowin_renders_in_flight", "Renders being drawn.", "gauge", inFlight),
            ("infowin_workers", "Render worker threads.", "gauge", workers),
            ("infowin_workers_ready", "Workers with their fonts loaded.", "gauge", warmWorkers),
            ("infowin_tile_cache_hits_total", "Map tiles found decoded in memory.", "counter", tiles.hits),
            ("infowin_tile_cache_misses_total", "Map tiles read from disk or fetched.", "counter", tiles.misses),
            ("infowin_rate_limit_buckets", "Clients with a rate-limit bucket kept (--rate).", "gauge", rateBuckets),
        ] {
            lines += ["# HELP \(name) \(help)", "# TYPE \(name) \(kind)", "\(name) \(value)"]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
