/// The sprite images features name but the sprite lacks (SPEC.md: MapLibre skips such a feature's icon or
/// pattern and logs it): one warning for each layer and image name, at most `limit` of them, then one
/// saying how many more were left out (a `{field}` token can name a new image for every feature).
package struct MissingSpriteImages {
    /// The most missing images named one by one in a picture.
    package static let limit = 20

    let sprite: SpriteSheet?
    private var seen: Set<[String]> = []
    private var named: [String] = []

    init(sprite: SpriteSheet?) { self.sprite = sprite }

    /// The image `name` for `layer`, or nil (noted) when the sprite lacks it.
    mutating func image(_ name: String, layer: String) -> SpriteSheet.Image? {
        if let image = sprite?.images[name] { return image }
        if seen.insert([layer, name]).inserted, named.count < Self.limit {
            let reason = sprite.map { "\($0.file) has no image \(JSONWriter.quoted(name.abbreviated(80)))" } ?? "the style has no sprite to take \(JSONWriter.quoted(name.abbreviated(80))) from"
            named.append("layer \(layer): \(reason); features naming it draw without it")
        }
        return nil
    }

    /// The warnings, each once.
    var warnings: [String] {
        seen.count > named.count ? named + ["and \(Format.grouped(seen.count - named.count)) more missing sprite images"] : named
    }
}
