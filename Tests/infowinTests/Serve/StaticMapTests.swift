import Foundation
import InfoWinTestSupport
import Testing

/// `GET /staticmap`: Google Static Maps' parameters and ours, templates, and hostile query strings.
@Suite(.serialized) struct StaticMapTests {
    @Test func aStaticMapIsTheSpecItsParametersSayRenderedAsTheCLIRendersIt() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write("""
            {"version": 1, "map": {"width": 300, "height": 200, "scale": 2, "camera": {"target": {"latitude": 51.5, "longitude": -0.127}, "zoom": 12}},
             "markers": [{"id": "m1", "position": {"latitude": 51.5, "longitude": -0.127}, "pin": {"background": "#3A72D8", "glyph": "A"}},
                         {"id": "shop", "position": {"latitude": 51.51, "longitude": -0.1}, "title": "Café Rouge", "snippet": "Open till 22:00"},
                         {"id": "m3", "position": {"latitude": 51.49, "longitude": -0.15}, "pin": {"background": "#3A72D8", "glyph": "A"}}],
             "selectedMarker": "shop", "look": "android", "locale": "de-DE"}
            """, to: "spec.json")
        let cli = try CLI.run(["render", spec.path, "-o", folder.path("cli.png")] + CLI.pinnedFontOptions)
        #expect(cli.status == 0, "\(cli.stderr)")
        let query = "center=51.5,-0.127&zoom=12&size=300x200&scale=2&markers=color:blue%7Clabel:A%7C51.5,-0.127&markers=id:shop|51.51,-0.1"
            + "&markers=color:blue|label:A|51.49,-0.15&selected=shop&title=Caf%C3%A9+Rouge&snippet=Open%20till%2022:00&look=android&locale=de-DE"
        try Serve.with(["--workers", "1"] + CLI.pinnedFontOptions) { port, _ in
            let answer = try RawHTTP.request(port: port, "GET", "/staticmap?" + query)
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.body == Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("cli.png")))))
            let report = try RawHTTP.request(port: port, "GET", "/staticmap?" + query + "&layout=1").json["layout"] as? [String: Any] ?? [:]
            let ids = (report["markers"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            #expect(ids == ["m1", "shop", "m3"])
            let jpeg = try RawHTTP.request(port: port, "GET", "/staticmap?center=0,0&zoom=1&size=50x50&format=jpg")
            #expect(jpeg.header("Content-Type") == "image/jpeg")
        }
    }

    @Test func withoutACenterTheMapFitsItsMarkersAndTheFirstIsSelected() throws {
        try Serve.with(["--workers", "1"]) { port, _ in
            let answer = try RawHTTP.request(port: port, "GET", "/staticmap?size=300x200&markers=48.85,2.35|48.86,2.29&title=Here&layout=1")
            #expect(answer.status == 200, "\(answer.text)")
            let layout = answer.json["layout"] as? [String: Any] ?? [:]
            let window = layout["infoWindow"] as? [String: Any]
            #expect(window?["marker"] as? String == "m1")
        }
    }

    @Test func aTemplateFromTheFirstAssetRootIsFilledAsDataFillsARow() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("""
            {"version": 1, "map": {"width": 240, "height": 160, "camera": {"target": {"latitude": 52.52, "longitude": 13.4}, "zoom": 13}},
             "markers": [{"id": "store", "position": {"latitude": 52.52, "longitude": 13.4}, "title": "{{data.name}}", "snippet": "{{data.hours}}"}],
             "selectedMarker": "store"}
            """, to: "assets/store-card.json")
        _ = try folder.write(#"{"name": "Mitte & Söhne", "hours": "8–20 Uhr"}"# + "\n", to: "row.jsonl")
        let cli = try CLI.run(["render", folder.path("assets/store-card.json"), "-o", folder.path("out.png"), "--data", folder.path("row.jsonl")] + CLI.pinnedFontOptions)
        #expect(cli.status == 0, "\(cli.stderr)")
        try Serve.with(["--workers", "1", "--asset-root", folder.path("assets")] + CLI.pinnedFontOptions) { port, _ in
            let answer = try RawHTTP.request(port: port, "GET", "/staticmap?template=store-card&data.name=Mitte+%26+S%C3%B6hne&data.hours=8%E2%80%9320+Uhr")
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.body == Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("out.1.png")))))
            let missing = try RawHTTP.request(port: port, "GET", "/staticmap?template=nothing-here")
            #expect(missing.status == 400)
            #expect((missing.json["detail"] as? String ?? "").contains("nothing-here.json"))
        }
    }

    @Test func hostileQueryStringsAreRefusedWith400AndAReason() throws {
        let queries = [
            "", "size=300x200", "size=0x10&center=0,0&zoom=1", "size=99999x1&center=0,0&zoom=1", "size=axb&center=0,0&zoom=1",
            "size=10x10&center=95,0&zoom=1", "size=10x10&center=0&zoom=1", "size=10x10&center=0,0", "size=10x10&center=0,0&zoom=nan",
            "size=10x10&center=0,0&zoom=1e999", "size=10x10&center=0,0&zoom=1&zoom=2", "size=10x10&markers=", "size=10x10&markers=color:nope|0,0",
            "size=10x10&markers=label:TOOLONG|0,0", "size=10x10&markers=label:AB|0,0", "size=10x10&markers=icon:http://x/y.png|0,0", "size=10x10&markers=Berlin",
            "size=10x10&markers=id:a|0,0|1,1", "size=10x10&markers=id:a|0,0&markers=id:a|1,1", "size=10x10&markers=0,0&selected=zz",
            "size=10x10&center=0,0&zoom=1&title=orphan", "size=10x10&center=0,0&zoom=1&zom=2", "size=10x10&center=0,0&zoom=1&look=windows",
            "size=10x10&center=0,0&zoom=1&locale=%00", "size=10x10&center=0,0&zoom=1&format=gif", "size=10x10&center=0,0&zoom=1&data.x=1",
            "template=", "template=a%2fb", "template=x&center=0,0", "template=x&data.=1", "%zz=%zz&&&=&size=10x10",
            "size=10x10&center=%F0%9F%98%80,0&zoom=1", "size=10x10&markers=" + String(repeating: "0,0|", count: 20_000),
        ]
        try Serve.with(["--workers", "2"]) { port, _ in
            for query in queries {
                let answer = try RawHTTP.request(port: port, "GET", "/staticmap?" + query)
                #expect([400, 414, 431].contains(answer.status), "\(query.prefix(80)): \(answer.status) \(answer.text.prefix(200))")
                if answer.status == 400 {
                    #expect(answer.header("Content-Type") == "application/problem+json", "\(query.prefix(80))")
                    #expect(!(answer.json["detail"] as? String ?? "").isEmpty, "\(query.prefix(80))")
                }
            }
            #expect(try RawHTTP.request(port: port, "GET", "/healthz").status == 200)
        }
    }

    @Test(.enabled(if: Tools.pyYAML, "PyYAML (python3-yaml) is not installed (make test installs it)"))
    func theDeploymentExamplesAreValidYAMLAndSystemdUnits() throws {
        let folder = CLI.repository.appendingPathComponent("Examples/serve")
        let script = "import sys, yaml; print(' '.join(d['kind'] for d in yaml.safe_load_all(open(sys.argv[1])) if d))"
        let kinds = try CLI.run(["-c", script, folder.appendingPathComponent("kubernetes.yaml").path], executable: URL(fileURLWithPath: Tools.python))
        #expect(kinds.status == 0, "\(kinds.stderr)")
        #expect(kinds.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == "Deployment PersistentVolumeClaim Service HorizontalPodAutoscaler PodDisruptionBudget")
        let unit = try String(contentsOf: folder.appendingPathComponent("infowin-serve.service"), encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/bin/infowin serve"))
        #expect(unit.contains("KillSignal=SIGTERM"))
    }
}
