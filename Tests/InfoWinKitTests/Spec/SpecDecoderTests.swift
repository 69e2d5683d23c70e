import Foundation
import InfoWinTestSupport
import Graphics
import Testing
@testable import InfoWinKit

// MARK: - Helpers (all private: other test files share this module)

/// The file name every spec in these tests is decoded under; each error message must name it.
private let specName = "specs/test-spec.json"

private let minimalMap = #"{"width": 390, "height": 300, "camera": {"target": {"latitude": 51.5, "longitude": -0.127}, "zoom": 12}}"#

/// A spec with `map` and further top-level members (`rest` starts with a comma when given).
private func spec(map: String = minimalMap, _ rest: String = "") -> String {
    #"{"map": \#(map)\#(rest)}"#
}

/// A marker with an id, a position and further members (`rest` starts with a comma when given).
private func marker(_ id: String = "a", _ rest: String = "") -> String {
    #"{"id": "\#(id)", "position": {"latitude": 1, "longitude": 2}\#(rest)}"#
}

/// A spec with these markers and further top-level members.
private func spec(markers: [String], _ rest: String = "") -> String {
    spec(#", "markers": [\#(markers.joined(separator: ", "))]\#(rest)"#)
}

/// A map with a camera and these members in place of width and height.
private func map(_ members: String) -> String {
    #"{\#(members), "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1}}"#
}

private func decode(_ json: String, folder: String = "/tmp", assetRoot: String? = nil, assetRoots: [String] = []) throws(InfoWinError) -> Spec {
    try SpecDecoder.decode(SpecSource(name: specName, bytes: Array(json.utf8), folder: folder), assetRoots: (assetRoot.map { [$0] } ?? []) + assetRoots)
}

/// The error decoding `json` gives, or nil (recorded as a failure) when it decodes.
private func decodeError(
    _ json: String, folder: String = "/tmp", assetRoot: String? = nil, assetRoots: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) -> InfoWinError? {
    do {
        _ = try decode(json, folder: folder, assetRoot: assetRoot, assetRoots: assetRoots)
        Issue.record("expected the spec to be refused", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// Expects `json` to be refused as invalid at the JSON path `path`, with a message that starts with the file name
/// and the path and contains every one of `fragments`.
private func expectInvalid(
    _ json: String, at path: String, _ fragments: String..., folder: String = "/tmp", assetRoot: String? = nil,
    assetRoots: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error = decodeError(json, folder: folder, assetRoot: assetRoot, assetRoots: assetRoots, sourceLocation: sourceLocation) else { return }
    guard case .invalid(let file, let errorPath, _) = error else {
        Issue.record("expected an invalid-value error, got \(error)", sourceLocation: sourceLocation)
        return
    }
    #expect(file == specName, sourceLocation: sourceLocation)
    #expect(errorPath.description == path, "message: \(error.message)", sourceLocation: sourceLocation)
    #expect(error.message.hasPrefix("\(specName): \(path): "), "message: \(error.message)", sourceLocation: sourceLocation)
    for fragment in fragments {
        #expect(error.message.contains(fragment), "message: \(error.message)", sourceLocation: sourceLocation)
    }
}

/// An opaque colour from 8-bit channels, computed the way the spec's hex colours are.
private func rgba(_ red: Int, _ green: Int, _ blue: Int, _ alpha: Int = 255) -> RGBA {
    RGBA(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: Double(alpha) / 255)
}

/// One invalid spec: what it is, and the path and message fragment its error must have.
struct InvalidSpecCase: Sendable, CustomTestStringConvertible {
    let what: String
    let json: String
    let path: String
    let fragment: String

    var testDescription: String { what }

    init(_ what: String, _ json: String, at path: String, _ fragment: String) {
        self.what = what
        self.json = json
        self.path = path
        self.fragment = fragment
    }
}

/// A real PNG file (RGBA, 8 bits, no compression), small enough to build here.
private func makePNG(width: Int, height: Int) -> [UInt8] {
    PNG.solid(width: width, height: height, rgba: [0xEA, 0x43, 0x35, 0xFF])
}

/// A fresh folder under /tmp, deleted when the test is done.
private final class SpecTestFolder {
    /// The folder's real absolute path.
    let path: String

    init() throws {
        var template = Array("/tmp/infowin-spec-tests-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }
        let folder = try #require(made)
        path = try #require(FileSystem.realPath(folder))
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The absolute path of `relative`.
    func at(_ relative: String) -> String {
        path + "/" + relative
    }

    /// Writes a file, making its folders.
    @discardableResult
    func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
        let file = at(relative)
        try FileManager.default.createDirectory(atPath: Path.folder(of: file), withIntermediateDirectories: true)
        try #require(FileManager.default.createFile(atPath: file, contents: Data(bytes)))
        return file
    }

    /// Makes a folder and its parents.
    @discardableResult
    func makeFolder(_ relative: String) throws -> String {
        try FileManager.default.createDirectory(atPath: at(relative), withIntermediateDirectories: true)
        return at(relative)
    }

    /// Makes a symbolic link at `relative` pointing to `target` (written as given).
    func link(_ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: at(relative), withDestinationPath: target)
    }
}

private let png = makePNG(width: 4, height: 6)

/// Decodes a spec whose only marker has `icon` (a JSON value), from `folder`.
private func decodeIcon(_ icon: String, folder: String, assetRoot: String? = nil) throws(InfoWinError) -> IconSpec {
    let decoded = try decode(spec(markers: [marker("a", #", "icon": \#(icon)"#)]), folder: folder, assetRoot: assetRoot)
    return decoded.markers[0].icon
}

/// Expects `icon` to be an image read from `file` with this scale and source path.
private func expectImage(
    _ icon: IconSpec, file: String, scale: Double, source: String = "markers[0].icon", sourceLocation: SourceLocation = #_sourceLocation
) {
    guard case .image(let actualFile, let bytes, let actualScale, let actualSource) = icon else {
        Issue.record("expected an image icon, got \(icon)", sourceLocation: sourceLocation)
        return
    }
    #expect(actualFile == file, sourceLocation: sourceLocation)
    #expect(bytes == png, sourceLocation: sourceLocation)
    #expect(actualScale == scale, sourceLocation: sourceLocation)
    #expect(actualSource.description == source, sourceLocation: sourceLocation)
}

// MARK: - Defaults

@Suite struct SpecDecoderTests {
    @Test func minimalSpecGetsEveryTopLevelDefault() throws {
        let decoded = try decode(spec())
        #expect(decoded.file == specName)
        #expect(decoded.map.width == 390)
        #expect(decoded.map.height == 300)
        #expect(decoded.map.scale == 1)
        #expect(decoded.map.camera.target == Coordinate(latitude: 51.5, longitude: -0.127))
        #expect(decoded.map.camera.zoom == 12)
        #expect(decoded.map.camera.bearing == 0)
        #expect(decoded.map.background == rgba(0xE9, 0xE5, 0xDC))
        #expect(decoded.fonts == FontSetup(files: [], hermetic: false))
        #expect(decoded.markers.isEmpty)
        #expect(decoded.selectedMarker == nil)
    }

    @Test func minimalSpecGetsEveryDefaultOfTheInfoWindowStyle() throws {
        let style = try decode(spec()).infoWindow.style
        #expect(style.maxWidth == 250)
        #expect(style.padding == 12)
        #expect(style.minWidth == 52)
        #expect(style.cornerRadius == 1)
        #expect(style.background == rgba(0xFF, 0xFF, 0xFF))
        #expect(style.tail?.width == 11.3)
        #expect(style.tail?.height == 5.7)
        #expect(style.shadow?.color == rgba(0, 0, 0, 0xA1))
        #expect(style.shadow?.blur == 4.4)
        #expect(style.shadow?.offsetX == 0)
        #expect(style.shadow?.offsetY == 0.6)
        #expect(style.shadow?.spread == 0)
        #expect(style.titleFont == TextStyle(family: "Inter", size: 15, weight: 700, italic: false))
        #expect(style.titleColor == rgba(0x20, 0x21, 0x24))
        #expect(style.titleMaxLines == 2)
        #expect(style.snippetFont == TextStyle(family: "Inter", size: 13, weight: 400, italic: false))
        #expect(style.snippetColor == rgba(0x5F, 0x63, 0x68))
        #expect(style.snippetMaxLines == 5)
        #expect(style.textAlign == .start)
        #expect(style.closeButton == nil)
    }

    @Test func minimalMarkerGetsEveryDefault() throws {
        let decoded = try decode(spec(markers: [marker("london")]))
        let only = try #require(decoded.markers.first)
        #expect(only.id == "london")
        #expect(only.position == Coordinate(latitude: 1, longitude: 2))
        #expect(only.title == nil)
        #expect(only.snippet == nil)
        guard case .pin(let color) = only.icon else {
            Issue.record("expected the default pin, got \(only.icon)")
            return
        }
        #expect(color == rgba(0xEA, 0x43, 0x35))
        #expect(only.groundAnchor == UnitPoint(x: 0.5, y: 1))
        #expect(only.infoWindowAnchor == UnitPoint(x: 0.5, y: 0))
        #expect(only.rotation == 0)
        #expect(only.flat == false)
        #expect(only.opacity == 1)
        #expect(only.zIndex == 0)
        #expect(only.tracksInfoWindowChanges == false)
        #expect(only.userData.isEmpty)
        #expect(only.infoWindow == nil)
        #expect(decoded.selectedMarker == nil)
    }

    @Test func nullOptionalValuesTakeTheirDefaults() throws {
        let decoded = try decode(
            spec(
                markers: [
                    marker("a", #", "title": null, "snippet": null, "icon": null, "opacity": null, "zIndex": null, "userData": null, "infoWindow": null"#)
                ],
                #", "version": null, "fonts": null, "hermeticFonts": null, "infoWindow": null, "selectedMarker": null"#))
        let only = try #require(decoded.markers.first)
        #expect(only.title == nil)
        #expect(only.opacity == 1)
        #expect(only.zIndex == 0)
        #expect(only.infoWindow == nil)
        guard case .pin(let color) = only.icon else {
            Issue.record("expected the default pin")
            return
        }
        #expect(color == rgba(0xEA, 0x43, 0x35))
        #expect(decoded.selectedMarker == nil)
        #expect(decoded.infoWindow.style.maxWidth == 250)
    }

    @Test func theExampleOfTheSpecDecodes() throws {
        let json = #"""
            {
              "version": 1,
              "map": {
                "width": 390, "height": 300, "scale": 2,
                "camera": { "target": { "latitude": 51.5, "longitude": -0.127 }, "zoom": 12, "bearing": 0 },
                "background": "#E9E5DC"
              },
              "infoWindow": { "style": { "maxWidth": 250 } },
              "markers": [
                { "id": "london", "position": { "latitude": 51.5, "longitude": -0.127 },
                  "title": "London", "snippet": "Population: 8,174,100" }
              ],
              "selectedMarker": "london"
            }
            """#
        let decoded = try decode(json)
        #expect(decoded.map.scale == 2)
        #expect(decoded.markers.map(\.id) == ["london"])
        #expect(decoded.markers[0].title == "London")
        #expect(decoded.markers[0].snippet == "Population: 8,174,100")
        #expect(decoded.selectedMarker == "london")
    }

    @Test func everyMapValueGivenIsKept() throws {
        let decoded = try decode(
            spec(map: ##"{"width": 4096, "height": 1, "scale": 1.5, "background": "#102030", "camera": {"target": {"latitude": -90, "longitude": 180}, "zoom": 22, "bearing": -45.5}}"##))
        #expect(decoded.map.width == 4096)
        #expect(decoded.map.height == 1)
        #expect(decoded.map.scale == 1.5)
        #expect(decoded.map.background == rgba(0x10, 0x20, 0x30))
        #expect(decoded.map.camera.target == Coordinate(latitude: -90, longitude: 180))
        #expect(decoded.map.camera.zoom == 22)
        #expect(decoded.map.camera.bearing == -45.5)
    }

    @Test func everyMarkerValueGivenIsKept() throws {
        let full = marker(
            "full",
            ##", "title": "T", "snippet": "<b>S</b>", "icon": {"color": "#00F"}, "groundAnchor": {"x": 0, "y": 0.25}, "infoWindowAnchor": {"x": 1, "y": 0.75}, "rotation": 370, "flat": true, "opacity": 0, "zIndex": -7, "tracksInfoWindowChanges": true, "userData": {"k": "v"}, "infoWindow": {"style": {"padding": 3}}"##
        )
        let decoded = try decode(spec(markers: [full], #", "selectedMarker": "full""#))
        let only = try #require(decoded.markers.first)
        #expect(only.title == "T")
        #expect(only.snippet == "<b>S</b>")
        guard case .pin(let color) = only.icon else {
            Issue.record("expected a tinted pin")
            return
        }
        #expect(color == rgba(0, 0, 0xFF))
        #expect(only.groundAnchor == UnitPoint(x: 0, y: 0.25))
        #expect(only.infoWindowAnchor == UnitPoint(x: 1, y: 0.75))
        #expect(only.rotation == 370)
        #expect(only.flat)
        #expect(only.opacity == 0)
        #expect(only.zIndex == -7)
        #expect(only.tracksInfoWindowChanges)
        #expect(only.userData == [UserDataEntry(key: "k", text: "v")])
        #expect(only.infoWindow?.style.padding == 3)
        #expect(decoded.selectedMarker == "full")
    }

    @Test func markersKeepInputOrder() throws {
        let decoded = try decode(spec(markers: [marker("c"), marker("a"), marker("b")], #", "selectedMarker": "a""#))
        #expect(decoded.markers.map(\.id) == ["c", "a", "b"])
        #expect(decoded.selectedMarker == "a")
    }

    @Test func fontsResolveToRealPathsAndHermeticFontsIsKept() throws {
        let folder = try SpecTestFolder()
        try folder.write("fonts/Inter.ttf", [0, 1, 0, 0])
        try folder.write("Other.otf", [0, 1, 0, 0])
        let decoded = try decode(spec(#", "fonts": ["fonts/Inter.ttf", "./fonts/../Other.otf"], "hermeticFonts": true"#), folder: folder.path)
        #expect(decoded.fonts == FontSetup(files: [folder.at("fonts/Inter.ttf"), folder.at("Other.otf")], hermetic: true))
    }
}

// MARK: - Colours

extension SpecDecoderTests {
    @Suite struct Colours {
        @Test(arguments: [
            ("#ABC", rgba(0xAA, 0xBB, 0xCC)),
            ("#000", rgba(0, 0, 0)),
            ("#fff", rgba(0xFF, 0xFF, 0xFF)),
            ("#E9E5DC", rgba(0xE9, 0xE5, 0xDC)),
            ("#a1B2c3", rgba(0xA1, 0xB2, 0xC3)),
            ("#0000004D", rgba(0, 0, 0, 0x4D)),
            ("#12345678", rgba(0x12, 0x34, 0x56, 0x78)),
            ("#FFFFFF00", rgba(0xFF, 0xFF, 0xFF, 0)),
        ])
        func hexColoursDecodeToTheRightRGBA(text: String, expected: RGBA) throws {
            #expect(try decode(spec(map: map(#""width": 10, "height": 10, "background": "\#(text)""#))).map.background == expected)
        }

        @Test(arguments: ["reddish-brown", "#12345", "#1234", "#1234567", "#123456789", "123456", "#GGGGGG", "#", "", "# 12345", "#+12345", "#-1-2-3"])
        func malformedColoursAreErrors(text: String) {
            expectInvalid(
                spec(map: map(#""width": 10, "height": 10, "background": "\#(text)""#)), at: "map.background",
                "expected a colour (#RRGGBB, #RRGGBBAA, rgb(…), a semantic colour name such as label or systemBlue, or a CSS colour name such as teal)")
        }

        @Test func aColourMustBeAString() {
            expectInvalid(spec(#", "infoWindow": {"style": {"titleColor": 16777215}}"#), at: "infoWindow.style.titleColor", "got 16777215")
        }
    }
}

// MARK: - Info-window styles

extension SpecDecoderTests {
    @Suite struct Styles {
        @Test func topLevelStyleChangesOnlyTheKeysItGives() throws {
            let style = try decode(spec(##", "infoWindow": {"style": {"maxWidth": 180, "titleColor": "#FF0000", "snippetMaxLines": 3}}"##))
                .infoWindow.style
            #expect(style.maxWidth == 180)
            #expect(style.titleColor == rgba(0xFF, 0, 0))
            #expect(style.snippetMaxLines == 3)
            #expect(style.padding == 12)
            #expect(style.cornerRadius == 1)
            #expect(style.titleMaxLines == 2)
            #expect(style.tail?.width == 11.3)
            #expect(style.shadow?.blur == 4.4)
            #expect(style.titleFont == TextStyle(family: "Inter", size: 15, weight: 700))
        }

        @Test func everyStyleKeyIsRead() throws {
            let json = spec(
                ##", "infoWindow": {"style": {"maxWidth": 300, "padding": 0, "cornerRadius": 20, "background": "#FFFFE0", "tail": {"width": 30, "height": 0}, "shadow": {"color": "#FF000080", "blur": 10, "offsetX": -2, "offsetY": 3}, "titleFont": {"family": "Noto Serif", "size": 20, "weight": 600, "style": "italic"}, "titleColor": "#111", "titleMaxLines": 1, "snippetFont": {"family": "DejaVu Sans Mono", "size": 9.5, "weight": "bold", "style": "normal"}, "snippetColor": "#222", "snippetMaxLines": 1000}}"##
            )
            let style = try decode(json).infoWindow.style
            #expect(style.maxWidth == 300)
            #expect(style.padding == 0)
            #expect(style.cornerRadius == 20)
            #expect(style.background == rgba(0xFF, 0xFF, 0xE0))
            #expect(style.tail?.width == 30)
            #expect(style.tail?.height == 0)
            #expect(style.shadow?.color == rgba(0xFF, 0, 0, 0x80))
            #expect(style.shadow?.blur == 10)
            #expect(style.shadow?.offsetX == -2)
            #expect(style.shadow?.offsetY == 3)
            #expect(style.titleFont == TextStyle(family: "Noto Serif", size: 20, weight: 600, italic: true))
            #expect(style.titleColor == rgba(0x11, 0x11, 0x11))
            #expect(style.titleMaxLines == 1)
            #expect(style.snippetFont == TextStyle(family: "DejaVu Sans Mono", size: 9.5, weight: 700, italic: false))
            #expect(style.snippetColor == rgba(0x22, 0x22, 0x22))
            #expect(style.snippetMaxLines == 1000)
        }

        @Test func markerStyleInheritsTheTopLevelStyleForKeysItLeavesOut() throws {
            let decoded = try decode(
                spec(
                    markers: [marker("a", ##", "infoWindow": {"style": {"titleColor": "#00FF00", "padding": 4}}"##)],
                    #", "infoWindow": {"style": {"maxWidth": 120, "padding": 20, "cornerRadius": 0, "tail": null}}"#))
            let own = try #require(decoded.markers[0].infoWindow?.style)
            #expect(own.titleColor == rgba(0, 0xFF, 0))
            #expect(own.padding == 4)
            #expect(own.maxWidth == 120, "inherited from the top-level style")
            #expect(own.cornerRadius == 0, "inherited from the top-level style")
            #expect(own.tail == nil, "inherited from the top-level style")
            #expect(own.snippetMaxLines == 5, "default")
            #expect(decoded.infoWindow.style.padding == 20, "the top-level style is unchanged")
            #expect(decoded.infoWindow.style.titleColor == rgba(0x20, 0x21, 0x24))
        }

        @Test func markerInfoWindowWithoutStyleUsesTheTopLevelStyle() throws {
            let decoded = try decode(spec(markers: [marker("a", #", "infoWindow": {}"#)], #", "infoWindow": {"style": {"maxWidth": 99}}"#))
            #expect(decoded.markers[0].infoWindow?.style.maxWidth == 99)
        }

        @Test func fontWithOnlySizeKeepsTheDefaultFamilyAndWeight() throws {
            let style = try decode(spec(#", "infoWindow": {"style": {"titleFont": {"size": 20}, "snippetFont": {"size": 11}}}"#)).infoWindow.style
            #expect(style.titleFont == TextStyle(family: "Inter", size: 20, weight: 700, italic: false))
            #expect(style.snippetFont == TextStyle(family: "Inter", size: 11, weight: 400, italic: false))
        }

        @Test func markerFontInheritsTheTopLevelFont() throws {
            let decoded = try decode(
                spec(
                    markers: [marker("a", #", "infoWindow": {"style": {"titleFont": {"weight": "normal"}}}"#)],
                    #", "infoWindow": {"style": {"titleFont": {"family": "Noto Sans", "size": 18}}}"#))
            #expect(decoded.markers[0].infoWindow?.style.titleFont == TextStyle(family: "Noto Sans", size: 18, weight: 400))
        }

        @Test(arguments: [(#""normal""#, 400), (#""bold""#, 700), ("100", 100), ("900", 900), ("350", 350)])
        func fontWeightsDecode(weight: String, expected: Int) throws {
            let style = try decode(spec(#", "infoWindow": {"style": {"snippetFont": {"weight": \#(weight)}}}"#)).infoWindow.style
            #expect(style.snippetFont.weight == expected)
        }

        @Test func tailNullAndShadowNullMeanNone() throws {
            let style = try decode(spec(#", "infoWindow": {"style": {"tail": null, "shadow": null}}"#)).infoWindow.style
            #expect(style.tail == nil)
            #expect(style.shadow == nil)
        }

        @Test func partialTailAndShadowKeepTheOtherValues() throws {
            let style = try decode(spec(#", "infoWindow": {"style": {"tail": {"height": 4}, "shadow": {"blur": 0}}}"#)).infoWindow.style
            #expect(style.tail?.width == 11.3)
            #expect(style.tail?.height == 4)
            #expect(style.shadow?.blur == 0)
            #expect(style.shadow?.color == rgba(0, 0, 0, 0xA1))
            #expect(style.shadow?.offsetY == 0.6)
        }

        @Test func markerCanBringBackATailTheTopLevelStyleRemoved() throws {
            let decoded = try decode(
                spec(
                    markers: [marker("a", #", "infoWindow": {"style": {"tail": {"width": 20}, "shadow": {}}}"#)],
                    #", "infoWindow": {"style": {"tail": null, "shadow": null}}"#))
            let own = try #require(decoded.markers[0].infoWindow?.style)
            #expect(own.tail?.width == 20)
            #expect(own.tail?.height == 5.7)
            #expect(own.shadow?.blur == 4.4)
        }

        @Test func markerCanRemoveTheTailOfTheTopLevelStyle() throws {
            let decoded = try decode(spec(markers: [marker("a", #", "infoWindow": {"style": {"tail": null}}"#)]))
            #expect(decoded.markers[0].infoWindow?.style.tail == nil)
            #expect(decoded.markers[0].infoWindow?.style.shadow != nil)
            #expect(decoded.infoWindow.style.tail != nil)
        }
    }
}

// MARK: - userData

extension SpecDecoderTests {
    @Suite struct UserData {
        @Test func stringsNumbersAndBooleansBecomeTextInInputOrder() throws {
            let decoded = try decode(
                spec(markers: [marker("a", #", "userData": {"city": "Paris", "rooms": 12, "price": 1.5, "neg": -3, "open": true, "shut": false, "big": 1e20}"#)]))
            #expect(
                decoded.markers[0].userData == [
                    UserDataEntry(key: "city", text: "Paris"), UserDataEntry(key: "rooms", text: "12"),
                    UserDataEntry(key: "price", text: "1.5"), UserDataEntry(key: "neg", text: "-3"),
                    UserDataEntry(key: "open", text: "true"), UserDataEntry(key: "shut", text: "false"),
                    UserDataEntry(key: "big", text: "1e+20"),
                ])
        }

        @Test func nestedObjectsAndArraysOfObjectsAreKeptAsWritten() throws {
            let decoded = try decode(spec(markers: [marker("a", #", "userData": {"ok": 1, "store": {"hours": [{"open": "8:00"}], "tags": ["a", true]}}"#)]))
            let store = decoded.markers[0].userData[1]
            #expect(store.key == "store" && store.text == "" && store.items == nil)
            #expect(store.value == .object([
                UserDataMember(key: "hours", value: .list([.object([UserDataMember(key: "open", value: .text("8:00"))])])),
                UserDataMember(key: "tags", value: .list([.text("a"), .text("true")])),
            ]))
        }

        @Test func arraysOfStringsAndNumbersAreItemsAndNullIsAnError() throws {
            let decoded = try decode(spec(markers: [marker("a", #", "userData": {"list": ["x", 2]}"#)]))
            #expect(decoded.markers[0].userData == [UserDataEntry(key: "list", text: "x, 2", items: ["x", "2"])])
            expectInvalid(spec(markers: [marker("a", #", "userData": {"none": null}"#)]), at: "markers[0].userData.none", "got null")
            expectInvalid(spec(markers: [marker("a", #", "userData": {"list": [{"a": null}]}"#)]), at: "markers[0].userData.list[0].a", "got null")
        }

        @Test func oddUserDataKeysAreQuotedInThePath() {
            expectInvalid(spec(markers: [marker("a"), marker("b", #", "userData": {"a b": {"c": null}}"#)]), at: #"markers[1].userData["a b"].c"#, "got null")
        }

        @Test func userDataMustBeAnObject() {
            expectInvalid(spec(markers: [marker("a", #", "userData": ["x"]"#)]), at: "markers[0].userData", "expected an object of strings, numbers, booleans, arrays and objects")
        }
    }
}

// MARK: - Validation errors

extension SpecDecoderTests {
    @Suite struct Validation {
        @Test(arguments: [
            InvalidSpecCase("root is an array", "[]", at: "(the whole spec)", "expected an object, got an array"),
            InvalidSpecCase("map is a string", spec(map: #""big""#), at: "map", #"expected an object, got "big""#),
            InvalidSpecCase("width is a string", spec(map: map(#""width": "390", "height": 300"#)), at: "map.width", #"expected a number from 1 to 4096, got "390""#),
            InvalidSpecCase("zoom is a boolean", spec(map: #"{"width": 1, "height": 1, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": true}}"#), at: "map.camera.zoom", "expected a number from 0 to 22, got true"),
            InvalidSpecCase("bearing is a string", spec(map: #"{"width": 1, "height": 1, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1, "bearing": "north"}}"#), at: "map.camera.bearing", "expected a number"),
            InvalidSpecCase("target is an array", spec(map: #"{"width": 1, "height": 1, "camera": {"target": [0, 0], "zoom": 1}}"#), at: "map.camera.target", "expected an object, got an array"),
            InvalidSpecCase("markers is an object", spec(#", "markers": {}"#), at: "markers", "expected an array, got an object"),
            InvalidSpecCase("a marker is a number", spec(#", "markers": [5]"#), at: "markers[0]", "expected an object, got 5"),
            InvalidSpecCase("title is a number", spec(markers: [marker("a", #", "title": 5"#)]), at: "markers[0].title", "expected a string, got 5"),
            InvalidSpecCase("id is a number", spec(#", "markers": [{"id": 7, "position": {"latitude": 0, "longitude": 0}}]"#), at: "markers[0].id", "expected a string, got 7"),
            InvalidSpecCase("flat is a string", spec(markers: [marker("a", #", "flat": "yes""#)]), at: "markers[0].flat", #"expected true or false, got "yes""#),
            InvalidSpecCase("zIndex is a fraction", spec(markers: [marker("a", #", "zIndex": 1.5"#)]), at: "markers[0].zIndex", "expected a whole number"),
            InvalidSpecCase("icon is a number", spec(markers: [marker("a", #", "icon": 3"#)]), at: "markers[0].icon", "expected an object, got 3"),
            InvalidSpecCase("hermeticFonts is a number", spec(#", "hermeticFonts": 1"#), at: "hermeticFonts", "expected true or false, got 1"),
            InvalidSpecCase("fonts is a string", spec(#", "fonts": "a.ttf""#), at: "fonts", #"expected an array, got "a.ttf""#),
            InvalidSpecCase("a font is a number", spec(#", "fonts": [1]"#), at: "fonts[0]", "expected a string, got 1"),
            InvalidSpecCase("selectedMarker is a number", spec(#", "selectedMarker": 5"#), at: "selectedMarker", "expected a string, got 5"),
            InvalidSpecCase("infoWindow is a string", spec(#", "infoWindow": "x""#), at: "infoWindow", "expected an object"),
            InvalidSpecCase("style is an array", spec(#", "infoWindow": {"style": []}"#), at: "infoWindow.style", "expected an object, got an array"),
            InvalidSpecCase("maxLines is a fraction", spec(#", "infoWindow": {"style": {"titleMaxLines": 2.5}}"#), at: "infoWindow.style.titleMaxLines", "expected a whole number from 1 to 1000, got 2.5"),
            InvalidSpecCase("tail is a number", spec(#", "infoWindow": {"style": {"tail": 16}}"#), at: "infoWindow.style.tail", "expected an object, got 16"),
            InvalidSpecCase("font style is oblique", spec(#", "infoWindow": {"style": {"titleFont": {"style": "oblique"}}}"#), at: "infoWindow.style.titleFont.style", #"expected "normal" or "italic""#),
            InvalidSpecCase("font family is empty", spec(#", "infoWindow": {"style": {"titleFont": {"family": ""}}}"#), at: "infoWindow.style.titleFont.family", "expected a font family name"),
            InvalidSpecCase("version is a string", spec(#", "version": "1""#), at: "version", "expected a supported format version (1)"),
        ])
        func wrongTypesAreErrors(_ invalid: InvalidSpecCase) {
            expectInvalid(invalid.json, at: invalid.path, invalid.fragment)
        }

        @Test(arguments: [
            InvalidSpecCase("width 0", spec(map: map(#""width": 0, "height": 300"#)), at: "map.width", "expected a number from 1 to 4096, got 0"),
            InvalidSpecCase("width 4097", spec(map: map(#""width": 4097, "height": 300"#)), at: "map.width", "expected a number from 1 to 4096, got 4097"),
            InvalidSpecCase("height 4097", spec(map: map(#""width": 10, "height": 4097"#)), at: "map.height", "got 4097"),
            InvalidSpecCase("height -1", spec(map: map(#""width": 10, "height": -1"#)), at: "map.height", "got -1"),
            InvalidSpecCase("scale 5", spec(map: map(#""width": 10, "height": 10, "scale": 5"#)), at: "map.scale", "expected a number from 1 to 4, got 5"),
            InvalidSpecCase("scale 0.5", spec(map: map(#""width": 10, "height": 10, "scale": 0.5"#)), at: "map.scale", "got 0.5"),
            InvalidSpecCase("zoom 23", spec(map: #"{"width": 1, "height": 1, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 23}}"#), at: "map.camera.zoom", "expected a number from 0 to 22, got 23"),
            InvalidSpecCase("zoom -1", spec(map: #"{"width": 1, "height": 1, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": -1}}"#), at: "map.camera.zoom", "got -1"),
            InvalidSpecCase("target latitude 91", spec(map: #"{"width": 1, "height": 1, "camera": {"target": {"latitude": 91, "longitude": 0}, "zoom": 1}}"#), at: "map.camera.target.latitude", "expected a number from -90 to 90, got 91"),
            InvalidSpecCase("target longitude 181", spec(map: #"{"width": 1, "height": 1, "camera": {"target": {"latitude": 0, "longitude": 181}, "zoom": 1}}"#), at: "map.camera.target.longitude", "expected a number from -180 to 180, got 181"),
            InvalidSpecCase("marker latitude 91", spec(markers: [marker("a"), #"{"id": "b", "position": {"latitude": 91, "longitude": 0}}"#]), at: "markers[1].position.latitude", "expected a number from -90 to 90, got 91"),
            InvalidSpecCase("marker latitude -90.5", spec(markers: [#"{"id": "b", "position": {"latitude": -90.5, "longitude": 0}}"#]), at: "markers[0].position.latitude", "got -90.5"),
            InvalidSpecCase("marker longitude 181", spec(markers: [marker("a"), marker("b"), #"{"id": "c", "position": {"latitude": 0, "longitude": 181}}"#]), at: "markers[2].position.longitude", "expected a number from -180 to 180, got 181"),
            InvalidSpecCase("marker longitude -181", spec(markers: [#"{"id": "c", "position": {"latitude": 0, "longitude": -181}}"#]), at: "markers[0].position.longitude", "got -181"),
            InvalidSpecCase("opacity 1.5", spec(markers: [marker("a", #", "opacity": 1.5"#)]), at: "markers[0].opacity", "expected a number from 0 to 1, got 1.5"),
            InvalidSpecCase("opacity -0.1", spec(markers: [marker("a", #", "opacity": -0.1"#)]), at: "markers[0].opacity", "got -0.1"),
            InvalidSpecCase("groundAnchor x 1.1", spec(markers: [marker("a", #", "groundAnchor": {"x": 1.1, "y": 0}"#)]), at: "markers[0].groundAnchor.x", "expected a number from 0 to 1, got 1.1"),
            InvalidSpecCase("groundAnchor y -0.5", spec(markers: [marker("a", #", "groundAnchor": {"x": 0, "y": -0.5}"#)]), at: "markers[0].groundAnchor.y", "got -0.5"),
            InvalidSpecCase("infoWindowAnchor y 2", spec(markers: [marker("a", #", "infoWindowAnchor": {"x": 0.5, "y": 2}"#)]), at: "markers[0].infoWindowAnchor.y", "expected a number from 0 to 1, got 2"),
            InvalidSpecCase("infoWindowAnchor x -1", spec(markers: [marker("a", #", "infoWindowAnchor": {"x": -1, "y": 0}"#)]), at: "markers[0].infoWindowAnchor.x", "got -1"),
            InvalidSpecCase("zIndex past Int32", spec(markers: [marker("a", #", "zIndex": 2147483648"#)]), at: "markers[0].zIndex", "got 2147483648"),
            InvalidSpecCase("titleMaxLines 0", spec(#", "infoWindow": {"style": {"titleMaxLines": 0}}"#), at: "infoWindow.style.titleMaxLines", "expected a whole number from 1 to 1000, got 0"),
            InvalidSpecCase("snippetMaxLines 0", spec(markers: [marker("a", #", "infoWindow": {"style": {"snippetMaxLines": 0}}"#)]), at: "markers[0].infoWindow.style.snippetMaxLines", "got 0"),
            InvalidSpecCase("font weight 950", spec(#", "infoWindow": {"style": {"titleFont": {"weight": 950}}}"#), at: "infoWindow.style.titleFont.weight", "expected a whole number from 100 to 900, got 950"),
            InvalidSpecCase("font weight 50", spec(#", "infoWindow": {"style": {"snippetFont": {"weight": 50}}}"#), at: "infoWindow.style.snippetFont.weight", "got 50"),
            InvalidSpecCase("font weight hefty", spec(#", "infoWindow": {"style": {"titleFont": {"weight": "hefty"}}}"#), at: "infoWindow.style.titleFont.weight", #"unknown weight "hefty" (did you mean "heavy"?); expected ultraLight"#),
            InvalidSpecCase("font weight Bold", spec(#", "infoWindow": {"style": {"titleFont": {"weight": "Bold"}}}"#), at: "infoWindow.style.titleFont.weight", #"unknown weight "Bold" (did you mean "bold"?)"#),
            InvalidSpecCase("font size 0", spec(#", "infoWindow": {"style": {"titleFont": {"size": 0}}}"#), at: "infoWindow.style.titleFont.size", "got 0"),
            InvalidSpecCase("maxWidth 0", spec(#", "infoWindow": {"style": {"maxWidth": 0}}"#), at: "infoWindow.style.maxWidth", "got 0"),
            InvalidSpecCase("padding -1", spec(#", "infoWindow": {"style": {"padding": -1}}"#), at: "infoWindow.style.padding", "got -1"),
            InvalidSpecCase("tail width -1", spec(#", "infoWindow": {"style": {"tail": {"width": -1}}}"#), at: "infoWindow.style.tail.width", "got -1"),
            InvalidSpecCase("shadow blur 101", spec(#", "infoWindow": {"style": {"shadow": {"blur": 101}}}"#), at: "infoWindow.style.shadow.blur", "got 101"),
            InvalidSpecCase("colour reddish", spec(map: map(#""width": 10, "height": 10, "background": "reddish""#)), at: "map.background", #"got "reddish""#),
            InvalidSpecCase("colour #12345", spec(markers: [marker("a", ##", "icon": {"color": "#12345"}"##)]), at: "markers[0].icon.color", ##"got "#12345""##),
            InvalidSpecCase("icon scale 0", spec(markers: [marker("a", #", "icon": {"image": "x.png", "scale": 0}"#)]), at: "markers[0].icon.scale", "got 0"),
        ])
        func outOfRangeValuesAreErrors(_ invalid: InvalidSpecCase) {
            expectInvalid(invalid.json, at: invalid.path, invalid.fragment)
        }

        @Test(arguments: [
            InvalidSpecCase("map", "{}", at: "map", "is required"),
            InvalidSpecCase("map null", #"{"map": null}"#, at: "map", "is required and cannot be null"),
            InvalidSpecCase("map.width", spec(map: #"{"height": 1, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1}}"#), at: "map.width", "is required"),
            InvalidSpecCase("map.height", spec(map: #"{"width": 1, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1}}"#), at: "map.height", "is required"),
            InvalidSpecCase("map.camera", spec(map: #"{"width": 1, "height": 1}"#), at: "map.camera", "is required"),
            InvalidSpecCase("camera.target", spec(map: #"{"width": 1, "height": 1, "camera": {"zoom": 1}}"#), at: "map.camera.target", "is required"),
            InvalidSpecCase("camera.zoom", spec(map: #"{"width": 1, "height": 1, "camera": {"target": {"latitude": 0, "longitude": 0}}}"#), at: "map.camera.zoom", "is required"),
            InvalidSpecCase("target.latitude", spec(map: #"{"width": 1, "height": 1, "camera": {"target": {"longitude": 0}, "zoom": 1}}"#), at: "map.camera.target.latitude", "is required"),
            InvalidSpecCase("marker id", spec(#", "markers": [{"position": {"latitude": 0, "longitude": 0}}]"#), at: "markers[0].id", "is required"),
            InvalidSpecCase("marker id null", spec(#", "markers": [{"id": null, "position": {"latitude": 0, "longitude": 0}}]"#), at: "markers[0].id", "cannot be null"),
            InvalidSpecCase("marker position", spec(#", "markers": [{"id": "a"}]"#), at: "markers[0].position", "is required"),
            InvalidSpecCase("position.longitude", spec(markers: [marker("a"), #"{"id": "b", "position": {"latitude": 0}}"#]), at: "markers[1].position.longitude", "is required"),
            InvalidSpecCase("anchor y", spec(markers: [marker("a", #", "groundAnchor": {"x": 0.5}"#)]), at: "markers[0].groundAnchor.y", "is required"),
        ])
        func missingRequiredKeysAreErrors(_ invalid: InvalidSpecCase) {
            expectInvalid(invalid.json, at: invalid.path, invalid.fragment)
        }

        @Test func unknownTopLevelKeyListsTheAllowedKeysAndSuggestsANearSpelling() {
            expectInvalid(
                spec(#", "mapp": 1"#), at: "mapp", #"unknown key "mapp""#, #"did you mean "map"?"#,
                "allowed keys: version, map, fonts, hermeticFonts, infoWindow, markers, selectedMarker, events")
        }

        @Test func unknownMapKeySuggestsANearSpelling() {
            expectInvalid(
                spec(map: map(#""widht": 1, "height": 1"#)), at: "map.widht", #"did you mean "width"?"#,
                "allowed keys: width, height, scale, camera, background")
        }

        @Test func unknownMarkerKeySuggestsANearSpelling() {
            expectInvalid(
                spec(markers: [marker("a"), marker("b", #", "snipet": "x""#)]), at: "markers[1].snipet", #"did you mean "snippet"?"#,
                "allowed keys: id, position, title, snippet, icon, iconView, groundAnchor, infoWindowAnchor, rotation, flat, opacity, zIndex, tracksInfoWindowChanges, userData, infoWindow")
            expectInvalid(spec(markers: [marker("a", #", "titel": "x""#)]), at: "markers[0].titel", #"did you mean "title"?"#)
            expectInvalid(spec(markers: [marker("a", #", "ZIndex": 1"#)]), at: "markers[0].ZIndex", #"did you mean "zIndex"?"#)
        }

        @Test func unknownStyleAndFontKeysSuggestANearSpelling() {
            expectInvalid(
                spec(#", "infoWindow": {"style": {"maxWidht": 1}}"#), at: "infoWindow.style.maxWidht", #"did you mean "maxWidth"?"#,
                "allowed keys: maxWidth, minWidth, padding, cornerRadius, background, tail, shadow, titleFont, titleColor, titleMaxLines, snippetFont, snippetColor, snippetMaxLines, textAlign, closeButton")
            expectInvalid(
                spec(#", "infoWindow": {"style": {"titleFont": {"weigth": 700}}}"#), at: "infoWindow.style.titleFont.weigth",
                #"did you mean "weight"?"#, "allowed keys: family, size, weight, style")
            expectInvalid(spec(#", "infoWindow": {"styles": {}}"#), at: "infoWindow.styles", #"did you mean "style"?"#)
        }

        @Test func unknownKeyFarFromEveryNameHasNoSuggestion() throws {
            let error = try #require(decodeError(spec(map: #"{"width": 1, "height": 1, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1, "viewingAngle": 30}}"#)))
            #expect(error.message.hasPrefix("\(specName): map.camera.viewingAngle: "))
            #expect(error.message.contains("allowed keys: target, zoom, bearing"))
            #expect(!error.message.contains("did you mean"))
        }

        @Test func emptyIdIsAnError() {
            expectInvalid(spec(markers: [marker("")]), at: "markers[0].id", "non-empty")
        }

        @Test func duplicateMarkerIdsAreAnErrorNamingTheFirstUse() {
            expectInvalid(
                spec(markers: [marker("a"), marker("b"), marker("a")]), at: "markers[2].id", #"the id "a" is already used by markers[0]"#)
        }

        @Test func selectedMarkerMustNameAMarker() {
            expectInvalid(spec(markers: [marker("a")], #", "selectedMarker": "zz""#), at: "selectedMarker", #"no marker has the id "zz""#)
            expectInvalid(spec(#", "selectedMarker": "a""#), at: "selectedMarker", #"no marker has the id "a""#)
        }

        @Test func versionOneIsAcceptedAndVersionTwoIsAnErrorNamingTheSupportedVersions() throws {
            _ = try decode(spec(#", "version": 1"#))
            expectInvalid(spec(#", "version": 2"#), at: "version", "expected a supported format version (1), got 2")
            expectInvalid(spec(#", "version": 0"#), at: "version", "got 0")
            expectInvalid(spec(#", "version": 1.5"#), at: "version", "got 1.5")
        }

        @Test func tenThousandMarkersAreAcceptedAndOneMoreIsAnError() throws {
            let markers = (0..<10_001).map { #"{"id":"m\#($0)","position":{"latitude":0,"longitude":0}}"# }
            let decoded = try decode(spec(markers: Array(markers.dropLast())))
            #expect(decoded.markers.count == 10_000)
            expectInvalid(spec(markers: markers), at: "markers", "has 10001 markers, more than the limit of 10000")
        }

        @Test func outputOverTheSixtySevenMegapixelLimitIsAnError() {
            expectInvalid(
                spec(map: map(#""width": 4096, "height": 4096, "scale": 4"#)), at: "map.scale",
                "the image would be 16384 × 16384 pixels", "8192 × 8192 = 67,108,864")
            expectInvalid(spec(map: map(#""width": 4096, "height": 4096, "scale": 2.001"#)), at: "map.scale", "8196 × 8196")
        }

        @Test func outputOfExactlyTheLimitIsAccepted() throws {
            #expect(try decode(spec(map: map(#""width": 2048, "height": 2048, "scale": 4"#))).map.scale == 4)
            #expect(try decode(spec(map: map(#""width": 4096, "height": 4096, "scale": 2"#))).map.width == 4096)
        }

        @Test func hermeticFontsWithNoFontsIsAnError() {
            expectInvalid(spec(#", "hermeticFonts": true"#), at: "hermeticFonts", #""fonts" names no font file"#)
            expectInvalid(spec(#", "fonts": [], "hermeticFonts": true"#), at: "hermeticFonts", "no font file")
        }

        @Test func hermeticFontsFalseWithNoFontsIsFine() throws {
            #expect(try decode(spec(#", "fonts": [], "hermeticFonts": false"#)).fonts == FontSetup(files: [], hermetic: false))
        }

        @Test func customWindowAndContentsDecode() throws {
            let window = try decode(spec(#", "infoWindow": {"window": {"text": "x"}}"#))
            guard case .window = window.infoWindow.content else { Issue.record("expected a window"); return }
            let contents = try decode(spec(markers: [marker("a", #", "infoWindow": {"contents": {"text": "x"}}"#)]))
            guard case .contents = contents.markers[0].infoWindow?.content else { Issue.record("expected contents"); return }
            expectInvalid(
                spec(#", "infoWindow": {"window": {"text": "x"}, "contents": {"text": "y"}}"#), at: "infoWindow", "give one")
        }

        @Test func iconViewDecodes() throws {
            #expect(try decode(spec(markers: [marker("a", #", "iconView": {"text": "x"}"#)])).markers[0].iconView != nil)
        }

        @Test func eventsNamingAnUnknownMarkerAreAnError() {
            expectInvalid(spec(#", "events": [{"tapMarker": "a"}]"#), at: "events[0].tapMarker", #"no marker has the id "a""#)
        }

        @Test func iconWithBothColorAndImageIsAnError() {
            expectInvalid(spec(markers: [marker("a", ##", "icon": {"color": "#F00", "image": "x.png"}"##)]), at: "markers[0].icon", ##"both "color""##)
        }

        @Test func iconWithNeitherImageNorColorIsAnError() {
            expectInvalid(spec(markers: [marker("a", #", "icon": {}"#)]), at: "markers[0].icon", #"expected "image""#)
            expectInvalid(spec(markers: [marker("a", #", "icon": {"scale": 2}"#)]), at: "markers[0].icon", #"expected "image""#)
            expectInvalid(spec(markers: [marker("a", ##", "icon": {"colour": "#F00"}"##)]), at: "markers[0].icon.colour", ##"did you mean "color"?"##)
        }

        @Test func tintedPinIconDecodes() throws {
            guard case .pin(let color) = try decodeIcon(##"{"color": "#00FF0080"}"##, folder: "/tmp") else {
                Issue.record("expected a tinted pin")
                return
            }
            #expect(color == rgba(0, 0xFF, 0, 0x80))
        }
    }
}

// MARK: - Syntax errors through the decoder

extension SpecDecoderTests {
    @Suite struct Syntax {
        @Test func syntaxErrorNamesTheFileLineAndColumn() throws {
            let error = try #require(decodeError("{\n  \"map\": {,}\n}"))
            #expect(error == .syntax(file: specName, line: 2, column: 11, path: nil, message: "unexpected ',': expected a key in double quotes"))
            #expect(error.message == "\(specName):2:11: unexpected ',': expected a key in double quotes")
        }

        @Test func duplicateKeyErrorNamesTheFileAndThePath() throws {
            let error = try #require(decodeError(spec(markers: [marker("a"), #"{"id": "b", "position": {"latitude": 1, "latitude": 2}}"#])))
            guard case .syntax(let file, _, _, let path, let message) = error else {
                Issue.record("expected a syntax error, got \(error)")
                return
            }
            #expect(file == specName)
            #expect(path?.description == "markers[1].position.latitude")
            #expect(message.contains(#"duplicate key "latitude""#))
            #expect(error.message.hasPrefix(specName + ":1:"))
            #expect(error.message.contains(": markers[1].position.latitude: duplicate key"))
        }

        @Test func nonFiniteNumberIsAnError() throws {
            let error = try #require(decodeError(spec(map: map(#""width": 1e400, "height": 1"#))))
            guard case .syntax(let file, _, _, _, let message) = error else {
                Issue.record("expected a syntax error, got \(error)")
                return
            }
            #expect(file == specName)
            #expect(message.contains("finite"))
        }

        @Test func invalidUTF8IsAnError() throws {
            var bytes = Array(spec(markers: [marker("a", #", "title": "caf"#)]).utf8)
            bytes.removeLast(3)  // drop "}]}": the title's string is still open
            bytes += [0xE9, 0x22, 0x7D, 0x5D, 0x7D]  // a Latin-1 é, then "}]}
            do {
                _ = try SpecDecoder.decode(SpecSource(name: specName, bytes: bytes, folder: "/tmp"))
                Issue.record("expected an error")
            } catch {
                guard case .syntax(let file, let line, let column, _, let message) = error else {
                    Issue.record("expected a syntax error, got \(error)")
                    return
                }
                #expect(file == specName)
                #expect(message.contains("UTF-8"))
                #expect(line == 1)
                #expect(column == bytes.count - 4)  // the bad byte, all ASCII before it
            }
        }

        @Test func emptyFileIsAnError() throws {
            let error = try #require(decodeError(""))
            #expect(error.message.hasPrefix(specName + ":1:1: "))
            #expect(error.message.contains("empty"))
        }

        @Test func tooDeepNestingIsAnErrorNotACrash() throws {
            let error = try #require(decodeError(#"{"map": "# + String(repeating: "[", count: 100_000)))
            guard case .syntax(let file, _, _, _, let message) = error else {
                Issue.record("expected a syntax error, got \(error)")
                return
            }
            #expect(file == specName)
            #expect(message.contains("deeper than"))
        }
    }
}

// MARK: - Assets and the sandbox

/// A temporary tree: `spec/` is the spec's folder, the rest lies outside it.
///
///     spec/pin.png  spec/pin@2x.png  spec/pin@3x.png  spec/big@2X.PNG  spec/img/pin.png
///     spec/notes.txt  spec/fake.png (text)  spec/huge.png (a 5000 × 10 header)  spec/folder/
///     spec/link.png -> ../outside/out.png   spec/alias.png -> pin.png
///     outside/out.png   spec2/a.png   nested/deeper/x.png
private struct AssetTree {
    let root: SpecTestFolder
    let spec: String

    init() throws {
        root = try SpecTestFolder()
        for name in ["spec/pin.png", "spec/pin@2x.png", "spec/pin@3x.png", "spec/big@2X.PNG", "spec/img/pin.png", "outside/out.png", "spec2/a.png"] {
            try root.write(name, png)
        }
        try root.write("spec/notes.txt", Array("just text, no PNG here".utf8))
        try root.write("spec/fake.png", Array("GIF89a but called .png".utf8))
        var huge = makePNG(width: 1, height: 1)
        huge.replaceSubrange(16..<24, with: [0, 0, 0x13, 0x88, 0, 0, 0, 10])  // 5000 × 10 in the header
        try root.write("spec/huge.png", huge)
        try root.makeFolder("spec/folder")
        try root.link("spec/link.png", to: "../outside/out.png")
        try root.link("spec/alias.png", to: "pin.png")
        spec = root.at("spec")
    }
}

extension SpecDecoderTests {
    @Suite struct Assets {
        @Test func iconAsAPathLoadsThePNGWithScaleOne() throws {
            let tree = try AssetTree()
            expectImage(try decodeIcon(#""pin.png""#, folder: tree.spec), file: tree.root.at("spec/pin.png"), scale: 1)
        }

        @Test func iconPathsInSubfoldersAndWithDotSegmentsResolve() throws {
            let tree = try AssetTree()
            expectImage(try decodeIcon(#""img/pin.png""#, folder: tree.spec), file: tree.root.at("spec/img/pin.png"), scale: 1)
            expectImage(try decodeIcon(#""./img/../pin.png""#, folder: tree.spec), file: tree.root.at("spec/pin.png"), scale: 1)
        }

        @Test func iconAsImageAndScaleUsesTheGivenScale() throws {
            let tree = try AssetTree()
            expectImage(
                try decodeIcon(#"{"image": "pin.png", "scale": 2.5}"#, folder: tree.spec), file: tree.root.at("spec/pin.png"), scale: 2.5,
                source: "markers[0].icon.image")
            expectImage(
                try decodeIcon(#"{"image": "pin.png"}"#, folder: tree.spec), file: tree.root.at("spec/pin.png"), scale: 1,
                source: "markers[0].icon.image")
        }

        @Test func iconAsColorIsATintedDefaultPin() throws {
            let tree = try AssetTree()
            guard case .pin(let color) = try decodeIcon(##"{"color": "#4285F4"}"##, folder: tree.spec) else {
                Issue.record("expected a tinted pin")
                return
            }
            #expect(color == rgba(0x42, 0x85, 0xF4))
        }

        @Test func at2xAndAt3xFileNamesImplyTheScale() throws {
            let tree = try AssetTree()
            expectImage(try decodeIcon(#""pin@2x.png""#, folder: tree.spec), file: tree.root.at("spec/pin@2x.png"), scale: 2)
            expectImage(try decodeIcon(#""pin@3x.png""#, folder: tree.spec), file: tree.root.at("spec/pin@3x.png"), scale: 3)
            expectImage(
                try decodeIcon(#"{"image": "pin@2x.png"}"#, folder: tree.spec), file: tree.root.at("spec/pin@2x.png"), scale: 2,
                source: "markers[0].icon.image")
            expectImage(try decodeIcon(#""big@2X.PNG""#, folder: tree.spec), file: tree.root.at("spec/big@2X.PNG"), scale: 2)
        }

        @Test func anExplicitScaleWinsOverTheFileName() throws {
            let tree = try AssetTree()
            expectImage(
                try decodeIcon(#"{"image": "pin@3x.png", "scale": 1}"#, folder: tree.spec), file: tree.root.at("spec/pin@3x.png"), scale: 1,
                source: "markers[0].icon.image")
        }

        @Test func aNonPNGFileIsAnError() throws {
            let tree = try AssetTree()
            let json = { (icon: String) in spec(markers: [marker("a", #", "icon": \#(icon)"#)]) }
            expectInvalid(json(#""notes.txt""#), at: "markers[0].icon", "notes.txt is not a PNG, JPEG or WebP image", folder: tree.spec)
            expectInvalid(json(#""fake.png""#), at: "markers[0].icon", "fake.png is not a PNG, JPEG or WebP image", folder: tree.spec)
            expectInvalid(json(#"{"image": "notes.txt", "scale": 2}"#), at: "markers[0].icon.image", "is not a PNG, JPEG or WebP image", folder: tree.spec)
        }

        @Test func aPNGLargerThan4096PixelsIsAnError() throws {
            let tree = try AssetTree()
            expectInvalid(
                spec(markers: [marker("a", #", "icon": "huge.png""#)]), at: "markers[0].icon", "is 5000 × 10 pixels, more than the limit of 4096 × 4096",
                folder: tree.spec)
        }

        @Test func aMissingFileIsAnErrorNamingIt() throws {
            let tree = try AssetTree()
            expectInvalid(
                spec(markers: [marker("a"), marker("b", #", "icon": "nope.png""#)]), at: "markers[1].icon", #"file "nope.png" does not exist"#,
                tree.root.at("spec/nope.png"), folder: tree.spec)
            expectInvalid(
                spec(markers: [marker("a", #", "icon": {"image": "img/missing@2x.png"}"#)]), at: "markers[0].icon.image",
                #""img/missing@2x.png" does not exist"#, folder: tree.spec)
        }

        @Test func aMissingFileOutsideTheFolderIsRefusedAsOutside() throws {
            let tree = try AssetTree()
            expectInvalid(spec(markers: [marker("a", #", "icon": "../nope.png""#)]), at: "markers[0].icon", "outside the allowed folder", folder: tree.spec)
        }

        @Test func aParentPathIsRefusedUnlessAssetRootHoldsIt() throws {
            let tree = try AssetTree()
            let json = spec(markers: [marker("a", #", "icon": "../outside/out.png""#)])
            expectInvalid(
                json, at: "markers[0].icon", #""../outside/out.png" is outside the allowed folder \#(tree.spec)"#, "--asset-root",
                folder: tree.spec)
            let allowed = try decode(json, folder: tree.spec, assetRoot: tree.root.at("outside")).markers[0].icon
            expectImage(allowed, file: tree.root.at("outside/out.png"), scale: 1)
            let allowedByParent = try decode(json, folder: tree.spec, assetRoot: tree.root.path).markers[0].icon
            expectImage(allowedByParent, file: tree.root.at("outside/out.png"), scale: 1)
        }

        @Test func anAbsolutePathOutsideIsRefusedUnlessAssetRootHoldsIt() throws {
            let tree = try AssetTree()
            let json = spec(markers: [marker("a", #", "icon": {"image": "\#(tree.root.at("outside/out.png"))"}"#)])
            expectInvalid(json, at: "markers[0].icon.image", "outside the allowed folder", folder: tree.spec)
            expectInvalid(
                spec(markers: [marker("a", #", "icon": "/etc/passwd""#)]), at: "markers[0].icon", "outside the allowed folder", folder: tree.spec)
            let allowed = try decode(json, folder: tree.spec, assetRoot: tree.root.at("outside")).markers[0].icon
            expectImage(allowed, file: tree.root.at("outside/out.png"), scale: 1, source: "markers[0].icon.image")
        }

        @Test func aSymbolicLinkPointingOutsideIsRefusedUnlessAssetRootHoldsItsTarget() throws {
            let tree = try AssetTree()
            let json = spec(markers: [marker("a", #", "icon": "link.png""#)])
            expectInvalid(json, at: "markers[0].icon", #""link.png" is outside the allowed folder"#, folder: tree.spec)
            let allowed = try decode(json, folder: tree.spec, assetRoot: tree.root.at("outside")).markers[0].icon
            expectImage(allowed, file: tree.root.at("outside/out.png"), scale: 1)
        }

        @Test func aSymbolicLinkInsideTheFolderIsFollowed() throws {
            let tree = try AssetTree()
            expectImage(try decodeIcon(#""alias.png""#, folder: tree.spec), file: tree.root.at("spec/pin.png"), scale: 1)
        }

        @Test func aSiblingFolderWhoseNameStartsLikeTheSpecFolderIsOutside() throws {
            let tree = try AssetTree()
            expectInvalid(spec(markers: [marker("a", #", "icon": "../spec2/a.png""#)]), at: "markers[0].icon", "outside the allowed folder", folder: tree.spec)
        }

        @Test func anAssetRootThatDoesNotHoldTheFileDoesNotAllowIt() throws {
            let tree = try AssetTree()
            expectInvalid(
                spec(markers: [marker("a", #", "icon": "../outside/out.png""#)]), at: "markers[0].icon", "outside the allowed folder",
                folder: tree.spec, assetRoot: tree.root.at("spec2"))
        }

        @Test func aFileInTheSecondAssetRootIsReadable() throws {
            let tree = try AssetTree()
            let json = spec(markers: [marker("a", #", "icon": "../outside/out.png""#)])
            let icon = try decode(json, folder: tree.spec, assetRoots: [tree.root.at("spec2"), tree.root.at("outside")]).markers[0].icon
            expectImage(icon, file: tree.root.at("outside/out.png"), scale: 1)
            let font = try decode(spec(#", "fonts": ["../spec2/a.png"]"#), folder: tree.spec, assetRoots: [tree.root.at("outside"), tree.root.at("spec2")])
            #expect(font.fonts.files == [tree.root.at("spec2/a.png")])
        }

        @Test func aFileOutsideEveryAssetRootIsRefusedAsWithOne() throws {
            let tree = try AssetTree()
            let json = spec(markers: [marker("a", #", "icon": "../nested/deeper/x.png""#)])
            try tree.root.write("nested/deeper/x.png", png)
            let one = try #require(decodeError(json, folder: tree.spec, assetRoot: tree.root.at("outside")))
            let two = try #require(decodeError(json, folder: tree.spec, assetRoots: [tree.root.at("outside"), tree.root.at("spec2")]))
            #expect(two == one)
            #expect(two.message == #"\#(specName): markers[0].icon: "../nested/deeper/x.png" is outside the allowed folder \#(tree.spec) (a spec may only read files inside its own folder; --asset-root DIR allows another)"#)
        }

        @Test func aFolderInsteadOfAFileIsRefused() throws {
            let tree = try AssetTree()
            let error = try #require(decodeError(spec(markers: [marker("a", #", "icon": "folder""#)]), folder: tree.spec))
            #expect(error.message.hasPrefix("\(specName): markers[0].icon: "))
            #expect(error.message.contains("not a regular file"))
            #expect(!error.message.contains("outside"))
        }

        @Test func anEmptyOrNULPathIsAnError() throws {
            let tree = try AssetTree()
            expectInvalid(spec(markers: [marker("a", #", "icon": """#)]), at: "markers[0].icon", "expected a file path, got an empty string", folder: tree.spec)
            expectInvalid(spec(markers: [marker("a", #", "icon": "pin.png\u0000x""#)]), at: "markers[0].icon", "NUL", folder: tree.spec)
        }

        @Test func fontsOutsideTheFolderOrMissingAreErrors() throws {
            let tree = try AssetTree()
            try tree.root.write("spec/fonts/A.ttf", [0, 1, 0, 0])
            expectInvalid(spec(#", "fonts": ["fonts/A.ttf", "../outside/out.png"]"#), at: "fonts[1]", "outside the allowed folder", folder: tree.spec)
            expectInvalid(spec(#", "fonts": ["fonts/B.ttf"]"#), at: "fonts[0]", #"file "fonts/B.ttf" does not exist"#, folder: tree.spec)
            let allowed = try decode(spec(#", "fonts": ["../outside/out.png"]"#), folder: tree.spec, assetRoot: tree.root.at("outside"))
            #expect(allowed.fonts.files == [tree.root.at("outside/out.png")])
        }

        // MARK: behaviour that contradicts SPEC.md (see the bug list of the report)

        @Test
        func aFolderNamedAsAFontIsRefused() throws {
            let tree = try AssetTree()
            let error = try #require(decodeError(spec(#", "fonts": ["folder"]"#), folder: tree.spec))
            #expect(error.message.hasPrefix("\(specName): fonts[0]: "))
            #expect(error.message.contains("not a regular file"))
        }

        @Test
        func aSpecFolderReachedThroughALinkCanUseItsOwnAssets() throws {
            let tree = try AssetTree()
            try tree.root.link("spec-link", to: "spec")
            let icon = try decodeIcon(#""pin.png""#, folder: tree.root.at("spec-link"))
            expectImage(icon, file: tree.root.at("spec/pin.png"), scale: 1)
        }

        @Test
        func anAssetRootGivenThroughALinkAllowsPathsThroughThatLink() throws {
            let tree = try AssetTree()
            try tree.root.link("outside-link", to: "outside")
            let json = spec(markers: [marker("a", #", "icon": "../outside-link/out.png""#)])
            let icon = try decode(json, folder: tree.spec, assetRoot: tree.root.at("outside-link")).markers[0].icon
            expectImage(icon, file: tree.root.at("outside/out.png"), scale: 1)
        }

        @Test
        func theScaleComesFromTheNameTheSpecGives() throws {
            let tree = try AssetTree()
            try tree.root.link("spec/alias@2x.png", to: "pin.png")
            expectImage(try decodeIcon(#""alias@2x.png""#, folder: tree.spec), file: tree.root.at("spec/pin.png"), scale: 2)
        }
    }
}
