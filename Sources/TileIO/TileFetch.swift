import CCurl

/// One `TileHTTPClient.fetch`: runs every URL's attempts on one multi handle and collects the results.
///
/// libcurl's own limit of connections a host queues the transfers beyond it, but their timeouts run while
/// they wait, so a tile late in a long queue would time out without having been fetched. The run therefore
/// admits at most as many transfers a host as there are connections, and starts the next one of that host
/// when one finishes: each attempt gets the whole timeout. libcurl's limit stays set for redirects to other
/// hosts.
final class TileFetch {
    private let urls: [String]
    private let settings: HTTPSettings
    private let multi: CurlMulti
    private var results: [HTTPTileResult]
    private var running: [UnsafeMutableRawPointer: HTTPTransfer] = [:]
    /// The origin each URL is counted against (nil when libcurl cannot parse it: it fails at once).
    private let origins: [URLOrigin?]
    private var admitted: [URLOrigin: Int] = [:]
    /// The indices of the URLs not started yet, by origin, the next to start last.
    private var waiting: [URLOrigin: [Int]] = [:]

    init?(urls: [String], settings: HTTPSettings) {
        guard let multi = CurlMulti(maximumConnectionsPerHost: TileHTTPClient.maximumConnectionsPerHost) else {
            return nil
        }
        self.urls = urls
        self.settings = settings
        self.multi = multi
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
                admitNext(origin)
            } else {
                start(index, attempt: 1)
            }
        }
        while !running.isEmpty {
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
                multi.wait(milliseconds: 1000)
            }
        }
        return results
    }

    /// Starts waiting URLs of `origin` while it has connections to spare.
    private func admitNext(_ origin: URLOrigin) {
        while admitted[origin, default: 0] < TileHTTPClient.maximumConnectionsPerHost,
              let index = waiting[origin]?.popLast() {
            admitted[origin, default: 0] += 1
            start(index, attempt: 1)
        }
    }

    /// Gives back the connection URL `index` was admitted on, once it has its result.
    private func release(_ index: Int) {
        guard let origin = origins[index] else { return }
        admitted[origin, default: 1] -= 1
        admitNext(origin)
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
