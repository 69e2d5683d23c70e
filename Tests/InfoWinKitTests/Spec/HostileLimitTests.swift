import Foundation
import Graphics
import InfoWinTestSupport
import Testing
@testable import InfoWinKit

// Library-level checks of the limits Documentation/security.md promises: JSON nesting, string length,
// numbers, text encoding, PNG header size, marker count, output size, view nesting and the text budget.
// Every test here is quick; the ones marked `.disabled("bug: …")` describe bugs found by hostile input.

// MARK: - Helpers (private: other test files share this module)

private let hostileSpecName = "hostile/spec.json"

/// A spec (as JSON text) of a 200 × 150 pt map with these markers and further top-level members.
private func hostileSpec(markers: [String] = [], width: String = "200", height: String = "150", scale: String = "1", _ rest: String = "") -> String {
    """
    {"version": 1, "map": {"width": \(width), "height": \(height), "scale": \(scale),
     "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 12}},
     "markers": [\(markers.joined(separator: ","))]\(rest)}
    """
}

private func hostileMarker(_ id: String, _ rest: String = "") -> String {
    #"{"id": "\#(id)", "position": {"latitude": 0, "longitude": 0}\#(rest)}"#
}

private func decodeHostile(_ bytes: [UInt8], folder: String = "/tmp") throws(InfoWinError) -> Spec {
    try SpecDecoder.decode(SpecSource(name: hostileSpecName, bytes: bytes, folder: folder))
}

private func decodeHostile(_ text: String, folder: String = "/tmp") throws(InfoWinError) -> Spec {
    try decodeHostile(Array(text.utf8), folder: folder)
}

