/// `map.basemap` (SPEC.md, "Vector basemaps"): a vector tileset drawn with a MapLibre style under the
/// shapes, markers and windows.
package struct BasemapSpec: Sendable {
    /// The vector tileset; nil when a style file names its own sources.
    package var source: TileSourceSpec?
    /// A built-in style, or a style file.
    package var style: BasemapStyleChoice = .builtIn(.auto)
    /// The language labels are drawn in.
    package var language: BasemapLanguage = .auto
    /// What labels make room for.
    package var avoid: Set<BasemapObstacle> = BasemapObstacle.defaults
    /// The spec's own text for the bottom-right corner; nil for the tileset's metadata `attribution`.
    package var attribution: String?
    /// The attributions of the tileset and the style's sources, gathered by the renderer; drawn with
    /// `attribution` as MapLibre's control draws them (`BasemapAttribution.text(own:zoom:)`).
    package var gathered = BasemapAttribution()

    /// Google's map styles applied to the style's layers, in order (`/staticmap`'s `style=`); none by default.
    package var googleStyles: [GoogleStyleRule] = []

    /// The attribution drawn with the camera at `cameraZoom`, or nil for none.
    package func attributionText(cameraZoom: Double) -> String? {
        gathered.text(own: attribution, zoom: cameraZoom - 1)
    }
}

/// `map.basemap.style`.
package enum BasemapStyleChoice: Sendable, Hashable {
    /// `light`, `dark` or `auto`.
    case builtIn(BuiltInStyleName)
    /// A MapLibre style file (version 8): its real path, inside the sandbox, and the sandbox's folders (real
    /// paths), which the files its sources name must be inside too.
    case file(String, allowedFolders: [String])
}

/// The built-in styles' names; `auto` is dark when `traits.userInterfaceStyle` is dark.
package enum BuiltInStyleName: String, Sendable, CaseIterable {
    case light, dark, auto
}

/// `map.basemap.language`.
package enum BasemapLanguage: Sendable, Hashable {
    /// The spec's `locale`.
    case auto
    /// The tiles' own `name`.
    case local
    /// A BCP 47 tag: labels read `name:LANG`, then `name`.
    case tag(LocaleTag)
}

/// What `map.basemap.avoid` names: labels are not placed over it.
package enum BasemapObstacle: String, Sendable, CaseIterable {
    case windows, markers, shapes, attribution

    /// Every one but `shapes`.
    static let defaults: Set<BasemapObstacle> = [.windows, .markers, .attribution]
}
