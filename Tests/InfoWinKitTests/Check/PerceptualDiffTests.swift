import Foundation
import Graphics
import Testing
@testable import InfoWinCheck
@testable import InfoWinKit

// MARK: - Synthetic images

private let white: UInt32 = 0xFFFF_FFFF
private let black: UInt32 = 0xFF00_0000
private let red: UInt32 = 0xFFFF_0000
private let yellow: UInt32 = 0xFFFF_FF00

/// A `width` × `height` image of one colour.
private func flat(_ width: Int, _ height: Int, _ color: UInt32) -> PixelImage {
    PixelImage(width: width, height: height, pixels: Array(repeating: color, count: width * height))
}

/// `image` with the pixel at (x, y) set to `color`.
private func setting(_ image: PixelImage, x: Int, y: Int, to color: UInt32) -> PixelImage {
    var pixels = image.pixels
    pixels[y * image.width + x] = color
    return PixelImage(width: image.width, height: image.height, pixels: pixels)
}

/// A 10 × 10 image, black left of column `edge` and white from it on; `edgeColor` replaces column `edge`.
private func verticalEdge(edge: Int = 5, edgeColor: UInt32? = nil) -> PixelImage {
    var pixels: [UInt32] = []
    for _ in 0..<10 {
        for x in 0..<10 {
            if x == edge, let edgeColor { pixels.append(edgeColor) } else { pixels.append(x < edge ? black : white) }
        }
    }
    return PixelImage(width: 10, height: 10, pixels: pixels)
}

/// An `ImageDiff` with only the counts `DiffTolerance.accepts` looks at.
private func diffCounting(_ differing: Int, of total: Int, sizeMismatch: String? = nil) -> ImageDiff {
    ImageDiff(differingPixels: differing, antiAliasedPixels: 0, totalPixels: total, sizeMismatch: sizeMismatch, image: nil)
}

@Suite("perceptual diff, PNG text, fingerprints and layout changes")
struct PerceptualDiffTests {
    // MARK: PerceptualDiff.compare

    @Test func identicalImagesHaveNoDifferenceAndNoImage() {
        let image = verticalEdge()
        let diff = PerceptualDiff.compare(expected: image, actual: image)
        #expect(diff.differingPixels == 0)
        #expect(diff.antiAliasedPixels == 0)
        #expect(diff.totalPixels == 100)
        #expect(diff.sizeMismatch == nil)
        #expect(diff.isIdentical)
        #expect(diff.image == nil)
        #expect(diff.ratio == 0)
    }

    @Test func onePixelRealChangeInAFlatAreaCountsOnceAndIsRed() throws {
        let expected = flat(10, 10, white)
        let actual = setting(expected, x: 4, y: 6, to: black)
        let diff = PerceptualDiff.compare(expected: expected, actual: actual)
        #expect(diff.differingPixels == 1)
        #expect(diff.antiAliasedPixels == 0)
        #expect(!diff.isIdentical)
        #expect(diff.ratio == 0.01)
        let image = try #require(diff.image)
        #expect(image.width == 10 && image.height == 10)
        #expect(image.pixels[6 * 10 + 4] == red)
        let others = image.pixels.enumerated().filter { $0.offset != 64 }.map(\.element)
        #expect(others.allSatisfy { $0 != red && $0 != yellow }, "only the changed pixel is marked")
        // Unchanged pixels are faded grey: opaque, grey, pale.
        for pixel in others {
            #expect(pixel >> 24 == 0xFF)
            let r = pixel >> 16 & 0xFF, g = pixel >> 8 & 0xFF, b = pixel & 0xFF
            #expect(r == g && g == b && r >= 0xE0, "unchanged pixel \(String(pixel, radix: 16)) is not faded grey")
        }
    }

    @Test func oneDarkPixelTurningWhiteCountsToo() {
        let expected = setting(flat(9, 9, white), x: 4, y: 4, to: black)
        let actual = flat(9, 9, white)
        #expect(PerceptualDiff.compare(expected: expected, actual: actual).differingPixels == 1)
    }

