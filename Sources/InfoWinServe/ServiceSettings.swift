import InfoWinKit

/// How `infowin serve` runs (its options, checked by the command line).
package struct ServiceSettings: Sendable {
    /// Fonts, asset roots, tiles and compression, as every rendering command has them.
    package var render: RenderSettings
    /// Render threads, each with its own fonts loaded.
    package var workers: Int
    /// Requests that may wait for a worker; past them a request is answered 503.
    package var queueLimit = 64
    /// Seconds a request may take, waiting and rendering, before it is answered 504.
    package var deadline = 10.0
    /// The largest request body, in bytes.
    package var bodyLimit = 1 << 20
    /// The bearer tokens a request must carry one of, or nil when none is asked for.
    package var tokens: Set<String>?
    /// The origin allowed to call from a browser (`Access-Control-Allow-Origin`), or nil for none.
    package var corsOrigin: String?
    /// The secrets `/staticmap` URLs must be signed with (`--signing-secret`), or nil when none is asked for.
    package var signing: URLSigning?
    /// Requests a second and the burst each client's bucket holds (`--rate`, `--burst`), or nil for no limit.
    package var rateLimit: (rate: Double, burst: Int)?
    /// The proxies whose `Forwarded` and `X-Forwarded-For` name the client (`--trust-proxy`).
    package var trustedProxies = TrustedProxies.none
    /// The basemap (`--basemap`, `--style`) of every `/staticmap` and of every posted spec with neither
    /// `map.tiles` nor `map.basemap`, or nil for none.
    package var basemap: BasemapSpec?
    /// The maps `/staticmap`'s `maptype=NAME` draws under its markers (`--maptype NAME=SOURCE`), by name.
    package var mapTypes: [String: MapTypeSource] = [:]
    /// The `HOST[:PORT]`s `/staticmap`'s icon URLs may name (`--allow-icon-host`), lower case.
    package var iconHosts: Set<String> = []
    /// The basemaps `/staticmap`'s `map_id=NAME` draws: the `--basemap` in the style `--map-id NAME=STYLE`
    /// names, by name (empty without `--basemap`).
    package var mapIds: [String: BasemapSpec] = [:]

    package init(render: RenderSettings, workers: Int) {
        self.render = render
        self.workers = workers
    }

    /// Where a posted spec's relative paths start: the first asset root. Without one, a folder that
    /// does not exist (Debian keeps `/nonexistent` absent), so a posted spec can read no file at all.
    var specFolder: String { render.assetRoots.first ?? "/nonexistent/infowin-serve" }

    /// The name posted specs have in messages.
    static let postedSpecName = "<request>"
}
