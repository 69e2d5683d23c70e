import TileIO

extension TileProvider {
    /// The bytes at `url` (an `http(s)` URL: `/staticmap`'s icon from a host `--allow-icon-host` names),
    /// fetched as map tiles are (`HTTPFetcher`: the tile cache, `--tile-timeout`, `--offline`, the
    /// private-network rule, responses of at most 16 MB) within `--tiles-deadline` or until `cancellation`,
    /// but with no redirect followed (the host allowed by name is the one answering); an `.io` error of
    /// `file` saying why not.
    package func fetchFile(_ url: String, file: String, cancellation: RenderCancellation? = nil) throws(InfoWinError) -> [UInt8] {
        var stopped: (@Sendable () -> Bool)?
        if let cancellation { stopped = { cancellation.isCancelled } }
        let deadline = Deadline(seconds: settings.deadline, or: stopped)
        switch HTTPFetcher(settings: settings, followsRedirects: false).fetch([url], deadline: deadline)[0] {
        case .bytes(let bytes): return bytes
        case .missing(let reason): throw .io(file: file, message: "\(url): not found (\(reason ?? "no such file"))")
        case .failed(let reason): throw .io(file: file, message: reason.hasPrefix(url) ? reason : "\(url): \(reason)")
        }
    }
}