    @Test func aChangeBelowTheThresholdDoesNotCount() throws {
        let expected = flat(10, 10, white)
        let actual = setting(expected, x: 3, y: 3, to: 0xFFFE_FEFE)
        let diff = PerceptualDiff.compare(expected: expected, actual: actual)
        #expect(diff.differingPixels == 0)
        #expect(diff.antiAliasedPixels == 0)
        #expect(diff.isIdentical)
        if let image = diff.image {
            #expect(!image.pixels.contains(red) && !image.pixels.contains(yellow))
        }
        // With threshold 0 the same change counts.
        let exact = PerceptualDiff.compare(expected: expected, actual: actual, threshold: 0, countAntiAliasing: true)
        #expect(exact.differingPixels == 1)
    }

    @Test func aLargerThresholdForgivesAMediumChange() {
        let expected = flat(10, 10, white)
        let actual = setting(expected, x: 3, y: 3, to: 0xFFC0_C0C0)
        #expect(PerceptualDiff.compare(expected: expected, actual: actual, threshold: 0.1).differingPixels == 1)
        #expect(PerceptualDiff.compare(expected: expected, actual: actual, threshold: 0.9).differingPixels == 0)
    }

    @Test func antiAliasedEdgePixelsAreYellowAndNotCounted() throws {
        let expected = verticalEdge()
        let actual = verticalEdge(edgeColor: 0xFF80_8080)
        let diff = PerceptualDiff.compare(expected: expected, actual: actual)
        #expect(diff.differingPixels == 0, "a grey edge column is anti-aliasing, not a change")
        #expect(diff.antiAliasedPixels == 10)
        #expect(diff.isIdentical)
        let image = try #require(diff.image)
        for y in 0..<10 {
            #expect(image.pixels[y * 10 + 5] == yellow, "edge pixel (5, \(y)) is not yellow")
        }
        #expect(!image.pixels.contains(red))
    }

    @Test func antiAliasingCountsWhenAskedFor() throws {
        let expected = verticalEdge()
        let actual = verticalEdge(edgeColor: 0xFF80_8080)
        let diff = PerceptualDiff.compare(expected: expected, actual: actual, countAntiAliasing: true)
        #expect(diff.differingPixels == 10)
        #expect(diff.antiAliasedPixels == 0)
        let image = try #require(diff.image)
        #expect(image.pixels.filter { $0 == red }.count == 10)
        #expect(!image.pixels.contains(yellow))

        // Through the tolerance as `infowin diff --include-aa` uses it.
        let png = (try expected.pngData(), try actual.pngData())
        let plain = try ImageFileComparison(
            expected: png.0, actual: png.1, expectedName: "e.png", actualName: "a.png", tolerance: DiffTolerance())
        #expect(plain.passes)
        let counting = try ImageFileComparison(
            expected: png.0, actual: png.1, expectedName: "e.png", actualName: "a.png",
            tolerance: DiffTolerance(includeAntiAliasing: true))
        #expect(!counting.passes)
        #expect(counting.diff?.differingPixels == 10)
    }

    @Test func aRealChangeNextToAnEdgeIsStillCounted() {
        // Moving the edge 4 px: the changed columns are flat (or a hard edge) in both images, not anti-aliasing.
        let expected = verticalEdge(edge: 3)
        let actual = verticalEdge(edge: 7)
        let diff = PerceptualDiff.compare(expected: expected, actual: actual)
        #expect(diff.differingPixels == 40, "moving an edge by 4 px is a real change")
    }

    @Test func sizeMismatchIsExplainedAndHasNoImage() {
        let diff = PerceptualDiff.compare(expected: flat(4, 3, white), actual: flat(5, 3, white))
        let reason = diff.sizeMismatch ?? ""
        #expect(reason.contains("size"))
        #expect(reason.contains("4 × 3"))
        #expect(reason.contains("5 × 3"))
        #expect(diff.image == nil)
        #expect(!diff.isIdentical)
        #expect(!DiffTolerance(maxDiffPixels: 1_000, maxDiffRatio: 1).accepts(diff), "no tolerance accepts a size change")
    }

