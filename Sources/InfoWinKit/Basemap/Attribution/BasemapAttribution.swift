/// The attributions a basemap's style gathers (SPEC.md, "Vector basemaps": `attribution`), as MapLibre's
/// attribution control gathers them: each source's text with the zooms at which a layer reading it is drawn.
package struct BasemapAttribution: Sendable {
    /// One source's attribution, as plain text, and MapLibre's zooms at which a layer reading it is drawn.
    package struct Source: Sendable, Equatable {
        package let text: String
        /// Each visible layer's `minzoom ..< maxzoom` (MapLibre's zoom, the camera's − 1).
        package let zooms: [Range<Double>]

        package init(text: String, zooms: [Range<Double>]) {
            self.text = text
            self.zooms = zooms
        }
    }

    /// The sources that have an attribution, in the style's order.
    package var sources: [Source] = []

    package init(sources: [Source] = []) { self.sources = sources }

    /// The text drawn at MapLibre's `zoom`, as MapLibre's control composes it: `own` (the spec's
    /// `attribution`, MapLibre's `customAttribution`) first, then the text of every source a layer drawn at
    /// that zoom reads (MapLibre's `used` sources), each text once, blank ones left out; then shortest first
    /// (equal lengths keep their order) and a text contained in a longer one left out; joined with " | ".
    /// Nil when nothing is left.
    package func text(own: String?, zoom: Double) -> String? {
        var texts: [String] = []
        for text in [own].compactMap({ $0 }) + sources.filter({ $0.zooms.contains { $0.contains(zoom) } }).map(\.text)
        where !texts.contains(text) && text.contains(where: { !$0.isWhitespace }) {
            texts.append(text)
        }
        // A stable sort: enumerated offsets break ties.
        let sorted = texts.enumerated().sorted { ($0.element.utf16.count, $0.offset) < ($1.element.utf16.count, $1.offset) }.map(\.element)
        let kept = sorted.enumerated().filter { index, text in !sorted[(index + 1)...].contains { $0.contains(text) } }.map(\.element)
        return kept.isEmpty ? nil : kept.joined(separator: " | ")
    }
}