/// The error decoding `bytes` gives; records a failure when it decodes.
private func hostileDecodeError(_ bytes: [UInt8], folder: String = "/tmp", sourceLocation: SourceLocation = #_sourceLocation) -> InfoWinError? {
    do {
        _ = try decodeHostile(bytes, folder: folder)
        Issue.record("expected the spec to be refused", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

private func hostileDecodeError(_ text: String, folder: String = "/tmp", sourceLocation: SourceLocation = #_sourceLocation) -> InfoWinError? {
    hostileDecodeError(Array(text.utf8), folder: folder, sourceLocation: sourceLocation)
}

/// The parser's error for `bytes`; records a failure when they parse.
private func hostileSyntaxError(
    _ bytes: [UInt8], maxStringBytes: Int = JSONParser.stringLimit, sourceLocation: SourceLocation = #_sourceLocation
) -> JSONSyntaxError? {
    do {
        _ = try JSONParser.parse(bytes, maxStringBytes: maxStringBytes)
        Issue.record("expected a syntax error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// Expects an invalid-value error at `path` whose message names the file and the path and contains `fragments`.
private func expectHostileInvalid(
    _ error: InfoWinError?, at path: String, _ fragments: String..., sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error else { return }
    guard case .invalid(let file, let errorPath, let message) = error else {
        Issue.record("expected an invalid-value error, got \(error)", sourceLocation: sourceLocation)
        return
    }
    #expect(file == hostileSpecName, sourceLocation: sourceLocation)
    #expect(errorPath.description == path, "path of: \(error.message)", sourceLocation: sourceLocation)
    #expect(error.message.hasPrefix("\(hostileSpecName): \(path): "), "\(error.message)", sourceLocation: sourceLocation)
    for fragment in fragments {
        #expect(message.contains(fragment), "message: \(message)", sourceLocation: sourceLocation)
    }
}

/// PNG bytes: a valid RGBA image of `width` × `height` pixels (stored deflate), whose IHDR may claim another size.
private func hostilePNG(width: Int, height: Int, claiming claimed: (width: Int, height: Int)? = nil) -> [UInt8] {
    PNG.solid(width: width, height: height, rgba: [0x10, 0x80, 0x40, 0xFF], claiming: claimed)
}

// MARK: - JSON

@Suite struct HostileLimitTests {
    @Test func aHundredThousandOpenBracketsAreRefusedAtTheDepthLimitWithoutRecursingDeeply() {
        for opener in ["[", "{\"a\":"] {
            let text = String(repeating: opener, count: 100_000)
            guard let error = hostileSyntaxError(Array(text.utf8)) else { continue }
            #expect(error.message.contains("deeper than 256"), "\(error.message)")
            #expect(error.line == 1)
        }
    }

    @Test func nestingOf256LevelsParsesAnd257IsRefused() throws {
        let ok = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        _ = try JSONParser.parse(Array(ok.utf8))
        let tooDeep = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
        let error = hostileSyntaxError(Array(tooDeep.utf8))
        #expect(error?.message.contains("deeper than 256") == true, "\(String(describing: error))")
    }

    @Test func theStringLimitCountsUTF8BytesAndNamesThePath() throws {
        #expect(JSONParser.stringLimit == 16 << 20)
        // 8 two-byte characters are 16 bytes: at the limit.
        _ = try JSONParser.parse(Array(#"{"title": "éééééééé"}"#.utf8), maxStringBytes: 16)
        let error = hostileSyntaxError(Array(#"{"markers": [{"title": "éééééééééé"}]}"#.utf8), maxStringBytes: 16)
        #expect(error?.path?.description == "markers[0].title", "\(String(describing: error))")
        #expect(error?.message.contains("16") == true, "\(String(describing: error))")
        // Keys count too.
        let keyError = hostileSyntaxError(Array(#"{"aaaaaaaaaaaaaaaaaaaaaaaaa": 1}"#.utf8), maxStringBytes: 16)
        #expect(keyError != nil)
    }

    @Test func aSpecStringOneByteOverSixteenMebibytesIsRefusedAtItsPath() {
        let long = String(repeating: "x", count: JSONParser.stringLimit + 1)
        let error = hostileDecodeError(hostileSpec(markers: [hostileMarker("m", #", "title": "\#(long)""#)]))
        guard case .syntax(let file, _, _, let path, let message)? = error else {
            Issue.record("expected a syntax error, got \(String(describing: error))")
            return
        }
        #expect(file == hostileSpecName)
        #expect(path?.description == "markers[0].title")
        #expect(message.contains("16777216"), "\(message)")
    }

    @Test(arguments: ["1e999", "-1e999", "1e99999999999999999999", "1" + String(repeating: "0", count: 400)])
    func numbersThatAreNotFiniteAreRefusedAtTheirPath(literal: String) {
        let error = hostileDecodeError(hostileSpec(width: literal))
        guard case .syntax(_, _, _, let path, let message)? = error else {
            Issue.record("expected a syntax error, got \(String(describing: error))")
            return
        }
        #expect(path?.description == "map.width")
        #expect(message.contains("finite"), "\(message)")
    }

    @Test(arguments: ["NaN", "Infinity", "-Infinity", "+1", "0x10", "01"])
    func numberSpellingsJSONDoesNotHaveAreSyntaxErrors(literal: String) {
        let error = hostileDecodeError(hostileSpec(width: literal))
        guard case .syntax(let file, let line, let column, _, _)? = error else {
            Issue.record("expected a syntax error, got \(String(describing: error))")
            return
        }
        #expect(file == hostileSpecName)
        #expect(line >= 1 && column >= 1)
    }

    @Test func textThatIsNotUTF8IsRefusedInValuesAndKeys() {
        let prefix = Array(#"{"markers": [{"title": "ab"#.utf8)
        for bad: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF8, 0x88, 0x80, 0x80, 0x80]] {
            let error = hostileSyntaxError(prefix + bad + Array(#"cd"}]}"#.utf8))
            #expect(error?.message.contains("UTF-8") == true, "\(String(describing: error))")
            #expect(error?.path?.description == "markers[0].title", "\(String(describing: error))")
        }
        let keyError = hostileSyntaxError(Array(#"{"userData": {"k"#.utf8) + [0xC3] + Array(#"": 1}}"#.utf8))
        #expect(keyError?.message.contains("UTF-8") == true, "\(String(describing: keyError))")
    }

    @Test(arguments: [#"\ud800"#, #"\udc00"#, #"\ud800\ud800"#, #"\ud800x"#])
    func loneSurrogateEscapesAreRefused(escape: String) {
        let error = hostileSyntaxError(Array(#"{"title": "a\#(escape)b"}"#.utf8))
        #expect(error?.message.contains("surrogate") == true, "\(String(describing: error))")
    }

    @Test func aRawControlCharacterInAStringIsRefusedButAnEscapedNULIsText() throws {
        for byte: UInt8 in [0x00, 0x01, 0x09, 0x0A, 0x1F] {
            let error = hostileSyntaxError(Array(#"{"title": "a"#.utf8) + [byte] + Array(#"b"}"#.utf8))
            #expect(error?.message.contains("control character") == true, "\(String(describing: error))")
        }
        let value = try JSONParser.parse(Array(#"{"title": "a\u0000b"}"#.utf8))
        guard case .object(let members) = value.kind, case .string(let text) = members.first?.value.kind else {
            Issue.record("expected an object with a string")
            return
        }
        #expect(Array(text.unicodeScalars).map(\.value) == [0x61, 0, 0x62])
    }

    @Test(arguments: [
        (#"{"version": 1, "version": 1}"#, "version"),
        (#"{"map": {"camera": {"target": {"latitude": 0, "latitude": 1}}}}"#, "map.camera.target.latitude"),
        (#"{"markers": [{"userData": {"a": 1, "a": 2}}]}"#, "markers[0].userData.a"),
        (#"{"markers": [{"title": "x", "\u0074itle": "y"}]}"#, "markers[0].title"),
        (#"{"events": [{"tapMap": {"x": 1, "y": 2, "x": 3}}]}"#, "events[0].tapMap.x"),
    ])
    func duplicateKeysAreRefusedAtEveryLevelWithTheirPath(text: String, path: String) {
        let error = hostileSyntaxError(Array(text.utf8))
        #expect(error?.message.contains("duplicate key") == true, "\(String(describing: error))")
        #expect(error?.path?.description == path, "\(String(describing: error))")
    }

    @Test func aByteOrderMarkIsSkippedAndABOMOnlyFileIsEmpty() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        _ = try decodeHostile(bom + Array(hostileSpec().utf8))
        guard case .syntax(_, _, _, _, let message)? = hostileDecodeError(bom) else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(message.contains("empty"))
    }

    // MARK: - Spec limits

    @Test func tenThousandMarkersAreAcceptedAndTenThousandAndOneRefused() throws {
        let markers = (0..<10_000).map { hostileMarker("m\($0)") }
        let spec = try decodeHostile(hostileSpec(markers: markers))
        #expect(spec.markers.count == 10_000)
        let error = hostileDecodeError(hostileSpec(markers: markers + [hostileMarker("extra")]))
        expectHostileInvalid(error, at: "markers", "10001", "10000")
    }

    @Test func anOutputOver8192By8192PixelsIsRefusedBeforeAnythingIsDrawn() throws {
        expectHostileInvalid(
            hostileDecodeError(hostileSpec(width: "4096", height: "4096", scale: "4")), at: "map.scale",
            "16384 × 16384", "67,108,864")
        _ = try decodeHostile(hostileSpec(width: "4096", height: "4096", scale: "2"))
        // The renderer checks again with a scale given at render time (the CLI's --scale).
        let spec = try decodeHostile(hostileSpec(width: "4096", height: "4096", scale: "1"))
        do {
            _ = try Renderer().render(spec, options: RenderOptions(scale: 4))
            Issue.record("expected the render to be refused")
        } catch {
            #expect(error.message.contains("67,108,864"), "\(error.message)")
        }
    }

    @Test(arguments: [
        ("width", "0"), ("width", "-5"), ("width", "0.4"), ("width", "4097"), ("height", "1e300"),
    ])
    func mapSizesOutsideOneTo4096AreRefused(key: String, value: String) {
        let text = key == "width" ? hostileSpec(width: value) : hostileSpec(height: value)
        expectHostileInvalid(hostileDecodeError(text), at: "map.\(key)", "1 to 4096")
    }

    @Test func viewsNestAtMost32Deep() throws {
        func nested(_ depth: Int) -> String {
            var view = #"{"text": "x"}"#
            for _ in 0..<depth { view = #"{"vstack": [\#(view)]}"# }
            return view
        }
        _ = try decodeHostile(hostileSpec(markers: [hostileMarker("m", #", "infoWindow": {"window": \#(nested(31))}"#)]))
        let error = hostileDecodeError(hostileSpec(markers: [hostileMarker("m", #", "infoWindow": {"window": \#(nested(33))}"#)]))
        guard case .invalid(_, let path, let message)? = error else {
            Issue.record("expected an invalid-value error, got \(String(describing: error))")
            return
        }
        #expect(path.description.hasPrefix("markers[0].infoWindow.window.vstack[0]"))
        #expect(message.contains("32"), "\(message)")
    }

    @Test func userDataNestsAtMost16DeepAndHoldsAtMostTenThousandValues() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: #"{"a": "#, count: depth) + "1" + String(repeating: "}", count: depth)
        }
        _ = try decodeHostile(hostileSpec(markers: [hostileMarker("m", #", "userData": {"k": \#(nested(15))}"#)]))
        let deep = hostileDecodeError(hostileSpec(markers: [hostileMarker("m", #", "userData": {"k": \#(nested(200))}"#)]))
        guard case .invalid(_, let path, let message)? = deep else {
            Issue.record("expected an invalid-value error, got \(String(describing: deep))")
            return
        }
        #expect(path.description.hasPrefix("markers[0].userData.k.a") && message.contains("16 levels"), "\(path): \(message)")
        // 100 arrays of 1,000 values each: refused at the value that passes 10,000, before the rest is read.
        let wide = "{" + (0..<100).map { #""k\#($0)": [\#(Array(repeating: "0", count: 1000).joined(separator: ","))]"# }.joined(separator: ",") + "}"
        let many = hostileDecodeError(hostileSpec(markers: [hostileMarker("m", #", "userData": \#(wide)"#)]))
        #expect(many?.message.contains("more than 10,000 values") == true, "\(String(describing: many))")
    }

    @Test func aDataDrivenValueFilledWithAHugeTextIsRefusedAsItsTypeNotStored() throws {
        let huge = String(repeating: "9", count: 400)
        let error = hostileDecodeError(hostileSpec(markers: [hostileMarker("m", #", "userData": {"n": "\#(huge)"}, "infoWindow": {"window": {"text": "x", "opacity": "{{userData.n}}"}}"#)]))
        #expect(error?.message.contains("filled as '999") == true && error?.message.contains("expected a number from 0 to 1") == true, "\(String(describing: error))")
    }

    // MARK: - PNG

    @Test func aPNGWhoseHeaderClaims100000By100000IsRefusedFromTheHeaderAlone() throws {
        let bytes = hostilePNG(width: 1, height: 1, claiming: (100_000, 100_000))
        #expect(PNGHeader(bytes: bytes)?.width == 100_000)
        let folder = try TemporaryFolder()
        try folder.write(bytes, to: "icon.png")
        let error = hostileDecodeError(hostileSpec(markers: [hostileMarker("m", #", "icon": "icon.png""#)]), folder: folder.url.path)
        expectHostileInvalid(error, at: "markers[0].icon", "100000 × 100000", "4096 × 4096")
    }

    @Test func pngHeadersOfZeroOrMissingSizeAreNotPNGs() {
        #expect(PNGHeader(bytes: []) == nil)
        #expect(PNGHeader(bytes: hostilePNG(width: 1, height: 1, claiming: (0, 0))) == nil)
        #expect(PNGHeader(bytes: Array(hostilePNG(width: 1, height: 1).prefix(20))) == nil)
        #expect(PNGHeader(bytes: hostilePNG(width: 2, height: 3)) != nil)
    }

    @Test func aTruncatedIconIsRefusedWhenTheSceneIsBuiltNotDrawnHalfWay() throws {
        let folder = try TemporaryFolder()
        try folder.write(Array(hostilePNG(width: 8, height: 8).dropLast(20)), to: "icon.png")
        let spec = try decodeHostile(hostileSpec(markers: [hostileMarker("m", #", "icon": "icon.png""#)]), folder: folder.url.path)
        do {
            _ = try Renderer().render(spec)
            Issue.record("expected the render to fail")
        } catch {
            expectHostileInvalid(error, at: "markers[0].icon", "damaged or truncated")
        }
    }

    // MARK: - Text budget

    @Test func tenThousandIconViewsOfLongTextAreRefusedByTheTextBudget() throws {
        let title = String(repeating: "word ", count: 60)
        let markers = (0..<10_000).map {
            hostileMarker("m\($0)", #", "title": "\#(title)", "iconView": {"text": "{{title}}", "font": {"size": 10}, "maxLines": 3}"#)
        }
        let spec = try decodeHostile(hostileSpec(markers: markers))
        do {
            _ = try Renderer().render(spec)
            Issue.record("expected the text budget to refuse the render")
        } catch {
            guard case .invalid(let file, _, let message) = error else {
                Issue.record("expected an invalid-value error, got \(error)")
                return
            }
            #expect(file == hostileSpecName)
            #expect(message.contains("300,000 characters"), "\(message)")
        }
    }

    @Test func aFiveMegabyteSnippetIsCutBeforeShapingAndStillRenders() throws {
        let snippet = String(repeating: "lorem ipsum ", count: 5_000_000 / 12)
        let spec = try decodeHostile(hostileSpec(
            markers: [hostileMarker("m", #", "title": "T", "snippet": "\#(snippet)""#)], #", "selectedMarker": "m""#))
        let result = try Renderer().render(spec)
        #expect(PNGHeader(bytes: result.png)?.width == 200)
    }

    // MARK: - Bugs

    @Test
    func markersNamingTheSameIconShareOneCopyOfItsBytes() throws {
        let folder = try TemporaryFolder()
        try folder.write(hostilePNG(width: 4, height: 4), to: "icon.png")
        let markers = (0..<3).map { hostileMarker("m\($0)", #", "icon": "icon.png""#) }
        let spec = try decodeHostile(hostileSpec(markers: markers), folder: folder.url.path)
        let addresses: [UInt?] = spec.markers.map { marker in
            guard case .image(_, let bytes, _, _) = marker.icon else { return nil }
            return bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        }
        #expect(addresses.allSatisfy { $0 != nil })
        #expect(Set(addresses).count == 1, "each marker holds its own copy of icon.png")
    }

    @Test
    func syntaxErrorsInsideAValueNameItsPath() {
        for text in [#"{"map": {"width": NaN}}"#, #"{"map": {"width": "\ud800"}}"#, #"{"map": {"width": "\x"}}"#] {
            let error = hostileSyntaxError(Array(text.utf8))
            #expect(error?.path?.description == "map.width", "\(text): \(String(describing: error))")
        }
    }
}