    @Test func anOpaqueWhitePixelTurningTransparentHasChanged() throws {
        let expected = flat(5, 5, white)
        let actual = setting(expected, x: 2, y: 2, to: 0x0000_0000)
        let diff = PerceptualDiff.compare(expected: expected, actual: actual)
        #expect(diff.differingPixels == 1)
        #expect(try #require(diff.image).pixels[12] == red)
    }

    @Test func anOpaqueBlackPixelTurningTransparentHasChanged() {
        let expected = flat(5, 5, black)
        let actual = setting(expected, x: 2, y: 2, to: 0x0000_0000)
        #expect(PerceptualDiff.compare(expected: expected, actual: actual).differingPixels == 1)
    }

    @Test func halfTransparentVersusOpaqueCounts() {
        let expected = flat(5, 5, white)
        // 50 % white, premultiplied.
        let actual = setting(expected, x: 1, y: 1, to: 0x8080_8080)
        #expect(PerceptualDiff.compare(expected: expected, actual: actual).differingPixels == 1)
    }

    @Test func withoutImageStillCounts() {
        let expected = flat(6, 6, white)
        let actual = setting(expected, x: 1, y: 1, to: black)
        let diff = PerceptualDiff.compare(expected: expected, actual: actual, withImage: false)
        #expect(diff.differingPixels == 1)
        #expect(diff.image == nil)
    }

    // MARK: DiffTolerance

    @Test func defaultToleranceAcceptsNoDifferingPixel() {
        let tolerance = DiffTolerance()
        #expect(tolerance.threshold == 0.1)
        #expect(!tolerance.includeAntiAliasing)
        #expect(tolerance.accepts(diffCounting(0, of: 100)))
        #expect(!tolerance.accepts(diffCounting(1, of: 100)))
    }

    @Test func maxDiffPixelsAllowsThatMany() {
        let tolerance = DiffTolerance(maxDiffPixels: 5)
        #expect(tolerance.accepts(diffCounting(5, of: 100)))
        #expect(!tolerance.accepts(diffCounting(6, of: 100)))
    }

    @Test func maxDiffRatioAllowsThatShare() {
        let tolerance = DiffTolerance(maxDiffRatio: 0.02)
        #expect(tolerance.accepts(diffCounting(20, of: 1_000)))
        #expect(!tolerance.accepts(diffCounting(21, of: 1_000)))
    }

    @Test func theLargerAllowanceWins() {
        // Ratio gives 10 of 100, pixels give 5: 10 allowed.
        let ratioLarger = DiffTolerance(maxDiffPixels: 5, maxDiffRatio: 0.1)
        #expect(ratioLarger.accepts(diffCounting(8, of: 100)))
        #expect(ratioLarger.accepts(diffCounting(10, of: 100)))
        #expect(!ratioLarger.accepts(diffCounting(11, of: 100)))
        // Pixels give 20, ratio gives 10: 20 allowed.
        let pixelsLarger = DiffTolerance(maxDiffPixels: 20, maxDiffRatio: 0.1)
        #expect(pixelsLarger.accepts(diffCounting(20, of: 100)))
        #expect(!pixelsLarger.accepts(diffCounting(21, of: 100)))
    }

    @Test func sizeMismatchIsNeverAccepted() {
        #expect(!DiffTolerance(maxDiffPixels: 10).accepts(diffCounting(0, of: 100, sizeMismatch: "the sizes differ")))
    }

