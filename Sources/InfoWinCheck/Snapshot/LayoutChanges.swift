import InfoWinKit

/// Sentences saying what moved or changed between a golden layout report and an actual one, text before
/// geometry (a changed line is the cause of the frame that grew): "title line 2 changed from … to …",
/// then "window frame moved 3 px left".
package enum LayoutChanges {
    /// Changes smaller than this many pixels are not reported.
    static let tolerance = 0.5

    /// What differs from `golden` in `actual`; empty when the reports agree.
    package static func between(golden: LayoutReport, actual: LayoutReport) -> [String] {
        var changes = Changes()
        let oldImage = golden.image, newImage = actual.image
        if oldImage.width != newImage.width || oldImage.height != newImage.height {
            changes.geometry.append("the image is \(size(newImage)) pixels; the golden is \(size(oldImage))")
        }
        windowChanges(golden.infoWindow, actual.infoWindow, into: &changes)
        changes.geometry += markerChanges(golden.markers, actual.markers)
        changes.geometry += shapeChanges(golden.shapes ?? [], actual.shapes ?? [])
        changes.geometry += collisionChanges(golden.hiddenByCollision ?? [], actual.hiddenByCollision ?? [])
        changes.text += glyphChanges(golden.missingGlyphs, actual.missingGlyphs)
        return changes.text + changes.geometry
    }

    /// Changes of what is written, and of where things are.
    private struct Changes {
        var text: [String] = []
        var geometry: [String] = []
    }

    private static func windowChanges(_ oldWindow: LayoutReport.InfoWindow?, _ newWindow: LayoutReport.InfoWindow?, into changes: inout Changes) {
        let old: LayoutReport.InfoWindow, new: LayoutReport.InfoWindow
        switch (oldWindow, newWindow) {
        case (nil, nil): return
        case (let gone?, nil): return changes.text.append("the info window of \(JSONWriter.quoted(gone.marker)) is no longer shown")
        case (nil, let shown?): return changes.text.append("an info window is shown for \(JSONWriter.quoted(shown.marker)); the golden has none")
        case (let before?, let after?): (old, new) = (before, after)
        }
        if old.marker != new.marker {
            return changes.text.append("the info window belongs to \(JSONWriter.quoted(new.marker)); in the golden to \(JSONWriter.quoted(old.marker))")
        }
        textChanges("title", old.title, new.title, into: &changes)
        textChanges("snippet", old.snippet, new.snippet, into: &changes)
        changes.geometry += rectChanges("window frame", old.frame, new.frame)
        if old.clipped != new.clipped {
            changes.geometry.append("the window is cut by \(edges(new.clipped)); in the golden by \(edges(old.clipped))")
        }
        for index in 0..<max(old.texts.count, new.texts.count) {
            textChanges("text \(index + 1)", old.texts[safe: index], new.texts[safe: index], into: &changes)
        }
    }

    private static func textChanges(_ name: String, _ old: LayoutReport.Text?, _ new: LayoutReport.Text?, into all: inout Changes) {
        guard let old, let new else {
            if old == nil && new == nil { return }
            return all.text.append(old == nil ? "the \(name) is shown; the golden has none" : "the \(name) is no longer shown")
        }
        var changes: [String] = []
        let oldLines = old.lines, newLines = new.lines
        for index in 0..<min(oldLines.count, newLines.count) where oldLines[index] != newLines[index] {
            changes.append("\(name) line \(index + 1) changed from \(JSONWriter.quoted(oldLines[index])) to \(JSONWriter.quoted(newLines[index]))")
        }
        if oldLines.count != newLines.count {
            changes.append("the \(name) has \(lines(newLines.count)); the golden has \(lines(oldLines.count))")
        }
        if old.truncated != new.truncated {
            changes.append(new.truncated ? "the \(name) is now cut with \"…\"" : "the \(name) is no longer cut")
        }
        if old.clipped != new.clipped {
            changes.append(new.clipped ? "the \(name) is now clipped by its box" : "the \(name) is no longer clipped by its box")
        }
        all.text += changes
        if changes.isEmpty, let oldFrame = old.frame, let newFrame = new.frame { all.geometry += rectChanges(name, oldFrame, newFrame) }
    }

    /// `marker "cafe-3" is now hidden by a collision`, `marker "cafe-1" is no longer hidden …`.
    private static func collisionChanges(_ old: [String], _ new: [String]) -> [String] {
        let before = Set(old), after = Set(new)
        return new.filter { !before.contains($0) }.map { "marker \(JSONWriter.quoted($0)) is now hidden by a collision" }
            + old.filter { !after.contains($0) }.map { "marker \(JSONWriter.quoted($0)) is no longer hidden by a collision" }
    }

    private static func markerChanges(_ old: [LayoutReport.Marker], _ new: [LayoutReport.Marker]) -> [String] {
        var changes: [String] = []
        let oldByID = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newIDs = Set(new.map(\.id))
        for marker in new {
            guard let previous = oldByID[marker.id] else {
                changes.append("marker \(JSONWriter.quoted(marker.id)) is new")
                continue
            }
            changes += rectChanges("marker \(JSONWriter.quoted(marker.id)) icon", previous.icon, marker.icon)
        }
        for marker in old where !newIDs.contains(marker.id) {
            changes.append("marker \(JSONWriter.quoted(marker.id)) is gone")
        }
        return changes
    }

    private static func glyphChanges(_ old: [LayoutReport.MissingGlyph], _ new: [LayoutReport.MissingGlyph]) -> [String] {
        let before = Set(old.map(\.character)), after = Set(new.map(\.character))
        return after.subtracting(before).sorted().map { "no font can draw \($0) now; the golden could" }
            + before.subtracting(after).sorted().map { "\($0) can be drawn now; in the golden it was a box" }
    }

    /// "moved 3 px left and 1 px down", "is 4 px wider, growing to the left", from two `{x, y, width,
    /// height}` objects: each change said once (an edge that stayed put makes a growth, not a move).
    private static func rectChanges(_ name: String, _ old: LayoutReport.Frame, _ new: LayoutReport.Frame) -> [String] {
        let (x0, y0, w0, h0) = (old.x, old.y, old.width, old.height), (x1, y1, w1, h1) = (new.x, new.y, new.width, new.height)
        let horizontal = axisChange(start: (x0, x1), length: (w0, w1), words: ("left", "right", "wider", "narrower", "to the left", "to the right"))
        let vertical = axisChange(start: (y0, y1), length: (h0, h1), words: ("up", "down", "taller", "shorter", "upward", "downward"))
        var changes: [String] = []
        let moves = [horizontal.move, vertical.move].compactMap { $0 }
        if !moves.isEmpty { changes.append("\(name) moved \(moves.joined(separator: " and "))") }
        changes += [horizontal.size, vertical.size].compactMap { $0 }.map { "\(name) is \($0)" }
        return changes
    }

    /// One axis of a rectangle's change: a move, or a new length with the side it grew on.
    private static func axisChange(
        start: (Double, Double), length: (Double, Double),
        words: (back: String, forth: String, longer: String, shorter: String, growsBack: String, growsForth: String)
    ) -> (move: String?, size: String?) {
        let startShift = start.1 - start.0, endShift = (start.1 + length.1) - (start.0 + length.0), grown = length.1 - length.0
        guard abs(grown) > tolerance else {
            return (abs(startShift) > tolerance ? "\(pixels(startShift)) \(startShift < 0 ? words.back : words.forth)" : nil, nil)
        }
        let size = "\(pixels(grown)) \(grown > 0 ? words.longer : words.shorter)"
        let growing = grown > 0 ? "growing" : "shrinking"
        if abs(startShift) <= tolerance { return (nil, "\(size), \(growing) \(grown > 0 ? words.growsForth : words.growsBack)") }
        if abs(endShift) <= tolerance { return (nil, "\(size), \(growing) \(grown > 0 ? words.growsBack : words.growsForth)") }
        if abs(startShift + endShift) <= tolerance { return (nil, "\(size), \(growing) on both sides") }
        let centreShift = (startShift + endShift) / 2
        return ("\(pixels(centreShift)) \(centreShift < 0 ? words.back : words.forth)", size)
    }

    private static func pixels(_ delta: Double) -> String { "\(JSONWriter.format((abs(delta) * 10).rounded() / 10)) px" }
    private static func lines(_ count: Int) -> String { count == 1 ? "1 line" : "\(count) lines" }
    private static func size(_ image: LayoutReport.Image) -> String {
        "\(JSONWriter.format(image.width)) × \(JSONWriter.format(image.height))"
    }
    private static func edges(_ edges: [String]) -> String {
        edges.isEmpty ? "no edge" : edges.joined(separator: " and ")
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
