import Graphics

/// What the command line adds to every spec it renders: wider asset folders, extra fonts, hermetic
/// fonts, a scale. Shared by `render`, `batch` and `check` so that they agree to the pixel.
package struct RenderSettings: Sendable {
    /// Folders whose files specs may also read (`--asset-root`, repeatable).
    package var assetRoots: [String]
    /// Real paths of font files added to every spec's fonts (`--font`).
    package var extraFonts: [String]
    /// Use only the spec's and the extra fonts (`--hermetic-fonts`).
    package var hermeticFonts: Bool
    /// How every spec is drawn (`--scale`, `--png-compression`, `--crop`, `--format`, `--quality`, the tile
    /// options): the one set of render options, each render's selection set from it.
    package var drawing: RenderOptions
    /// Map tiles, fetched and decoded once for every render made with these settings.
    package var tiles: TileProvider {
        get { drawing.tiles ?? TileProvider() }
        set { drawing.tiles = newValue }
    }
    /// What makes a spec that rendered fail anyway (`--fail-on`).
    package var failOn = FailOn()
    /// The kinds of warning not printed (`--quiet`, `quiet` in infowin.json); each silenced line is counted.
    package var quiet: Set<WarningKind> = []
    /// The versions of every spec to render (`--strings` and `--locale`, `--data`, `--pseudo-locale`): one
    /// per locale and row; a single plain one by default.
    package var variants = [SpecVariant()]

    /// Settings that change nothing.
    package init(
        assetRoots: [String] = [], extraFonts: [String] = [], hermeticFonts: Bool = false, scale: Double? = nil,
        compression: PNGCompression = .fast, tiles: TileProvider = TileProvider(), crop: CropChoice = .fromSpec
    ) {
        drawing = RenderOptions(scale: scale, compression: compression, tiles: tiles)
        drawing.crop = crop
        self.assetRoots = assetRoots
        self.extraFonts = extraFonts
        self.hermeticFonts = hermeticFonts
    }

    /// The render options with the window `selection` asks for.
    package func options(selection: Selection = .fromSpec) -> RenderOptions {
        var options = drawing
        options.selection = selection
        return options
    }

    /// Reads and validates the spec at `path` (`-` for standard input) with these settings applied;
    /// `allowingPipes` false refuses anything but a regular file (batches must not wait on a pipe);
    /// `root`, a found spec's folder, refuses a file outside it.
    package func loadSpec(
        _ path: String, allowingPipes: Bool = true, confinedTo root: String? = nil, variant: SpecVariant = SpecVariant()
    ) throws(InfoWinError) -> Spec {
        try loadSpec(try SpecSource.read(path, allowingPipes: allowingPipes, confinedTo: root), variant: variant)
    }

    /// Validates the spec `source` holds (a file read, or a request's body) with these settings applied.
    package func loadSpec(_ source: SpecSource, variant: SpecVariant = SpecVariant()) throws(InfoWinError) -> Spec {
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
}