    @Test func exactCountsEveryChangedPixel() {
        #expect(DiffTolerance.exact.threshold == 0)
        #expect(DiffTolerance.exact.countsAntiAliasing && !DiffTolerance.exact.isExplicit)
        #expect(DiffTolerance.exact.maxDiffPixels == nil && DiffTolerance.exact.maxDiffRatio == nil)
        #expect(DiffTolerance.exact.accepts(diffCounting(0, of: 100)))
        #expect(!DiffTolerance.exact.accepts(diffCounting(1, of: 100)))
        let expected = flat(10, 10, white)
        let actual = setting(expected, x: 0, y: 0, to: 0xFFFE_FFFF)
        let diff = PerceptualDiff.compare(
            expected: expected, actual: actual, threshold: DiffTolerance.exact.threshold,
            countAntiAliasing: DiffTolerance.exact.includeAntiAliasing)
        #expect(diff.differingPixels == 1)
        #expect(!DiffTolerance.exact.accepts(diff))
    }

    @Test func fileComparisonSummarySaysHowManyPixelsDiffer() throws {
        let expected = flat(10, 10, white)
        let actual = setting(setting(expected, x: 1, y: 1, to: black), x: 7, y: 7, to: black)
        let comparison = try ImageFileComparison(
            expected: try expected.pngData(), actual: try actual.pngData(), expectedName: "e.png", actualName: "a.png",
            tolerance: DiffTolerance())
        #expect(!comparison.passes)
        #expect(comparison.summary.contains("2 of 100 pixels differ"), "\(comparison.summary)")
        let same = try ImageFileComparison(
            expected: try expected.pngData(), actual: try expected.pngData(), expectedName: "e.png", actualName: "a.png",
            tolerance: DiffTolerance())
        #expect(same.passes)
    }

