import Foundation

/// Independent readers of the formats infowin writes (Debian's poppler-utils, librsvg2-bin and Pillow,
/// which `make test` installs), so that a file is checked by software that did not write it.
enum Readers {
    /// True when `tool` is an executable on the PATH.
    static func has(_ tool: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }

    /// Debian's Python, where `make test` installs python3-pil, when there is one: a `python3` first on the
    /// PATH (pyenv, a virtualenv) may lack Pillow.
    static let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"

    static let pillow = (python.hasPrefix("/") || has("python3")) && (try? run([python, "-c", "import PIL"]))?.status == 0
    static let pdf = has("pdftotext") && has("pdftoppm")
    static let svg = has("rsvg-convert")

    /// Runs `arguments` (found on the PATH) in `folder`; standard output as text.
    static func run(_ arguments: [String], in folder: URL? = nil) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Rasterises the SVG (librsvg) or PDF (poppler, at 72 dpi, where one unit is one pixel) `vector` in
    /// `folder` into the PNG `raster`; true when the reader succeeded.
    static func rasterise(_ vector: String, to raster: String, in folder: URL) throws -> Bool {
        let arguments = vector.hasSuffix(".svg")
            ? ["rsvg-convert", vector, "-o", raster]
            : ["pdftoppm", "-r", "72", "-png", "-singlefile", vector, String(raster.dropLast(4))]
        return try run(arguments, in: folder).status == 0
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
        let result = try run([python, "-c", compareScript, first, second, String(sampleX), String(sampleY)], in: folder)
        guard result.status == 0,
            let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        else { throw CLIError(description: "Pillow could not compare \(first) with \(second): \(result.stdout)") }
        return Comparison(
            size: json["size"] as! [Int], otherSize: json["otherSize"] as! [Int],
            meanDifference: (json["mean"] as! NSNumber).doubleValue, maxDifference: (json["max"] as! NSNumber).intValue,
            identicalPixels: json["identical"] as! Bool, sample: json["sample"] as! [Int], otherSample: json["otherSample"] as! [Int])
    }
}
