import Graphics

/// A scenario as one animation (`infowin play --animate`): every frame held the same time, then the first
/// frame again for a second, so that a loop starts from where it began; looping forever, the same bytes on
/// every run.
package enum ScenarioAnimation {
    /// The animated formats, told by the output's extension.
    package enum Format: String, Sendable, CaseIterable {
        /// Animated WebP (`.webp`): lossless frames assembled by libwebpmux.
        case webp
        /// APNG (`.png`): its first frame is also what a reader without animation shows.
        case apng

        /// The format of a path ending in `.webp` or `.png` (any case), else nil.
        package init?(path: String) {
            let lower = path.lowercased()
            if lower.hasSuffix(".webp") {
                self = .webp
            } else if lower.hasSuffix(".png") {
                self = .apng
            } else {
                return nil
            }
        }
    }

    /// How long each frame is held by default, in milliseconds.
    package static let defaultFrameMilliseconds = 600
    /// How long the first frame is held when it comes back at the end, in milliseconds.
    static let closingMilliseconds = 1000
    /// The longest a frame may be held (APNG writes delays in 16 bits), in milliseconds.
    package static let frameMillisecondsLimit = 65_535

    /// The frames of `run` (PNGs) as one animation in `format`, each held `frameMilliseconds`; `file`
    /// names the spec in messages.
    package static func encode(
        _ run: ScenarioRun, as format: Format, frameMilliseconds: Int = defaultFrameMilliseconds, file: String
    ) throws(InfoWinError) -> [UInt8] {
        do throws(GraphicsError) {
            var frames = try run.frames.map { frame throws(GraphicsError) in
                AnimationFrame(pixels: try StraightPixels(png: frame.png), milliseconds: frameMilliseconds)
            }
            if let first = frames.first { frames.append(AnimationFrame(pixels: first.pixels, milliseconds: closingMilliseconds)) }
            switch format {
            case .webp: return try AnimatedImage.webp(frames)
            case .apng: return try AnimatedImage.apng(frames)
            }
        } catch {
            throw .machine(file: file, path: nil, message: "cannot make the animation: \(error.message)")
        }
    }
}
