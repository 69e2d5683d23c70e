import Graphics

/// Which marker's window to show.
package enum Selection: Sendable, Equatable {
    /// The spec's `selectedMarker`.
    case fromSpec
    /// No window.
    case none
    /// This marker's window.
    case marker(String)
}

/// What a render may change from the spec (the CLI's `--scale` and `--select`).
package struct RenderOptions: Sendable {
    /// Output pixels per point; nil keeps `map.scale`.
    package var scale: Double?
    /// Which window to show.
    package var selection: Selection
    /// What the open window shows, when it is not the selected marker as it is now: a window that does
    /// not track info-window changes keeps the marker as it was when it opened (scenarios).
    var windowContent: MarkerSpec?
    /// How hard the PNG is compressed.
    package var compression: PNGCompression
    /// Where map tiles come from, shared by the renders of a batch; nil for the renderer's own.
    package var tiles: TileProvider?
    /// What part of the canvas is written (the CLI's `--crop`).
    package var crop: CropChoice = .fromSpec
    /// The file format written (the CLI's `--format`, or `-o`'s extension).
    package var format: OutputFormat = .png
    /// JPEG's and WebP's quality, 1…100 (WebP at 100 is lossless).
    package var quality: Int = 90
    /// The frame of a scenario this render draws (`play`), whose state the spec's JSON alone does not say.
    package var frame: Int?
    /// Stops the render between its steps once cancelled (serve's deadline); nil for a render that runs
    /// to its end. Changes no pixel, so no hash holds it.
    package var cancellation: RenderCancellation?

    /// Options that keep everything as the spec says unless given.
    package init(
        scale: Double? = nil, selection: Selection = .fromSpec, windowContent: MarkerSpec? = nil, compression: PNGCompression = .fast,
        tiles: TileProvider? = nil
    ) {
        self.scale = scale
        self.selection = selection
        self.windowContent = windowContent
        self.compression = compression
        self.tiles = tiles
    }
}

/// Which part of the canvas a render writes.
package enum CropChoice: Sendable, Equatable {
    /// The spec's `crop`, if any.
    case fromSpec
    /// The whole canvas, whatever the spec says.
    case none
    /// This crop, whatever the spec says.
    case to(CropSpec)
}

/// A rendered image and the layout report of what was drawn.
public struct RenderResult: Sendable {
    /// The file's bytes, in `format`.
    public let bytes: [UInt8]
    /// The format of `bytes`.
    public let format: OutputFormat
    /// The layout report (SPEC.md, "Layout report").
    public let report: LayoutReport
    /// What made the image (also in a PNG's text chunks).
    package let fingerprint: Fingerprint

    /// The PNG file's bytes, for a render asked for as PNG (goldens, diffs and scenarios are PNG).
    package var png: [UInt8] {
        precondition(format == .png, "a \(format.rawValue) render has no PNG bytes")
        return bytes
    }
}

/// A spec laid out and its tiles fetched, with its report and input hash: a render but for the drawing.
package struct PreparedRender {
    let spec: Spec
    /// The options it is drawn with.
    package let options: RenderOptions
    let scene: Scene
    let tiles: FetchedTiles?
    /// The vector basemap, ready to draw, when the spec has one.
    let basemap: PreparedBasemap?
    /// The layout report.
    package let report: LayoutReport
    /// What makes the image, its pixels' hash aside.
    package let fingerprint: Fingerprint

    /// `infowin:inputs`: a hash of everything the image depends on.
    package var inputs: String { fingerprint.inputs ?? "" }
}

/// The background and markers of one frame, placed and drawn, for later frames that change only the window.
final class DrawnMap {
    let markers: [PlacedMarker]
    /// The markers collisions hid when it was drawn: another selection may hide others.
    let hiddenByCollision: [String]
    let surface: ImageSurface

    init(markers: [PlacedMarker], hiddenByCollision: [String], surface: ImageSurface) {
        self.markers = markers
        self.hiddenByCollision = hiddenByCollision
        self.surface = surface
    }
}

/// Renders specs to PNG. Keeps one font library per font setup for its life; use one renderer per thread.
public final class Renderer {
    private var libraries: [FontSetup: FontLibrary] = [:]
    /// Tiles for renders whose options bring no provider of their own.
    private let ownTiles: TileProvider
    private var fontHashes: [String: String] = [:]

