import Graphics

/// Everything to draw, placed: the output of layout and the input of drawing. Lengths in points.
struct Scene {
    let canvas: CanvasSize
    let scale: Double
    let width: Double
    let height: Double
    let background: RGBA
    let look: Look
    let locale: LocaleTag
    /// The camera the markers were placed with.
    let camera: CameraSpec
    /// Markers in input order.
    let markers: [PlacedMarker]
    /// The selected marker's window.
    let infoWindow: PlacedWindow?
    /// The windows of `showInfoWindows` beyond the selected one's, in drawing order (later on top).
    var shownWindows: [PlacedWindow] = []
    /// True when the report lists every window in `infoWindows` (the spec gives `showInfoWindows`).
    var listsInfoWindows = false
    /// The map tiles' attribution, when they have one.
    var attribution: PlacedAttribution?
    /// How opaque the map tiles are drawn.
    var tileOpacity: Double = 1
    /// The part of the canvas written, in output pixels, or nil for all of it.
    var crop: PixelRect?
    let missingGlyphs: [MissingGlyph]
    let warnings: [String]
    /// Each warning's kind, nil for one `--quiet` cannot silence.
    var warningKinds: [WarningKind?] = []
    /// The catalog strings shown from a fallback (each also a warning).
    var untranslated: [UntranslatedString] = []

    /// The markers `collisionBehavior` hides, in input order: not drawn, not tapped.
    var hiddenByCollision: [String] = []
    /// The icon and photo files the layout read, with hashes of their bytes (for the fingerprint).
    var imageFiles: [InputFileHash] = []
    /// True when a marker has a `collisionBehavior` other than `required`: the report then lists
    /// `hiddenByCollision`, empty or not.
    var collisionsDecided = false
    /// The markers with `tappable: false`: taps pass through them.
    var untappableMarkers: Set<String> = []
    /// The shapes (SPEC.md, "Shapes") in drawing order, over the tiles and under every marker.
    var shapes: [PlacedShape] = []
    /// True when the spec has shapes: the report then lists `shapes`.
    var listsShapes = false

    /// Every window shown, in drawing order: the selected marker's, then `showInfoWindows`' (later on top).
    var windows: [PlacedWindow] {
        [infoWindow].compactMap { $0 } + shownWindows
    }

    /// Markers in the order they are drawn, hidden ones left out: lower zIndex first, ties in input order.
    var drawingOrder: [PlacedMarker] {
        let hidden = Set(hiddenByCollision)
        return markers.enumerated().filter { !hidden.contains($0.element.id) }
            .sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }.map(\.element)
    }
}

/// A rectangle of whole output pixels.
struct PixelRect: Equatable {
    let x, y, width, height: Int
}

/// A marker's icon where it is drawn.
struct PlacedMarker {
    let id: String
    let icon: PlacedIcon
    /// Icon size in points before rotation.
    let size: Size
    /// From the icon's own points (0,0 top-left) to canvas points.
    let transform: AffineTransform
    let opacity: Double
    let zIndex: Int
    /// The icon's drawn area, rotation included.
    var bounds: Rect {
        Rect(bounding: [Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: 0, y: size.height), Point(x: size.width, y: size.height)]
            .map(transform.apply))
    }
    let groundAnchor: Point
    let infoWindowAnchor: Point
    let screenRotation: Double
}

extension PlacedMarker {
    /// The same icon with its ground anchor moved to `point`.
    func moved(to point: Point) -> PlacedMarker {
        let shift = Point(x: point.x - groundAnchor.x, y: point.y - groundAnchor.y)
        return PlacedMarker(
            id: id, icon: icon, size: size, transform: transform.then(.translation(x: shift.x, y: shift.y)), opacity: opacity,
            zIndex: zIndex, groundAnchor: point,
            infoWindowAnchor: Point(x: infoWindowAnchor.x + shift.x, y: infoWindowAnchor.y + shift.y), screenRotation: screenRotation)
    }
}

extension PlacedWindow {
    /// The body and tail with the shadow around them (1.5 × blur, 3σ, beyond its offset and spread shape),
    /// as `fit`, `autoPan` and `crop` measure a window.
    var extentWithShadow: Rect {
        let shape = frame.union(Rect(x: tailTip.x, y: tailTip.y, width: 0, height: 0))
        guard let shadow = chrome.shadow else { return shape }
        let reach = 1.5 * shadow.blur + shadow.spread
        let shadowRect = Rect(
            x: shape.x + shadow.offsetX - reach, y: shape.y + shadow.offsetY - reach, width: shape.width + 2 * reach,
            height: shape.height + 2 * reach)
        return shape.union(shadowRect)
    }
}

