import HTTPServer
import InfoWinKit

/// What a worker renders for one request: the spec's source (read on the worker, its icons fetched there,
/// until the render is cancelled), the variant it is rendered as, and what to make of it.
struct RenderWork: Sendable {
    var source: @Sendable (RenderCancellation) throws(InfoWinError) -> SpecSource
    var variant = SpecVariant()
    var choice: OutputChoice
    /// The language of the server's basemap's labels (`/staticmap`'s `language`), or nil for its own.
    var basemapLanguage: BasemapLanguage?
    /// The map `/staticmap`'s `maptype` names (`--maptype`), or nil for the server's own (`roadmap`).
    var mapType: MapTypeSource?
    /// `/staticmap`'s `style` rules, applied to the basemap's layers.
    var googleStyles: [GoogleStyleRule] = []

    /// `POST /render`: the body, a JSON spec whose relative paths start from the first asset root.
    static func posted(_ request: HTTPRequest, settings: ServiceSettings) throws(Problem) -> RenderWork {
        if request.bodyTooLarge {
            throw Problem(413, "the body is larger than the limit of \(settings.bodyLimit) bytes (--max-body)")
        }
        if let type = request.header("Content-Type") {
            let media = type.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() } ?? ""
            guard media == "application/json" || media.hasSuffix("+json") else {
                throw Problem(415, "expected a JSON spec (Content-Type: application/json), got \(JSONWriter.quoted(type))")
            }
        }
        let source = SpecSource(name: ServiceSettings.postedSpecName, bytes: request.body, folder: settings.specFolder)
        return RenderWork(source: { _ in source }, choice: try OutputChoice(request.parameters, accept: request.header("Accept")))
    }

    /// `GET /staticmap`: the spec its parameters make, or a template of the first asset root with a row
    /// of `data.KEY` values, read inside that root only.
    static func staticMap(_ request: HTTPRequest, settings: ServiceSettings) throws(Problem) -> RenderWork {
        let parameters = request.parameters
        let choice = try OutputChoice(parameters, accept: request.header("Accept"))
        let query = try StaticMapQuery.parse(
            parameters, mapTypes: Set(settings.mapTypes.keys), iconHosts: settings.iconHosts, mapIds: Set(settings.mapIds.keys),
            hasBasemap: settings.basemap != nil)
        // A map id is the server's basemap in another style.
        let mapType = parameters.last { $0.name == "map_id" }.flatMap { settings.mapIds[$0.value] }.map(MapTypeSource.basemap)
            ?? parameters.last { $0.name == "maptype" }.flatMap { settings.mapTypes[$0.value] }
        let language = try StaticMapQuery.basemapLanguage(parameters)
        let styles = try StaticMapStyleRules.rules(parameters)
        if !styles.isEmpty { try checkStyled(mapType ?? settings.basemap.map(MapTypeSource.basemap)) }
        switch query {
        case .spec(let text):
            let source = SpecSource(name: "<staticmap>", bytes: Array(text.utf8), folder: settings.specFolder)
            return RenderWork(source: { _ in source }, choice: choice, basemapLanguage: language, mapType: mapType, googleStyles: styles)
        case .withIcons(let draft):
            if draft.icons.contains(where: { !$0.isURL }) && settings.render.assetRoots.isEmpty {
                throw Problem(400, "markers: icon: a path is read from the first --asset-root, and the server has none; give an http(s) URL on a host --allow-icon-host names")
            }
            return RenderWork(
                source: { cancellation throws(InfoWinError) in try StaticMapIconLoader.source(draft, settings: settings, cancellation: cancellation) },
                choice: choice, basemapLanguage: language, mapType: mapType, googleStyles: styles)
        case .template(let name, let data):
            guard let root = settings.render.assetRoots.first else {
                throw Problem(400, "template: templates are read from the first --asset-root, and the server has none")
            }
            let row = "{" + data.map { "\(JSONWriter.quoted($0.name)): \(JSONWriter.quoted($0.value))" }.joined(separator: ", ") + "}"
            let variant: SpecVariant
            do throws(InfoWinError) {
                variant = SpecVariant(row: try DataRows(bytes: Array(row.utf8), file: "<data>", rowLimit: 1).rows.first)
            } catch {
                throw Problem(400, error.message)
            }
            let real = FileSystem.realPath(root) ?? root
            return RenderWork(
                source: { _ throws(InfoWinError) in try SpecSource.read(Path.join(real, name + ".json"), allowingPipes: false, confinedTo: real) },
                variant: variant, choice: choice)
        }
    }

    /// A 400 unless `map`, the map a `style` request is drawn on, is a basemap: Google's styles restyle a
    /// basemap's layers, and raster tiles have none.
    private static func checkStyled(_ map: MapTypeSource?) throws(Problem) {
        switch map {
        case .basemap: return
        case .tiles: throw Problem(400, "style: restyles a vector basemap's layers, and this maptype is raster tiles; leave style out or ask for another maptype")
        case nil: throw Problem(400, "style: restyles the basemap, and this server draws none; start serve with --basemap SOURCE, or leave style out")
        }
    }
}
