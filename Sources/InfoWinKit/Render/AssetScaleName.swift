/// File names for the scales of one image, as Apple's asset catalogues name them: `out.png` (1×),
/// `out@2x.png`, `out@3x.png`.
public enum AssetScaleName {
    /// `@2x` for 2, and nothing for 1.
    public static func suffix(_ scale: Int) -> String { scale == 1 ? "" : "@\(scale)x" }

    /// `path` with the suffix of `scale` before its extension (`L.json` → `L@2x.json`), or at its end when
    /// it has none.
    public static func path(_ path: String, scale: Int) -> String {
        let name = Path.lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path + suffix(scale) }
        return path.dropLast(name.count) + name[..<dot] + suffix(scale) + name[dot...]
    }
}