/// What an icon is made of.
enum PlacedIcon {
    /// A look's pin, in its colours and with its glyph.
    case pin(PlacedPin)
    case image(ImageSurface, scale: Double)
    /// An icon view laid out in the icon's own points, its top-left corner at (0, 0); clipped to the
    /// icon's frame unless its root says `clipsToBounds: false`.
    case view(PlacedView, clipsToBounds: Bool)
}

/// A width and a height.
struct Size: Hashable, Sendable {
    /// Horizontal extent.
    package var width: Double
    /// Vertical extent.
    package var height: Double
}

/// An info window, placed.
struct PlacedWindow {
    let markerID: String
    let kind: WindowKind
    /// The body, tail and shadow excluded, snapped to whole pixels.
    let frame: Rect
    let tailTip: Point
    /// How the body and tail are filled, outlined and shadowed.
    let chrome: WindowChrome
    /// The default window's texts.
    let title: PlacedText?
    let snippet: PlacedText?
    /// A custom window's or custom contents' view.
    let view: PlacedView?
    /// The web look's close button (×).
    let closeButton: PlacedCloseButton?
    let clipped: [CanvasEdge]

    /// Every text drawn in the window, in order.
    var texts: [PlacedText] {
        [title, snippet].compactMap { $0 } + (view?.texts ?? [])
    }
}

/// A close button where it is drawn and tapped.
struct PlacedCloseButton {
    /// The square a tap hits, in canvas points.
    let frame: Rect
    let style: CloseButtonStyle
}

/// Which delegate method made the window.
enum WindowKind: String {
    /// The default window (no delegate).
    case standard = "default"
    /// `markerInfoContents`: a view inside the default frame.
    case contents
    /// `markerInfoWindow`: a view as the whole window.
    case window
}

/// The frame of a window: the default one's style, or a custom window root's modifiers.
struct WindowChrome {
    let fill: Fill?
    let border: Border?
    let cornerRadius: CornerRadii
    let tail: TailStyle?
    let shadow: ShadowStyle?

    init(style: WindowStyle) {
        fill = .color(style.background)
        border = nil
        cornerRadius = CornerRadii(uniform: style.cornerRadius)
        tail = style.tail
        shadow = style.shadow
    }

    init(root: ViewModifiers) {
        fill = root.background
        border = root.border
        cornerRadius = root.cornerRadius
        tail = root.tail
        shadow = root.shadow
    }
}

/// Fitted text, laid out to align within the window's content width, and where its top-left corner goes.
struct PlacedText {
    let text: FittedText
    let layout: TextLayout
    let origin: Point
    let color: RGBA
    /// A text view's whole box (the report's `frame` of a custom view's text); nil for the default
    /// window's title and snippet, whose frame is where their lines are drawn.
    var box: Rect?
    /// True when the text is drawn whole but its box cannot hold it (lower than its lines, or narrower
    /// than a character), so the box cuts what it draws: the report's `"clipped": true`.
    var clipped = false

    /// The report's frame: the text view's box, or where the lines are drawn.
    var reportedFrame: Rect { box ?? drawnFrame }

    /// Where the lines are drawn on the canvas: right-to-left text sits against the right edge.
    var drawnFrame: Rect {
        let extents = layout.extents
        return Rect(x: origin.x + extents.x, y: origin.y + extents.y, width: extents.width, height: extents.height)
    }
}

/// A character no font could draw, and the marker whose text holds it.
struct MissingGlyph: Hashable {
    let markerID: String
    let scalar: Unicode.Scalar

    var code: String { "U+" + hex(scalar.value) }
}

/// An edge of the canvas.
enum CanvasEdge: String, CaseIterable {
    case top, left, bottom, right
}

extension Scene {
    /// Every text drawn: the windows', the icon views' and pin glyphs', and the tiles' attribution.
    var texts: [PlacedText] {
        let icons = markers.flatMap { marker -> [PlacedText] in
            switch marker.icon {
            case .pin(let pin): [pin.glyphText].compactMap { $0 }
            case .view(let view, _): view.texts
            case .image: []
            }
        }
        return windows.flatMap(\.texts) + icons + [attribution?.text].compactMap { $0 }
    }
}
