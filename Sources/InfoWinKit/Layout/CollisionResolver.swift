/// Decides which markers `collisionBehavior` hides once the camera is final (SPEC.md, "The SDK, round
/// two"): a `required` marker is always drawn and hides nothing; a `requiredAndHidesOptional` one is
/// always drawn and hides every optional marker whose icon frame overlaps its own; an optional marker is
/// also hidden where its icon frame overlaps a shown optional marker of higher priority. Optional markers
/// are decided from the highest priority down: higher `zIndex`, then lower on the screen (the ground
/// anchor's y), then later in `markers`. The selected marker is never hidden. Icon frames are the drawn
/// icons' bounding boxes (`PlacedMarker.bounds`, rotation included); frames that only touch do not overlap.
struct CollisionResolver {
    let markers: [PlacedMarker]
    let behaviors: [CollisionBehavior]
    let selected: String?

    /// The ids of the hidden markers, in input order.
    func hidden() -> [String] {
        var hiders = FrameIndex()
        for index in markers.indices where behaviors[index] == .requiredAndHidesOptional { hiders.insert(markers[index].bounds) }
        let optional = markers.indices.filter { behaviors[$0] == .optionalAndHidesLowerPriority }
            .sorted { a, b in priority(a) > priority(b) }
        var shown = FrameIndex()
        var hidden = Set<Int>()
        for index in optional {
            let frame = markers[index].bounds
            if markers[index].id != selected && (hiders.overlapsAny(frame) || shown.overlapsAny(frame)) {
                hidden.insert(index)
            } else {
                shown.insert(frame)
            }
        }
        return hidden.sorted().map { markers[$0].id }
    }

    /// Higher is decided first: zIndex, then lower on the screen, then later in input.
    private func priority(_ index: Int) -> Priority {
        Priority(zIndex: markers[index].zIndex, screenY: markers[index].groundAnchor.y, index: index)
    }

    private struct Priority: Comparable {
        let zIndex: Int
        let screenY: Double
        let index: Int

        static func < (a: Priority, b: Priority) -> Bool {
            (a.zIndex, a.screenY, a.index) < (b.zIndex, b.screenY, b.index)
        }
    }
}