    @Test func fileComparisonRejectsBytesThatAreNotAPNG() throws {
        let png = try flat(2, 2, white).pngData()
        #expect(throws: InfoWinError.self) {
            try ImageFileComparison(
                expected: png, actual: Array("not a png".utf8), expectedName: "e.png", actualName: "a.png",
                tolerance: DiffTolerance())
        }
    }

    // MARK: PNGText

    @Test func pngTextEntriesRoundTripAndThePNGStillDecodes() throws {
        let image = verticalEdge()
        let png = try image.pngData()
        #expect(PNGText.entries(of: png).isEmpty)
        let entries = [
            PNGTextEntry(key: "infowin:version", value: "1.2.3"),
            PNGTextEntry(key: "Comment", value: "a longer text; with punctuation = and spaces"),
            PNGTextEntry(key: "empty", value: ""),
        ]
        let tagged = PNGText.adding(entries, to: png)
        #expect(tagged.count > png.count)
        #expect(PNGText.entries(of: tagged) == entries)
        let decoded = try #require(PixelImage(png: tagged))
        #expect(decoded == image)
    }

    @Test func aLongTextIsWrittenCompressedAndReadBack() throws {
        let png = try verticalEdge().pngData()
        let paths = (0..<2_000).map { "0123456789abcdef markers[\($0)].infoWindow.style.backgroundColor" }.joined(separator: "\n")
        let entries = [PNGTextEntry(key: "infowin:spec-keys", value: paths), PNGTextEntry(key: "infowin:version", value: "1.2.3")]
        let tagged = PNGText.adding(entries, to: png)
        #expect(PNGText.entries(of: tagged) == entries)
        #expect(tagged.count - png.count < paths.utf8.count / 5, "the key paths are kept compressed")
        #expect(String(decoding: tagged, as: UTF8.self).contains("zTXtinfowin:spec-keys"))
        #expect(String(decoding: tagged, as: UTF8.self).contains("tEXtinfowin:version"), "a short text stays plain")
    }

    @Test func aDamagedOrBombedCompressedTextIsLeftOut() throws {
        let png = try verticalEdge().pngData()
        let bomb = try #require(ZlibData.compressed([UInt8](repeating: 0x41, count: PNGText.inflatedLimit + 1)))
        let chunks: [(String, [UInt8])] = [
            ("bomb", Array("bomb".utf8) + [0, 0] + bomb),
            ("damaged", Array("damaged".utf8) + [0, 0] + [0x78, 0x9C, 0xFF, 0xFF, 0x00]),
            ("other method", Array("other method".utf8) + [0, 1] + bomb),
            ("cut short", Array("cut short".utf8) + [0]),
        ]
        for (name, data) in chunks {
            let forged = Array(png[..<33]) + pngChunk("zTXt", data) + Array(png[33...])
            #expect(PNGText.entries(of: forged).isEmpty, "\(name)")
            #expect(try PixelImage(png: forged) != nil, "\(name): the pixels still decode")
        }
    }

    /// A PNG chunk of `type` and `data`, its CRC right.
    private func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        let crc = CRC32.checksum(typeBytes + data)
        let big = { (value: UInt32) in [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        return big(UInt32(data.count)) + typeBytes + data + big(crc)
    }

    @Test func pngTextEntriesOfSomethingElseAreEmpty() {
        #expect(PNGText.entries(of: Array("hello, world, this is not a PNG at all".utf8)).isEmpty)
        #expect(PNGText.entries(of: []).isEmpty)
        #expect(PNGText.adding([PNGTextEntry(key: "k", value: "v")], to: [1, 2, 3]) == [1, 2, 3])
    }

    // MARK: Fingerprint

    private static let libraries = LibraryVersions(cairo: "1.18.0", pango: "1.52.1", harfbuzz: "8.3.0", freetype: "2.13.2")

    private static func fingerprint(
        infowin: String = "0.3.0", libraries: LibraryVersions = libraries, scale: Double = 2,
        fonts: [FontFileHash] = [
            FontFileHash(name: "DejaVuSans.ttf", hash: "0123456789abcdef"),
            FontFileHash(name: "DejaVuSans-Bold.ttf", hash: "fedcba9876543210"),
        ]
    ) -> Fingerprint {
        Fingerprint(infowin: infowin, libraries: libraries, scale: scale, fonts: fonts)
    }

    @Test func fingerprintRoundTripsThroughTextEntries() throws {
        let original = Self.fingerprint(scale: 1.5)
        let entries = original.textEntries
        #expect(entries.allSatisfy { $0.key.hasPrefix("infowin:") })
        let read = try #require(Fingerprint(entries: entries))
        #expect(read == original)
        #expect(read.differences(from: original).isEmpty)
    }

    @Test func fingerprintRoundTripsThroughAPNG() throws {
        let original = Self.fingerprint()
        let png = PNGText.adding(original.textEntries, to: try flat(3, 3, white).pngData())
        #expect(Fingerprint(entries: PNGText.entries(of: png)) == original)
    }

    @Test
    func fingerprintKeepsFontFileNamesWithSpaces() throws {
        let original = Self.fingerprint(fonts: [FontFileHash(name: "Noto Sans Bold.ttf", hash: "00112233aabbccdd")])
        #expect(Fingerprint(entries: original.textEntries) == original)
    }

    @Test func fingerprintWithoutEntriesIsNil() {
        #expect(Fingerprint(entries: []) == nil)
        #expect(Fingerprint(entries: [PNGTextEntry(key: "Software", value: "something else")]) == nil)
    }

    @Test func realRendersCarryTheirFingerprint() throws {
        let spec = try testSpec(testSpecJSON(markers: [testMarker("a", #", "title": "Fingerprint""#)], scale: 1))
        let (result, _) = try renderPinned(spec)
        let read = try #require(Fingerprint(entries: PNGText.entries(of: result.png)))
        #expect(read == result.fingerprint)
        #expect(read.scale == 1)
        #expect(!read.fonts.isEmpty)
    }

    @Test func fingerprintDifferencesNameTheChangedFont() {
        let golden = Self.fingerprint()
        var actual = golden
        actual.fonts[0] = FontFileHash(name: "DejaVuSans.ttf", hash: "1111111111111111")
        #expect(actual.differences(from: golden) == ["font DejaVuSans.ttf changed"])
    }

    @Test func fingerprintDifferencesNameNewAndGoneFonts() {
        let golden = Self.fingerprint()
        var actual = golden
        actual.fonts = [golden.fonts[0], FontFileHash(name: "NotoColorEmoji.ttf", hash: "2222222222222222")]
        let changes = actual.differences(from: golden)
        #expect(changes.contains("font NotoColorEmoji.ttf is used now but was not when the golden was made"))
        #expect(changes.contains("font DejaVuSans-Bold.ttf made the golden but is not used now"))
        #expect(changes.count == 2)
    }

    @Test func fingerprintDifferencesNameVersionsAndScale() {
        let golden = Self.fingerprint()
        let actual = Self.fingerprint(
            infowin: "0.4.0",
            libraries: LibraryVersions(cairo: "1.18.0", pango: "1.54.0", harfbuzz: "8.3.0", freetype: "2.13.3"), scale: 3)
        let changes = actual.differences(from: golden)
        #expect(changes.contains("infowin is 0.4.0; the golden was made with 0.3.0"))
        #expect(changes.contains("Pango is 1.54.0; the golden was made with 1.52.1"))
        #expect(changes.contains("FreeType is 2.13.3; the golden was made with 2.13.2"))
        #expect(changes.first == "rendered at scale 3; the golden is at 2")
        #expect(!changes.contains { $0.hasPrefix("Cairo") || $0.hasPrefix("HarfBuzz") }, "unchanged libraries are not named")
        #expect(changes.count == 4)
    }

    // MARK: LayoutChanges

    /// A layout report like the renderer's, with the parts the tests vary.
    private static func report(
        width: Int = 780, height: Int = 600, window: String? = nil, markers: [(id: String, x: Double)] = [("london", 363)]
    ) throws -> LayoutReport {
        let markerJSON = markers.map { marker in
            #"{"id": "\#(marker.id)", "icon": {"x": \#(marker.x), "y": 214, "width": 54, "height": 86}, "groundAnchor": {"x": 390, "y": 300}, "infoWindowAnchor": {"x": 390, "y": 214}}"#
        }.joined(separator: ", ")
        let text = """
            {"image": {"width": \(width), "height": \(height), "scale": 2},
             "markers": [\(markerJSON)],
             "infoWindow": \(window ?? "null"),
             "missingGlyphs": [], "warnings": []}
            """
        return LayoutReportReader.report(try JSONParser.parse(Array(text.utf8)).kind)
    }

    private static func window(
        marker: String = "london", x: Double = 303, y: Double = 111, width: Double = 174,
        titleLines: [String] = ["London", "Town"], snippet: String? = nil
    ) -> String {
        let lines = titleLines.map { "\"\($0)\"" }.joined(separator: ", ")
        let snippetJSON = snippet.map {
            #"{"lines": ["\#($0)"], "truncated": false, "frame": {"x": 327, "y": 170, "width": 100, "height": 20}}"#
        } ?? "null"
        return """
            {"marker": "\(marker)", "kind": "default",
             "frame": {"x": \(x), "y": \(y), "width": \(width), "height": 83},
             "tailTip": {"x": 390, "y": 214}, "clipped": [],
             "title": {"lines": [\(lines)], "truncated": false, "frame": {"x": 327, "y": 135, "width": 126, "height": 34.922}},
             "snippet": \(snippetJSON), "texts": []}
            """
    }

    @Test func equalReportsHaveNoChanges() throws {
        let report = try Self.report(window: Self.window())
        #expect(LayoutChanges.between(golden: report, actual: report).isEmpty)
        #expect(LayoutChanges.between(golden: try Self.report(), actual: try Self.report()).isEmpty)
    }

    @Test func titleLineChangeIsNamed() throws {
        let golden = try Self.report(window: Self.window(titleLines: ["London", "Town"]))
        let actual = try Self.report(window: Self.window(titleLines: ["London", "City"]))
        let changes = LayoutChanges.between(golden: golden, actual: actual)
        #expect(changes == [#"title line 2 changed from "Town" to "City""#])
    }

    @Test func windowFrameMoveIsNamedInPixels() throws {
        let golden = try Self.report(window: Self.window(x: 303))
        let actual = try Self.report(window: Self.window(x: 300))
        #expect(LayoutChanges.between(golden: golden, actual: actual) == ["window frame moved 3 px left"])
        let down = try Self.report(window: Self.window(x: 303.2, y: 113.5))
        #expect(LayoutChanges.between(golden: golden, actual: down) == ["window frame moved 2.5 px down"],
                "moves under half a pixel are not reported")
        let wider = try Self.report(window: Self.window(width: 180))
        #expect(LayoutChanges.between(golden: golden, actual: wider) == ["window frame is 6 px wider, growing to the right"])
    }

    @Test func titleChangeComesBeforeTheFrameChange() throws {
        let golden = try Self.report(window: Self.window(titleLines: ["London"]))
        let actual = try Self.report(window: Self.window(x: 300, titleLines: ["Londres"]))
        let changes = LayoutChanges.between(golden: golden, actual: actual)
        #expect(changes.first == #"title line 1 changed from "London" to "Londres""#)
        #expect(changes.contains("window frame moved 3 px left"))
    }

    @Test func newAndGoneMarkersAreNamed() throws {
        let golden = try Self.report(markers: [("london", 363), ("paris", 100)])
        let actual = try Self.report(markers: [("london", 363), ("berlin", 200)])
        let changes = LayoutChanges.between(golden: golden, actual: actual)
        #expect(changes.contains(#"marker "berlin" is new"#))
        #expect(changes.contains(#"marker "paris" is gone"#))
        #expect(changes.count == 2)
    }

    @Test func movedMarkerIconIsNamed() throws {
        let golden = try Self.report(markers: [("london", 363)])
        let actual = try Self.report(markers: [("london", 367)])
        #expect(LayoutChanges.between(golden: golden, actual: actual) == [#"marker "london" icon moved 4 px right"#])
    }

    @Test func windowNoLongerShownIsNamed() throws {
        let golden = try Self.report(window: Self.window())
        let actual = try Self.report(window: nil)
        #expect(LayoutChanges.between(golden: golden, actual: actual) == [#"the info window of "london" is no longer shown"#])
        let reverse = LayoutChanges.between(golden: actual, actual: golden)
        #expect(reverse.count == 1)
        #expect(reverse.first?.contains("info window is shown") == true)
    }

    @Test func snippetAppearingIsNamed() throws {
        let golden = try Self.report(window: Self.window())
        let actual = try Self.report(window: Self.window(snippet: "Population"))
        #expect(LayoutChanges.between(golden: golden, actual: actual) == ["the snippet is shown; the golden has none"])
    }

    @Test func imageSizeChangeIsNamedFirst() throws {
        let golden = try Self.report(window: Self.window())
        let actual = try Self.report(width: 390, height: 300, window: Self.window(x: 300))
        let changes = LayoutChanges.between(golden: golden, actual: actual)
        #expect(changes.first == "the image is 390 × 300 pixels; the golden is 780 × 600")
    }

    @Test func handMadeReportsWithMembersHelpers() {
        let read = { (json: JSONValue.Kind) in LayoutReportReader.report(json) }
        let frame: (Double) -> JSONValue.Kind = { x in
            .members(["x": .number(x), "y": .number(10), "width": .number(50), "height": .number(20)])
        }
        let window: (Double) -> JSONValue.Kind = { x in
            .members([
                "marker": .string("a"), "frame": frame(x), "clipped": .list([]),
                "title": .members(["lines": .list([.string("A")]), "truncated": .bool(false), "frame": frame(24)]),
                "snippet": .null, "texts": .list([]),
            ])
        }
        let report: (Double) -> LayoutReport = { x in
            read(.members([
                "image": .members(["width": .number(100), "height": .number(100)]),
                "markers": .list([]), "infoWindow": window(x), "missingGlyphs": .list([]),
            ]))
        }
        #expect(LayoutChanges.between(golden: report(20), actual: report(20)).isEmpty)
        #expect(LayoutChanges.between(golden: report(20), actual: report(23)) == ["window frame moved 3 px right"])
    }
}
