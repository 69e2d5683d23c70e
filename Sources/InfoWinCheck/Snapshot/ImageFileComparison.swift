import Graphics
import InfoWinKit

/// Two PNG files compared as `infowin diff` and `infowin check` do: identical bytes are equal once they are
/// known to be a readable PNG; otherwise both are decoded and compared perceptually.
package struct ImageFileComparison: Sendable {
    /// The comparison, or nil when the files are byte for byte the same.
    package let diff: ImageDiff?
    /// The tolerance it was judged by.
    package let tolerance: DiffTolerance

    /// True when the images are equal within the tolerance.
    package var passes: Bool { diff.map(tolerance.accepts) ?? true }

    /// Compares PNG bytes; throws when either cannot be decoded. Identical bytes are still decoded once, so
    /// that two copies of an unreadable file are never "equal", unless `actualIsReadable` says the actual
    /// bytes were just encoded by infowin (`check`), which makes identical expected bytes readable too.
    package init(
        expected: [UInt8], actual: [UInt8], expectedName: String, actualName: String, tolerance: DiffTolerance,
        withImage: Bool = true, actualIsReadable: Bool = false
    ) throws(InfoWinError) {
        self.tolerance = tolerance
        for (bytes, name) in [(expected, expectedName), (actual, actualName)] {
            if let header = PNGHeader(bytes: bytes), header.width * header.height > SpecDecoder.pixelLimit {
                throw .io(
                    file: name,
                    message: "is \(header.width) × \(header.height) pixels, more than the 8192 × 8192 = 67,108,864 infowin compares")
            }
        }
        let identical = sameBytes(expected, actual)
        if identical && actualIsReadable {
            diff = nil
            return
        }
        guard let old = PixelImage(png: expected) else {
            throw .io(file: expectedName, message: "is not a readable PNG image")
        }
        if identical {
            diff = nil
            return
        }
        guard let new = PixelImage(png: actual) else {
            throw .io(file: actualName, message: "is not a readable PNG image")
        }
        diff = PerceptualDiff.compare(
            expected: old, actual: new, threshold: tolerance.threshold, countAntiAliasing: tolerance.includeAntiAliasing,
            withImage: withImage)
    }

    /// One line saying how the images compare: `123 of 468,000 pixels differ (0.026%); 40 anti-aliased
    /// pixels ignored`, `700 of 468,000 pixels differ (0.15%), 650 of them anti-aliased` when anti-aliased
    /// pixels count, and how many changed at all when the tolerance let some through.
    package var summary: String {
        guard let diff else { return "the files are identical" }
        if let mismatch = diff.sizeMismatch { return mismatch }
        let counted = tolerance.countedPixels(diff)
        var text = "\(Format.grouped(counted)) of \(Format.grouped(diff.totalPixels)) pixels differ"
        if counted > 0 { text += " (\(Format.percent(Double(counted) / Double(max(diff.totalPixels, 1)))))" }
        if diff.antiAliasedPixels > 0 {
            text += tolerance.countsAntiAliasing
                ? ", \(Format.grouped(diff.antiAliasedPixels)) of them anti-aliased"
                : "; \(Format.grouped(diff.antiAliasedPixels)) anti-aliased pixels ignored"
        }
        if diff.changedPixels > counted { text += "; \(Format.grouped(diff.changedPixels)) changed at all" }
        if counted > 0 && passes { text += "; within the tolerance" }
        return text
    }

    /// `infowin diff`'s line: `equal within tolerance: 0 beyond it, 22,959 changed (threshold 0.1)` when
    /// pixels changed within the tolerance, else `equal: …` or `different: …` and the summary.
    package var verdict: String {
        if passes, let diff, diff.sizeMismatch == nil, diff.changedPixels > 0 {
            let beyond = tolerance.countedPixels(diff)
            var text = "equal within tolerance: \(Format.grouped(beyond)) beyond it"
                + (beyond > 0 ? " (within the tolerance's allowance)" : "")
                + ", \(Format.grouped(diff.changedPixels)) changed (threshold \(JSONWriter.format(tolerance.threshold)))"
            if diff.antiAliasedPixels > 0 && !tolerance.countsAntiAliasing {
                text += "; \(Format.grouped(diff.antiAliasedPixels)) anti-aliased pixels ignored"
            }
            return text
        }
        return (passes ? "equal: " : "different: ") + summary
    }
}
