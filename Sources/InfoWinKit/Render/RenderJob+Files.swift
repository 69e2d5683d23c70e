/// The files of `infowin render`: the image and layout report paths typed on the command line, named for
/// each version (out.png → out.de.png → out.de@2x.png).
extension RenderJob {
    /// `drawn`'s image at `image` and, when given, its layout report at `layout`, for each scale, each
    /// named for its version; a name infowin made (a suffix added) is never a pipe or a device.
    package func files(of drawn: DrawnVariant, image: String, layout: String?) -> [OutputFile] {
        drawn.renders.flatMap { render in
            let file = { (path: String, bytes: [UInt8]) in
                let name = render.version.name(path)
                return name == path ? OutputFile(path: path, bytes: bytes) : OutputFile(named: name, bytes: bytes)
            }
            return [file(image, render.result.bytes)] + (layout.map { [file($0, render.reportBytes)] } ?? [])
        }
    }

    /// Throws when two of the files `image` and `layout` (`-`, standard output, is none) name for the
    /// versions would be one file: `-o out.png --scale 1,2 --layout out@2x.png`.
    package func checkNames(image: String, layout: String?) throws(OutputNames.Collision) {
        var names = OutputNames()
        let typed = [(image, "image"), (layout, "layout report")].compactMap { path, what in path.map { ($0, what) } }.filter { $0.0 != "-" }
        try add(to: &names) { version in
            let suffix = version.variant.outputSuffix
            let render = suffix.isEmpty ? "the " : "render \(suffix.dropFirst())'s "
            return typed.map { path, what in (version.name(path), render + (version.scale.map { "scale \($0) " } ?? "") + what) }
        }
    }
}
