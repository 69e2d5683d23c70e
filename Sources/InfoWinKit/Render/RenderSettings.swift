import Graphics

/// What the command line adds to every spec it renders: wider asset folders, extra fonts, hermetic
/// fonts, a scale. Shared by `render`, `batch` and `check` so that they agree to the pixel.
public struct RenderSettings: Sendable {
    /// Folders whose files specs may also read (`--asset-root`, repeatable).
    public var assetRoots: [String]
    /// Real paths of font files added to every spec's fonts (`--font`).
    public var extraFonts: [String]
    /// Use only the spec's and the extra fonts (`--hermetic-fonts`).
    public var hermeticFonts: Bool
    /// Output pixels per point instead of `map.scale` (`--scale`).
    public var scale: Double?
    /// How hard PNG files are compressed (`--png-compression`).
    public var compression: PNGCompression
    /// Map tiles, fetched and decoded once for every render made with these settings.
    public var tiles: TileProvider
    /// What part of the canvas is written (`--crop`).
    public var crop: CropChoice
    /// The file format written (`--format`).
    public var format: OutputFormat = .png
    /// JPEG's and WebP's quality, 1…100 (`--quality`).
    public var quality: Int = 90
    /// What makes a spec that rendered fail anyway (`--fail-on`).
    public var failOn = FailOn()
    /// The versions of every spec to render (`--strings` and `--locale`, `--data`, `--pseudo-locale`): one
    /// per locale and row; a single plain one by default.
    public var variants = [SpecVariant()]

    /// Settings that change nothing.
    public init(
        assetRoots: [String] = [], extraFonts: [String] = [], hermeticFonts: Bool = false, scale: Double? = nil,
        compression: PNGCompression = .fast, tiles: TileProvider = TileProvider(), crop: CropChoice = .fromSpec
    ) {
        self.tiles = tiles
        self.crop = crop
        self.assetRoots = assetRoots
        self.extraFonts = extraFonts
        self.hermeticFonts = hermeticFonts
        self.scale = scale
        self.compression = compression
    }

    /// Render options with these settings' scale, compression, crop and format.
    public func options(selection: Selection = .fromSpec) -> RenderOptions {
        var options = RenderOptions(scale: scale, selection: selection, compression: compression, tiles: tiles)
        options.crop = crop
        options.format = format
        options.quality = quality
        return options
    }

    /// Reads and validates the spec at `path` (`-` for standard input) with these settings applied;
    /// `allowingPipes` false refuses anything but a regular file (batches must not wait on a pipe);
    /// `root`, a found spec's folder, refuses a file outside it.
    public func loadSpec(
        _ path: String, allowingPipes: Bool = true, confinedTo root: String? = nil, variant: SpecVariant = SpecVariant()
    ) throws(InfoWinError) -> Spec {
        try loadSpec(try SpecSource.read(path, allowingPipes: allowingPipes, confinedTo: root), variant: variant)
    }

    /// Validates the spec `source` holds (a file read, or a request's body) with these settings applied.
    public func loadSpec(_ source: SpecSource, variant: SpecVariant = SpecVariant()) throws(InfoWinError) -> Spec {
        var spec = try SpecDecoder.decode(try variant.apply(to: source), assetRoots: assetRoots)
        spec.fonts.files += extraFonts
        spec.fonts.hermetic = spec.fonts.hermetic || hermeticFonts
        if spec.fonts.hermetic && spec.fonts.files.isEmpty {
            throw .invalid(
                file: spec.file, path: .root.appending("fonts"),
                message: "hermetic fonts are asked for, but no font file is given (add --font FILE or \"fonts\" in the spec)")
        }
        return spec
    }

    /// Loads and renders the spec file `spec` (a regular file inside its folder: batches use it).
    public func render(
        _ spec: FoundSpec, with renderer: Renderer, selection: Selection = .fromSpec, variant: SpecVariant = SpecVariant()
    ) throws(InfoWinError) -> RenderResult {
        try renderer.render(
            try loadSpec(spec.path, allowingPipes: false, confinedTo: spec.root, variant: variant), options: options(selection: selection))
    }
}
