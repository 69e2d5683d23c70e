import Graphics
import Testing
import InfoWinCheck
@testable import InfoWinKit

// MARK: - Support

/// A grey 120 × 100 pt map at 3× with one marker at its centre carrying `pin`, in `look`.
private func pinSpec(look: String, pin: String, rest: String = "") throws -> Spec {
    try testSpec(#"""
        {"look": "\#(look)",
         "map": {"width": 120, "height": 100, "scale": 3, "background": "#808080",
                 "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 10}},
         "markers": [{"id": "a", "position": {"latitude": 0, "longitude": 0}, "pin": \#(pin)\#(rest)}]}
        """#)
}

/// The drawn pin, its image and its report entry.
private func drawnPin(look: String, pin: String, rest: String = "") throws -> (image: PixelImage, bounds: Rect, art: PinArt, report: JSONValue.Kind) {
    let spec = try pinSpec(look: look, pin: pin, rest: rest)
    let (result, image) = try renderPinned(spec)
    let marker = try #require(try layOut(spec).markers.first)
    guard case .pin(let placed) = marker.icon else { throw PinTestFailure.notAPin }
    return (image, marker.bounds, placed.art, result.report.json["markers"].elements[0])
}

private enum PinTestFailure: Error { case notAPin }

/// The pixel at the pin's own point (x, y), at 3×.
private func color(_ image: PixelImage, _ bounds: Rect, _ x: Double, _ y: Double) -> UInt32 {
    image.color(x: Int(((bounds.x + x) * 3).rounded(.down)), y: Int(((bounds.y + y) * 3).rounded(.down))).rgb
}

/// How many pixels of `rect` (canvas points) are within a few levels of `rgb`.
private func count(_ rgb: UInt32, in rect: Rect, of image: PixelImage, tolerance: Int = 24) -> Int {
    var found = 0
    for y in Int(rect.y * 3)..<Int(rect.maxY * 3) {
        for x in Int(rect.x * 3)..<Int(rect.maxX * 3) where colorsAreClose(image.color(x: x, y: y).rgb, rgb, tolerance: tolerance) {
            found += 1
        }
    }
    return found
}

// MARK: - Tests

@Suite("pin (GMSPinImage, PinElement): colours, glyphs and scale in every look")
struct PinImageTests {
    @Test("the head is the background, the outline the border colour, the text glyph drawn in its colour", arguments: Look.allCases)
    func textGlyph(look: Look) throws {
        let pin = try drawnPin(look: look.rawValue, pin: ##"{"background": "#00AA00", "borderColor": "#0000FF", "glyph": {"text": "A", "textColor": "#FFFFFF"}}"##)
        let head = pin.art.head
        // Inside the head, left of the glyph box: the fill.
        #expect(colorsAreClose(color(pin.image, pin.bounds, head.center.x - head.radius + 3, head.center.y), 0x00AA00, tolerance: 4))
        // The outline, 1 pt wide at the head's widest row: the border colour.
        #expect(colorsAreClose(color(pin.image, pin.bounds, 0.5, head.center.y), 0x0000FF, tolerance: 40))
        // No dot: the head's centre is the fill or the glyph's white, never the look's dark dot.
        let centre = color(pin.image, pin.bounds, head.center.x, head.center.y + 6)
        #expect(colorsAreClose(centre, 0x00AA00, tolerance: 4) || colorsAreClose(centre, 0xFFFFFF, tolerance: 60))
        // The report names the glyph's lines and frame; white pixels are drawn in that frame.
        let glyph = pin.report["pin"]["glyph"]
        #expect(glyph["kind"].string == "text")
        #expect(glyph["lines"].strings == ["A"])
        #expect(glyph["truncated"].bool == false)
        let frame = glyph["frame"]
        let points = Rect(x: (frame["x"].number ?? 0) / 3, y: (frame["y"].number ?? 0) / 3, width: (frame["width"].number ?? 0) / 3,
                          height: (frame["height"].number ?? 0) / 3)
        #expect(count(0xFFFFFF, in: points, of: pin.image) > 20, "the glyph's white text is drawn")
        // The glyph sits in the head.
        #expect(abs(points.x + points.width / 2 - (pin.bounds.x + head.center.x)) < 1)
        #expect(points.y >= pin.bounds.y && points.maxY <= pin.bounds.y + 2 * head.center.y + 1)
    }

    @Test("no glyph keeps the look's dot; a colour glyph is the dot in that colour", arguments: Look.allCases)
    func dotGlyphs(look: Look) throws {
        let plain = try drawnPin(look: look.rawValue, pin: ##"{"background": "#00AA00"}"##)
        let head = plain.art.head
        let dot = color(plain.image, plain.bounds, head.center.x, head.center.y)
        let expected = try #require(plain.art.colors(fill: RGBA(hex: 0x00AA00)).dot)
        #expect(colorsAreClose(dot, colorHex(expected), tolerance: 2))
        #expect(plain.report["pin"]["glyph"]["kind"].string == "dot")
        let white = try drawnPin(look: look.rawValue, pin: ##"{"background": "#00AA00", "glyph": {"color": "#FFFFFF"}}"##)
        #expect(colorsAreClose(color(white.image, white.bounds, head.center.x, head.center.y), 0xFFFFFF, tolerance: 2))
    }

    @Test("an image glyph is read through the sandbox and fitted to the head", arguments: Look.allCases)
    func imageGlyph(look: Look) throws {
        let pin = try drawnPin(look: look.rawValue, pin: ##"{"glyph": {"image": "icon.png"}}"##)
        let head = pin.art.head
        #expect(colorsAreClose(color(pin.image, pin.bounds, head.center.x, head.center.y), 0x336699, tolerance: 3))
        #expect(pin.report["pin"]["glyph"]["kind"].string == "image")
        // A 2:1 image is as wide as the glyph box and half as tall.
        let frame = pin.report["pin"]["glyph"]["frame"]
        let width = try #require(frame["width"].number), height = try #require(frame["height"].number)
        #expect(abs(width - head.glyphBox.width * 3) < 0.01 && abs(height - width / 2) < 0.01)
    }

    @Test("a glyph's text and colours come from the marker's data: {{userData.rank}}, {{title}}, nested paths")
    func dataDrivenGlyph() throws {
        let data = ##", "title": "Bar", "userData": {"rank": 7, "status": {"color": "#D93025"}}"##
        let ranked = try drawnPin(look: "ios", pin: ##"{"background": "{{userData.status.color}}", "glyph": {"text": "{{userData.rank}}"}}"##, rest: data)
        #expect(ranked.report["pin"]["glyph"]["lines"].strings == ["7"])
        #expect(colorsAreClose(color(ranked.image, ranked.bounds, ranked.art.size.width / 2, 4), 0xD93025, tolerance: 8))
        let titled = try drawnPin(look: "web", pin: ##"{"glyph": "{{title}}"}"##, rest: data)
        #expect(titled.report["pin"]["glyph"]["lines"].strings == ["Bar"])
        let unknown = #expect(throws: InfoWinError.self) { try pinSpec(look: "ios", pin: ##"{"glyph": "{{user.rank}}"}"##) }
        #expect(unknown?.message.contains("markers[0].pin.glyph: unknown template name {{user.rank}}") == true, "\(unknown?.message ?? "")")
    }

    @Test("a long text glyph shrinks to fit, then is cut with …; any script is drawn")
    func longAndOtherScripts() throws {
        let long = try drawnPin(look: "ios", pin: ##"{"glyph": "WWWWWWWWWWWWWW"}"##)
        #expect(long.report["pin"]["glyph"]["truncated"].bool == true)
        let cut = try renderPinned(try pinSpec(look: "ios", pin: ##"{"glyph": "WWWWWWWWWWWWWW"}"##)).result.report
        #expect(FailOn.truncated.problems(in: cut).first?.hasPrefix(#"marker "a": pin glyph cut after 1 line"#) == true)
        #expect(long.report["pin"]["glyph"]["lines"].strings.first?.hasSuffix("…") == true)
        let twoLetters = try drawnPin(look: "ios", pin: ##"{"glyph": "12"}"##)
        let one = try drawnPin(look: "ios", pin: ##"{"glyph": "1"}"##)
        #expect((twoLetters.report["pin"]["glyph"]["fontSize"].number ?? 0) <= (one.report["pin"]["glyph"]["fontSize"].number ?? 0))
        for text in ["東", "ب", "Ж"] {
            let scene = try layOut(try pinSpec(look: "android", pin: #"{"glyph": "\#(text)"}"#))
            #expect(scene.missingGlyphs.isEmpty)
            guard case .pin(let pin) = try #require(scene.markers.first).icon, case .text(let placed)? = pin.glyph else {
                Issue.record("\(text): no text glyph")
                continue
            }
            #expect(placed.text.lines == [text] && placed.layout.missingCharacters.isEmpty)
        }
    }

    @Test("a glyph character no font has is reported in missingGlyphs, with a warning")
    func missingGlyph() throws {
        let scene = try layOut(try pinSpec(look: "ios", pin: #"{"glyph": "\#u{E400}"}"#))
        #expect(scene.missingGlyphs.map(\.code) == ["U+E400"])
        #expect(scene.warnings.contains { $0.contains("U+E400") })
    }

    @Test("scale is honoured by the web look only; elsewhere it is ignored with a warning")
    func scale() throws {
        let web = try layOut(try pinSpec(look: "web", pin: #"{"scale": 2}"#))
        let webBounds = try #require(web.markers.first).bounds
        #expect(webBounds.width == 52 && webBounds.height == 74)
        #expect(web.warnings.isEmpty)
        for look in ["ios", "android"] {
            let scene = try layOut(try pinSpec(look: look, pin: #"{"scale": 2}"#))
            let art = scene.look.pin
            #expect(try #require(scene.markers.first).bounds.width == art.size.width)
            #expect(scene.warnings.contains { $0.contains("pin.scale is ignored") })
        }
    }

    @Test("the window sits on the pin's tip, and hit finds the pin, as with the default pin", arguments: Look.allCases)
    func anchorsAndHit(look: Look) throws {
        let base = #"{"look": "\#(look.rawValue)", "map": {"width": 200, "height": 200, "scale": 2, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 10}}, "markers": [{"id": "a", "position": {"latitude": 0, "longitude": 0}, "title": "A"PIN}], "selectedMarker": "a"}"#
        let plain = try layOut(try testSpec(base.replacingOccurrences(of: "PIN", with: "")))
        let pinned = try layOut(try testSpec(base.replacingOccurrences(of: "PIN", with: ##", "pin": {"background": "#123456", "glyph": "A"}"##)))
        #expect(pinned.infoWindow?.tailTip == plain.infoWindow?.tailTip)
        #expect(pinned.markers.first?.bounds == plain.markers.first?.bounds)
        let spec = try testSpec(base.replacingOccurrences(of: "PIN", with: ##", "pin": {"glyph": "A"}"##))
        let bounds = try #require(pinned.markers.first).bounds
        // The same selection as the layout: the web look auto-pans to its window.
        let result = try ScenarioPlayer(renderer: Renderer()).hit(spec, at: Point(x: bounds.x + bounds.width / 2, y: bounds.maxY - 4), selection: .fromSpec)
        #expect(result.kind == .marker && result.marker == "a")
    }

    @Test("SVG and PDF keep the pin as vector paths")
    func vectors() throws {
        var spec = try pinSpec(look: "web", pin: ##"{"background": "#00AA00", "glyph": "A"}"##)
        spec.fonts = FontSetup(files: Repository.pinnedFonts, hermetic: true)
        var options = RenderOptions()
        options.format = .svg
        let svg = String(decoding: try Renderer().render(spec, options: options).bytes, as: UTF8.self)
        #expect(svg.contains("<path") && svg.contains("rgb(0%,66.666667%,0%)") && !svg.contains("<image"))
    }

    @Test("errors name the JSON path: a bad colour, an empty glyph, two glyph kinds, a scale out of range, pin with icon or iconView")
    func errors() throws {
        let cases: [(pin: String, rest: String, path: String, fragment: String)] = [
            (#"{"glyph": {"text": "A", "textColor": "bluish"}}"#, "", "markers[0].pin.glyph.textColor", "expected a colour"),
            (#"{"background": 12}"#, "", "markers[0].pin.background", "expected a colour"),
            (#"{"glyph": ""}"#, "", "markers[0].pin.glyph", "1 to 40 characters"),
            (##"{"glyph": {"text": "A", "color": "#FFFFFF"}}"##, "", "markers[0].pin.glyph", "text and color"),
            (#"{"glyph": {"font": 3}}"#, "", "markers[0].pin.glyph.font", "unknown key"),
            (#"{"glyph": 3}"#, "", "markers[0].pin.glyph", "expected a glyph"),
            (#"{"scale": 4}"#, "", "markers[0].pin.scale", "from 0.5 to 3"),
            (#"{"glyph": {"image": "../../etc/passwd"}}"#, "", "markers[0].pin.glyph.image", "outside the allowed folder"),
            (##"{"colour": "#FFFFFF"}"##, "", "markers[0].pin.colour", "unknown key"),
            (#"{}"#, #", "icon": "icon.png""#, "markers[0].pin", "\"pin\" and \"icon\""),
            (#"{}"#, #", "iconView": {"text": "x"}"#, "markers[0].pin", "iconView"),
        ]
        for (pin, rest, path, fragment) in cases {
            do {
                _ = try pinSpec(look: "ios", pin: pin, rest: rest)
                Issue.record("\(pin) was accepted")
            } catch let error as InfoWinError {
                guard case .invalid(_, let errorPath, let message) = error else {
                    Issue.record("\(pin): \(error)")
                    continue
                }
                #expect(errorPath.description == path, "\(pin)")
                #expect(message.contains(fragment), "\(pin): \(message)")
            }
        }
    }
}

/// A colour as 0xRRGGBB, rounded as an 8-bit image stores it.
private func colorHex(_ color: RGBA) -> UInt32 {
    let channel = { (value: Double) in UInt32((value * 255).rounded()) }
    return channel(color.red) << 16 | channel(color.green) << 8 | channel(color.blue)
}
