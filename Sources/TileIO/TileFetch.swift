import CCurl

/// One `TileHTTPClient.fetch`: runs every URL's attempts on one multi handle and collects the results.
///
/// libcurl's own limits of connections queue the transfers beyond them, but their timeouts run while they
/// wait, so a tile late in a long queue would time out without having been fetched. The run therefore
/// admits at most as many transfers a host as there are connections a host, and as many in all as there
/// are connections in all (a template of many hosts, `t{x}-{y}.example`, would otherwise open six to each),
/// and starts the next one when one finishes: each attempt gets the whole timeout. libcurl's limits stay
/// set for redirects to other hosts. The run stops when its deadline passes, the tiles not fetched by then
/// failed.
final class TileFetch {
    private let urls: [String]
    private let settings: HTTPSettings
    private let multi: CurlMulti
    private var results: [HTTPTileResult]
    private var running: [UnsafeMutableRawPointer: HTTPTransfer] = [:]
    /// The origin each URL is counted against (nil when libcurl cannot parse it: it fails at once).
    private let origins: [URLOrigin?]
    private var admitted: [URLOrigin: Int] = [:]
    private var admittedInAll = 0
    /// The indices of the URLs not started yet, by origin, the next to start last.
    private var waiting: [URLOrigin: [Int]] = [:]
    /// The origins in the order of their first URL, to admit them fairly.
    private var originOrder: [URLOrigin] = []
    private let deadline: Deadline

    init?(urls: [String], settings: HTTPSettings, deadline: Deadline) {
        guard let multi = CurlMulti(
            maximumConnectionsPerHost: TileHTTPClient.maximumConnectionsPerHost, maximumConnections: TileHTTPClient.maximumConnections)
        else { return nil }
        self.urls = urls
        self.settings = settings
        self.multi = multi
        self.deadline = deadline
        results = [HTTPTileResult](repeating: .failed("not fetched"), count: urls.count)
        origins = urls.map(URLOrigin.init)
    }

    /// Fetches every URL and gives the results in their order.
    func run() -> [HTTPTileResult] {
        for index in urls.indices.reversed() {
            if let origin = origins[index] {
                waiting[origin, default: []].append(index)
            }
        }
        for index in urls.indices {
            if let origin = origins[index] {
                if admitted[origin] == nil { originOrder.append(origin) }
                admitted[origin] = 0
            } else {
                start(index, attempt: 1)
            }
        }
        admitNext()
        while !running.isEmpty {
            guard !deadline.hasPassed else {
                abandonRunning()
                break
            }
            multi.perform()
            for finished in multi.finished() {
                guard let transfer = running.removeValue(forKey: finished.handle) else { continue }
                multi.remove(transfer.handle)
                switch transfer.outcome(finished.code) {
                case .retry where transfer.attempt < TileHTTPClient.attempts:
                    start(transfer.index, attempt: transfer.attempt + 1)
                case .done(let result), .retry(let result):
                    finish(transfer.index, result)
                }
            }
            if !running.isEmpty {
                // A tenth of a second at most, so that a render cancelled from outside stops soon.
                multi.wait(milliseconds: Int32(min(100, (deadline.secondsLeft * 1000).rounded(.up))))
            }
        }
        return results
    }

    /// Starts waiting URLs, the origins taking turns, while their host and the run have connections to
    /// spare.
    private func admitNext() {
        var startedOne = true
        while startedOne, admittedInAll < TileHTTPClient.maximumConnections {
            startedOne = false
            for origin in originOrder where admittedInAll < TileHTTPClient.maximumConnections {
                guard admitted[origin, default: 0] < TileHTTPClient.maximumConnectionsPerHost,
                      let index = waiting[origin]?.popLast() else { continue }
                admitted[origin, default: 0] += 1
                admittedInAll += 1
                startedOne = true
                start(index, attempt: 1)
            }
        }
    }

    /// Gives back the connection URL `index` was admitted on, once it has its result.
    private func release(_ index: Int) {
        guard let origin = origins[index] else { return }
        admitted[origin, default: 1] -= 1
        admittedInAll -= 1
        admitNext()
    }

    /// Ends every transfer still running when the deadline has passed; those not started stay failed.
    private func abandonRunning() {
        for (_, transfer) in running {
            multi.remove(transfer.handle)
            results[transfer.index] = .failed("not fetched before the deadline")
        }
        running = [:]
    }

    private func start(_ index: Int, attempt: Int) {
        do {
            let transfer = try HTTPTransfer(url: urls[index], index: index, attempt: attempt, settings: settings)
            guard multi.add(transfer.handle) else {
                finish(index, .failed("libcurl cannot start a transfer"))
                return
            }
            running[transfer.handle] = transfer
        } catch {
            finish(index, .failed(error.message))
        }
    }

    private func finish(_ index: Int, _ result: HTTPTileResult) {
        results[index] = result
        release(index)
    }
}
