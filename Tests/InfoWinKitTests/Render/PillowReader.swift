import Foundation
import InfoWinTestSupport

/// Pillow (python3-pil, which `make test` installs) as an independent PNG reader: it decodes with its own
/// zlib calls and its own unfiltering, none of which is ours.
enum PillowReader {
    static let isInstalled = Tools.pillow

    /// Decodes every `*.png` in `folder` into a `*.rgba` file of straight RGBA bytes.
    static func decodeAll(in folder: URL) throws {
        let script = """
            import glob, sys
            from PIL import Image
            for path in glob.glob(sys.argv[1] + "/*.png"):
                with Image.open(path) as image:
                    image.load()
                    open(path[:-4] + ".rgba", "wb").write(image.convert("RGBA").tobytes())
            """
        let status = try run(["-c", script, folder.path])
        if status != 0 { throw CocoaError(.fileReadCorruptFile) }
    }

    /// Reads an animation (APNG or animated WebP) frame by frame into `folder`: `frame-N.rgba` (straight
    /// RGBA bytes) for each, and `frames.txt` with one line per frame, its duration in ms, then a last line
    /// with the format, the loop count and the size.
    static func decodeFrames(of file: URL, into folder: URL) throws {
        let script = """
            import sys
            from PIL import Image, ImageSequence
            lines = []
            with Image.open(sys.argv[1]) as image:
                for index, frame in enumerate(ImageSequence.Iterator(image)):
                    open("%s/frame-%d.rgba" % (sys.argv[2], index), "wb").write(frame.convert("RGBA").tobytes())
                    lines.append(str(int(round(frame.info.get("duration", -1)))))
                lines.append("%s %s %dx%d" % (image.format, image.info.get("loop", "none"), image.size[0], image.size[1]))
            open(sys.argv[2] + "/frames.txt", "w").write("\\n".join(lines) + "\\n")
            """
        let status = try run(["-c", script, file.path, folder.path])
        if status != 0 { throw CocoaError(.fileReadCorruptFile) }
    }

    /// Runs Debian's Python (where `make test` installs Pillow) with `arguments`; its exit status.
    private static func run(_ arguments: [String]) throws -> Int32 {
        try Tools.run([Tools.python] + arguments).status
    }
}
