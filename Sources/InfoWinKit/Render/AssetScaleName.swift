/// File names for the scales of one image, as Apple's asset catalogues name them: `out.png` (1×),
/// `out@2x.png`, `out@3x.png` (with `Path.inserting`).
enum AssetScaleName {
    /// `@2x` for 2, and nothing for 1.
    package static func suffix(_ scale: Int) -> String { scale == 1 ? "" : "@\(scale)x" }
}