    /// A renderer with no fonts loaded yet; its map tiles come from `tiles` (shared by a batch), or from
    /// a provider of its own with the default settings.
    package init(tiles: TileProvider = TileProvider()) {
        ownTiles = tiles
    }

    /// Lays out and draws `spec`.
    package func render(_ spec: Spec, options: RenderOptions = RenderOptions()) throws(InfoWinError) -> RenderResult {
        try render(try prepare(spec, options: options))
    }

    /// Lays `spec` out and fetches its tiles, without drawing: its report and input hash, for `check` to
    /// decide whether the drawing can be skipped, and `serve` whether the client has it already.
    func prepare(_ spec: Spec, options: RenderOptions = RenderOptions()) throws(InfoWinError) -> PreparedRender {
        try options.cancellation.check(spec.file, before: "laying it out")
        let scene = try layOut(spec, options: options)
        try options.cancellation.check(spec.file, before: "fetching its map tiles")
        let tiles = try fetchTiles(spec, camera: scene.camera, scale: scene.scale, options: options)
        let basemap = try prepareBasemap(spec, scene: scene, options: options)
        return prepared(spec, options: options, scene: scene, tiles: tiles, basemap: basemap)
    }

    /// `infowin:inputs-before-layout` of `spec` drawn with `options`, without laying it out: nil for a spec
    /// with map tiles, machine fonts or a scenario frame (see `InputHash`).
    package func inputsBeforeLayout(_ spec: Spec, options: RenderOptions = RenderOptions()) throws(InfoWinError) -> String? {
        // Hermetic fonts are the only fonts matching can choose from: their contents are all it sees.
        guard spec.fonts.hermetic else { return nil }
        let fonts = spec.fonts.files.map { "\(Path.lastComponent(of: $0)) \(fontHash(of: $0))" }
        return InputHash.beforeLayout(
            spec, options: options, selected: try options.selection.markerID(in: spec), fonts: fonts,
            fontConfiguration: try fontLibrary(for: spec).configurationLines)
    }

    /// Draws what `prepare` laid out.
    package func render(_ prepared: PreparedRender) throws(InfoWinError) -> RenderResult {
        let scene = prepared.scene, spec = prepared.spec, cancellation = prepared.options.cancellation
        return try MemoryGate.run(peakBytes: scene.peakBytes(keepingMap: false)) { () throws(InfoWinError) in
            try cancellation.check(spec.file, before: "drawing it")
            let painter = SceneRenderer(scene: scene, spec: spec, tiles: prepared.tiles, basemap: prepared.basemap, cancellation: cancellation)
            if let vector = prepared.options.format.vector {
                return result(prepared, bytes: try painter.drawDocument(vector))
            }
            let drawn = try cropped(try painter.draw(), scene, spec)
            try cancellation.check(spec.file, before: "encoding it")
            return try encode(prepared, drawn: drawn)
        }
    }

    /// Lays out and draws `spec` as `render` does, over `map` when given: the markers an earlier frame
    /// placed and drew, which the caller knows to be unchanged (same markers, same camera), so that only
    /// the window is laid out and drawn. Returns the map layer to pass to the next such frame.
    func render(_ spec: Spec, options: RenderOptions, over map: DrawnMap?) throws(InfoWinError) -> (RenderResult, DrawnMap) {
        precondition(options.format.vector == nil, "a map layer is an image: frames over it are not vectors")
        let scene = try layOut(spec, options: options, placedMarkers: map?.markers)
        let tiles = try fetchTiles(spec, camera: scene.camera, scale: scene.scale, options: options)
        let basemap = try prepareBasemap(spec, scene: scene, options: options)
        let prepared = prepared(spec, options: options, scene: scene, tiles: tiles, basemap: basemap)
        let painter = SceneRenderer(scene: scene, spec: spec, tiles: tiles, basemap: basemap, cancellation: options.cancellation)
        return try MemoryGate.run(peakBytes: scene.peakBytes(keepingMap: true)) { () throws(InfoWinError) in
            let layer: DrawnMap
            // A basemap's labels make room for the open window: a map drawn for another window is not reused.
            if let map, map.hiddenByCollision == scene.hiddenByCollision, basemap == nil {
                layer = map
            } else {
                layer = DrawnMap(markers: scene.markers, hiddenByCollision: scene.hiddenByCollision, surface: try painter.drawMap(keepingIt: true))
            }
            return (try encode(prepared, drawn: try cropped(try painter.draw(over: layer.surface), scene, spec)), layer)
        }
    }

