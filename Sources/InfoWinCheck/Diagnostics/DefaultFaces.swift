import Graphics
import InfoWinKit

/// The faces the looks' default family resolves to (regular, semibold and bold Inter where it is there):
/// the fonts nearly every golden image depends on.
enum DefaultFaces {
    /// Every weight and slant of the default family that the looks draw text in (titles, snippets, text
    /// views, the map's labels), each once, lightest first.
    static var styles: [TextStyle] {
        let used = Look.allCases.flatMap { [$0.windowStyle.titleFont, $0.windowStyle.snippetFont] } + [Look.textViewFont, PlacedAttribution.font]
        var styles: [TextStyle] = []
        for style in used where !styles.contains(where: { $0.family == style.family && $0.weight == style.weight && $0.italic == style.italic }) {
            styles.append(style)
        }
        return styles.sorted { ($0.weight, $0.italic ? 1 : 0) < ($1.weight, $1.italic ? 1 : 0) }
    }

    /// Latin letters, which the default family has: the face that draws them is the family's own, or the
    /// fallback the machine gives when the family is missing.
    static let sample = "Hamburg"

    /// The face `library` draws each of the default styles with, each face once.
    package static func faces(in library: FontLibrary) -> [FontFace] {
        var faces: [FontFace] = []
        for style in styles {
            if let face = face(for: style, in: library), !faces.contains(face) { faces.append(face) }
        }
        return faces
    }

    /// The face `library` draws `style`'s Latin letters with; nil when there is no font at all.
    static func face(for style: TextStyle, in library: FontLibrary) -> FontFace? {
        TextLayout(text: sample, style: style, width: nil, library: library).fontFaces.first
    }
}
