import Foundation
import InfoWinTestSupport

/// Independent readers of the formats infowin writes (Debian's poppler-utils, librsvg2-bin and Pillow,
/// which `make test` installs; whether each is there is `Tools.pdf`, `Tools.svg` and `Tools.pillow`), so
/// that a file is checked by software that did not write it.
enum Readers {
    /// Rasterises the SVG (librsvg) or PDF (poppler, at 72 dpi, where one unit is one pixel) `vector` in
    /// `folder` into the PNG `raster`; true when the reader succeeded.
    static func rasterise(_ vector: String, to raster: String, in folder: URL) throws -> Bool {
        let arguments = vector.hasSuffix(".svg")
            ? ["rsvg-convert", vector, "-o", raster]
            : ["pdftoppm", "-r", "72", "-png", "-singlefile", vector, String(raster.dropLast(4))]
        return try Tools.run(arguments, in: folder).status == 0
    }

    /// Two images as Pillow reads them: sizes, the mean and largest difference of their RGB channels
    /// (0…255; over white where transparent), whether their RGBA pixels are exactly equal, and each one's
    /// RGB at `sample`.
    struct Comparison {
        let size: [Int], otherSize: [Int]
        let meanDifference: Double, maxDifference: Int
        let identicalPixels: Bool
        let sample: [Int], otherSample: [Int]
    }

    static let compareScript = """
        import json, sys
        from PIL import Image, ImageChops, ImageStat
        def rgb(image):
            image = image.convert("RGBA")
            white = Image.new("RGBA", image.size, (255, 255, 255, 255))
            return Image.alpha_composite(white, image).convert("RGB")
        a, b = Image.open(sys.argv[1]), Image.open(sys.argv[2])
        x, y = int(sys.argv[3]), int(sys.argv[4])
        same = a.size == b.size
        d = ImageChops.difference(rgb(a), rgb(b)) if same else None
        print(json.dumps({
            "size": list(a.size), "otherSize": list(b.size),
            "mean": sum(ImageStat.Stat(d).mean) / 3 if same else 255,
            "max": max(hi for lo, hi in d.getextrema()) if same else 255,
            "identical": same and a.convert("RGBA").tobytes() == b.convert("RGBA").tobytes(),
            "sample": list(rgb(a).getpixel((x, y))), "otherSample": list(rgb(b).getpixel((x, y))),
        }))
        """

    /// Compares the images `first` and `second` in `folder` with Pillow, sampling the pixel (x, y).
    static func compare(_ first: String, _ second: String, in folder: URL, sampleX: Int = 0, sampleY: Int = 0) throws -> Comparison {
        let result = try Tools.run([Tools.python, "-c", compareScript, first, second, String(sampleX), String(sampleY)], in: folder)
        guard result.status == 0,
            let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        else { throw CLIError(description: "Pillow could not compare \(first) with \(second): \(result.stdout)") }
        return Comparison(
            size: json["size"] as! [Int], otherSize: json["otherSize"] as! [Int],
            meanDifference: (json["mean"] as! NSNumber).doubleValue, maxDifference: (json["max"] as! NSNumber).intValue,
            identicalPixels: json["identical"] as! Bool, sample: json["sample"] as! [Int], otherSample: json["otherSample"] as! [Int])
    }
}