    /// Encodes the drawn image in the options' image format, by its encoder.
    private func encode(_ prepared: PreparedRender, drawn surface: ImageSurface) throws(InfoWinError) -> RenderResult {
        let options = prepared.options
        let settings = EncodingSettings(quality: options.quality, compression: options.compression, background: prepared.scene.background)
        let bytes: [UInt8]
        do {
            bytes = try options.format.encoder.encode(surface, settings)
        } catch {
            throw .machine(file: prepared.spec.file, path: nil, message: error.message)
        }
        return result(prepared, bytes: bytes)
    }

    /// The report, fingerprint and input hash of a scene laid out, before it is drawn.
    private func prepared(_ spec: Spec, options: RenderOptions, scene: Scene, tiles: FetchedTiles?, basemap: PreparedBasemap?) -> PreparedRender {
        let report = LayoutReport(scene: scene, tiles: tiles, basemap: basemap)
        let fonts = fontHashes(of: scene)
        let layout = Fingerprint.digest(report.text.utf8)
        var fingerprint = Fingerprint(infowin: InfoWin.version, build: InfoWin.build, libraries: .current, scale: scene.scale, fonts: fonts, layout: layout)
        fingerprint.tiles = tiles?.digest
        fingerprint.basemapStyle = basemap?.styleDigest
        fingerprint.basemapTiles = basemap?.tilesDigest
        fingerprint.images = scene.imageFiles.isEmpty ? nil : scene.imageFiles
        fingerprint.specKeys = spec.keyDigests
        fingerprint.catalogKeys = spec.catalogKeyDigests
        // Laid out already: the font library is made.
        let configuration = (try? fontLibrary(for: spec).configurationLines) ?? ["fontconfig unknown"]
        fingerprint.inputs = InputHash.of(
            spec, scene: scene, tiles: tiles, basemap: basemap, options: options, fonts: fonts, fontConfiguration: configuration, layout: layout)
        // Laid out already, so neither the selection nor the font library can fail now.
        fingerprint.inputsBeforeLayout = try? inputsBeforeLayout(spec, options: options)
        return PreparedRender(spec: spec, options: options, scene: scene, tiles: tiles, basemap: basemap, report: report, fingerprint: fingerprint)
    }

    /// The result of a render whose file is `bytes`: its fingerprint, with the hash of its pixels, is written
    /// into PNGs only.
    private func result(_ prepared: PreparedRender, bytes: [UInt8]) -> RenderResult {
        var fingerprint = prepared.fingerprint
        guard prepared.options.format == .png else {
            return RenderResult(bytes: bytes, format: prepared.options.format, report: prepared.report, fingerprint: fingerprint)
        }
        fingerprint.pixels = PNGText.imageDataDigest(of: bytes)
        return RenderResult(
            bytes: PNGText.adding(fingerprint.textEntries, to: bytes), format: .png, report: prepared.report, fingerprint: fingerprint)
    }

    /// The part of the drawn canvas the scene's crop keeps.
    private func cropped(_ surface: ImageSurface, _ scene: Scene, _ spec: Spec) throws(InfoWinError) -> ImageSurface {
        guard let crop = scene.crop else { return surface }
        do throws(GraphicsError) {
            return try surface.cropped(x: crop.x, y: crop.y, width: crop.width, height: crop.height)
        } catch {
            throw .machine(file: spec.file, path: nil, message: "cannot crop the image: \(error.message)")
        }
    }

    /// The tiles under the map, fetched and decoded by the options' provider (shared by a batch) or this
    /// renderer's own, stopping when the options' cancellation says so.
    private func fetchTiles(_ spec: Spec, camera: CameraSpec, scale: Double, options: RenderOptions) throws(InfoWinError) -> FetchedTiles? {
        guard let tiles = spec.map.tiles else { return nil }
        let provider = options.tiles ?? ownTiles
        let retina = scale >= 2 && tiles.source.hasRetinaChoice
        // detectRetina: tiles a level deeper at half the size, unless they are already of double density.
        let wantsDeeper = tiles.detectRetina && scale >= 2 && !tiles.source.hasRetinaChoice
        let deeper = wantsDeeper ? !(try provider.isDoubleDensity(tiles, file: spec.file)) : false
        let plan = TilePlan(
            tiles: tiles, camera: camera, width: spec.map.width, height: spec.map.height, padding: spec.map.padding, deeper: deeper)
        return try provider.fetch(plan, spec: tiles, retina: retina, file: spec.file, cancellation: options.cancellation)
    }

    /// The vector basemap of `spec`, read, fetched and its labels placed round the laid-out scene, or nil.
    private func prepareBasemap(_ spec: Spec, scene: Scene, options: RenderOptions) throws(InfoWinError) -> PreparedBasemap? {
        guard let basemap = spec.map.basemap else { return nil }
        try options.cancellation.check(spec.file, before: "fetching its basemap")
        return try BasemapPreparer(
            spec: spec, basemap: basemap, scene: scene, provider: options.tiles ?? ownTiles, fonts: try fontLibrary(for: spec)
        ).prepare()
    }

    /// `spec` with its basemap's attributions gathered (its tileset's metadata, its style's sources), which
    /// the scene composes with the spec's own at the camera's zoom.
    private func withBasemapAttribution(_ spec: Spec, options: RenderOptions) throws(InfoWinError) -> Spec {
        guard let basemap = spec.map.basemap else { return spec }
        var attributed = spec
        attributed.map.basemap?.gathered = try BasemapAttributionGatherer(spec: spec, basemap: basemap, provider: options.tiles ?? ownTiles).gather()
        return attributed
    }

    /// Lays `spec` out as `render` would and reports it, without drawing, encoding or fetching map tiles
    /// (`infowin validate`); a basemap's style file is read.
    package func report(_ spec: Spec, options: RenderOptions = RenderOptions()) throws(InfoWinError) -> LayoutReport {
        // A basemap's style file and its sprite are read as a render reads them: one that is not valid fails here too.
        if let basemap = spec.map.basemap, case .file(let file, let allowedFolders) = basemap.style {
            let (style, _) = try BasemapStyleLoader(spec: spec, basemap: basemap).readFile(file)
            if let sprite = style.sprite {
                _ = try SpriteLoader(styleFile: file, allowedFolders: allowedFolders).load(sprite, scale: options.scale ?? spec.map.scale)
            }
        }
        return LayoutReport(scene: try layOut(spec, options: options))
    }

    /// Places everything `render` would draw, without drawing it (hit tests need only the places).
    func layOut(_ spec: Spec, options: RenderOptions, placedMarkers: [PlacedMarker]? = nil) throws(InfoWinError) -> Scene {
        let spec = try withBasemapAttribution(spec, options: options)
        let scale = options.scale ?? spec.map.scale
        try SpecDecoder.checkPixelCount(spec.map, scale: scale, file: spec.file, path: .root.appending("map").appending("scale"))
        let selected = try options.selection.markerID(in: spec)
        let library = try fontLibrary(for: spec)
        let crop: CropSpec? = switch options.crop {
        case .fromSpec: spec.crop
        case .none: nil
        case .to(let crop): crop
        }
        return try SceneBuilder(
            spec: spec, scale: scale, selectedMarker: selected, windowContent: options.windowContent, library: library,
            placedMarkers: placedMarkers, crop: crop, cancellation: options.cancellation
        ).build()
    }

    /// The font files the scene's text is drawn with, each hashed whole once per renderer.
    private func fontHashes(of scene: Scene) -> [FontFileHash] {
        let files = Set(scene.texts.flatMap(\.layout.fontFiles))
        return files.map { FontFileHash(name: Path.lastComponent(of: $0), hash: fontHash(of: $0)) }.sorted { $0.name < $1.name }
    }

    /// The hash of a font file's whole contents, found once per renderer: kept from an earlier run of the same
    /// unchanged file (`FileHashCache`), else hashed.
    private func fontHash(of file: String) -> String {
        if let hash = fontHashes[file] { return hash }
        let hash = FileHashCache.hash(of: file) { ContentHash.ofFile(file) } ?? "unreadable"
        fontHashes[file] = hash
        return hash
    }

    private func fontLibrary(for spec: Spec) throws(InfoWinError) -> FontLibrary {
        if let library = libraries[spec.fonts] { return library }
        do {
            let library = try FontLibrary(setup: spec.fonts)
            libraries[spec.fonts] = library
            return library
        } catch {
            let index = spec.fonts.files.firstIndex(of: error.message) ?? 0
            throw .invalid(
                file: spec.file, path: .root.appending("fonts").appending(index),
                message: "\(error.message) is not a font file that fontconfig can load")
        }
    }
}
