import Foundation
import InfoWinTestSupport
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

// A crash costs only its spec: INFOWIN_TEST_CRASH_ON=<file name> (a test-only trigger) makes the worker raise
// SIGSEGV as it starts that spec; the others must finish as if nothing happened.

/// Runs `infowin` in `folder` with the environment minus `CI`, crashing on `crashOn` when given (`with`:
/// a runtime trap or a stack overflow rather than SIGSEGV).
private func run(_ arguments: [String], in folder: TemporaryFolder, crashOn: String? = nil, with kind: String? = nil) throws -> CLIResult {
    var environment = ProcessInfo.processInfo.environment
    environment["CI"] = nil
    environment["INFOWIN_TEST_CRASH_ON"] = crashOn
    environment["INFOWIN_TEST_CRASH_WITH"] = kind
    return try CLI.run(arguments + crashFontOptions, in: folder.url, environment: environment, hangGuard: hangGuard)
}

/// Two DejaVu files only, so that the bytes do not depend on the machine's fonts.
private let crashFontOptions = [
    "--hermetic-fonts", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
]

/// Five small specs, `specs/s1.json` … `specs/s5.json`; the tests crash on the middle one.
private func fiveSpecs() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    for index in 1...5 {
        let spec = Specs.spec(
            width: 160, height: 120, scale: 1, markers: [Specs.marker("m", latitude: Double(index) * 0.001, title: "Spec \(index)")],
            selected: "m")
        try folder.write(spec, to: "specs/s\(index).json")
    }
    return folder
}

private let good = ["s1", "s2", "s4", "s5"]

@Suite("a crash costs only its spec")
struct CrashTests {
    @Test(arguments: ["1", "2"])
    func aBatchWithACrashingSpecWritesTheOthersByteForByte(_ jobs: String) throws {
        let folder = try fiveSpecs()
        let normal = try run(["batch", "specs", "-o", "normal", "--jobs", jobs], in: folder)
        #expect(normal.status == 0, "\(normal.stderr)")
        let crashed = try run(["batch", "specs", "-o", "out", "--jobs", jobs], in: folder, crashOn: "s3.json")
        #expect(crashed.status == 1, "\(crashed.stderr)")
        #expect(!crashed.signalled)
        #expect(crashed.stderr.contains("infowin: crashed while rendering specs/s3.json"), "\(crashed.stderr)")
        #expect(crashed.stderr.contains("specs/s3.json: crashed (signal 11, SIGSEGV) while rendering"), "\(crashed.stderr)")
        #expect(!crashed.stderr.contains("s1.json: crashed") && !crashed.stderr.contains("s2.json: crashed"), "\(crashed.stderr)")
        #expect(crashed.stdoutText.contains("rendered 4 of 5 specs into out"), "\(crashed.stdoutText)")
        #expect(try folder.entries("out") == good.flatMap { [$0 + ".layout.json", $0 + ".png"] })
        for name in good {
            for suffix in [".png", ".layout.json"] {
                #expect(try folder.bytes("out/" + name + suffix) == folder.bytes("normal/" + name + suffix), "\(name)\(suffix) differs")
            }
        }
    }

    @Test(arguments: ["trap", "overflow"])
    func aRuntimeTrapOrAStackOverflowCostsOnlyItsSpec(_ kind: String) throws {
        let folder = try fiveSpecs()
        let result = try run(["batch", "specs", "-o", "out", "--jobs", "2"], in: folder, crashOn: "s3.json", with: kind)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("infowin: crashed while rendering specs/s3.json"), "\(result.stderr)")
        #expect(result.stderr.contains("specs/s3.json: crashed (signal "), "\(result.stderr)")
        #expect(try folder.entries("out") == good.flatMap { [$0 + ".layout.json", $0 + ".png"] })
    }

    @Test func aBatchSaysWhatFailedInThePathsOrder() throws {
        let folder = try fiveSpecs()
        try folder.write(#"{"version": 1}"#, to: "specs/s4.json")
        let result = try run(["batch", "specs", "-o", "out", "--jobs", "2"], in: folder, crashOn: "s3.json")
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 2, "\(result.stderr)")
        #expect(errors.first?.contains("s3.json: crashed") == true && errors.last?.contains("s4.json") == true, "\(errors)")
    }

    @Test(arguments: ["1", "2"])
    func checkWithACrashingSpecWritesItsReportAndJUnit(_ jobs: String) throws {
        let folder = try fiveSpecs()
        _ = try run(["check", "specs", "--golden", "golden"], in: folder)
        let result = try run(
            ["check", "specs", "--golden", "golden", "--record", "never", "--report", "report", "--junit", "j.xml", "--jobs", jobs],
            in: folder, crashOn: "s3.json")
        #expect(result.status == 1)
        #expect(result.stderr.contains("specs/s3.json: crashed (signal 11, SIGSEGV) while rendering"), "\(result.stderr)")
        #expect(result.stdoutText.contains("4 passed, 1 failed"), "\(result.stdoutText)")
        let html = String(decoding: try folder.bytes("report/index.html"), as: UTF8.self)
        #expect(html.contains("<span class=\"badge error\">crash</span> <span class=\"name\">s3.json</span>"), "\(html)")
        #expect(html.contains("crashed (signal 11, SIGSEGV) while rendering"))
        // results.json: the crashed spec is an error of kind `crash`, the others passed.
        let results = try JSONSerialization.jsonObject(with: Data(try folder.bytes("report/results.json"))) as? [String: Any]
        let entries = results?["specs"] as? [[String: Any]] ?? []
        let crashed = entries.first { $0["name"] as? String == "s3.json" }
        #expect(crashed?["status"] as? String == "error")
        #expect(crashed?["kind"] as? String == "crash")
        #expect(entries.filter { $0["kind"] as? String == "error" }.isEmpty)
        let xml = try folder.bytes("j.xml")
        #if canImport(FoundationXML) || canImport(Darwin)
        let document = try XMLDocument(data: Data(xml))
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue ?? "" } == ["s1.json", "s2.json", "s3.json", "s4.json", "s5.json"])
        let errors = try document.nodes(forXPath: "//testcase/error").compactMap { $0 as? XMLElement }
        #expect(errors.map { $0.attribute(forName: "type")?.stringValue } == ["crash"])
        #expect(errors.first?.attribute(forName: "message")?.stringValue?.contains("s3.json: crashed") == true)
        #else
        #expect(String(decoding: xml, as: UTF8.self).contains("type=\"crash\""))
        #endif
    }

    @Test(arguments: ["1", "2"])
    func validateWithACrashingSpecChecksTheOthers(_ jobs: String) throws {
        let folder = try fiveSpecs()
        let result = try run(["validate", "specs", "--jobs", jobs], in: folder, crashOn: "s3.json")
        #expect(result.status == 1)
        #expect(result.stderr.contains("specs/s3.json: crashed (signal 11, SIGSEGV) while rendering"), "\(result.stderr)")
        #expect(result.stdoutText.contains("checked 5 specs: 4 valid, 1 invalid"), "\(result.stdoutText)")
    }

    @Test func aCrashInRenderNamesTheSpecAndEndsByTheSignal() throws {
        let folder = try fiveSpecs()
        let result = try run(["render", "specs/s3.json", "-o", "out.png"], in: folder, crashOn: "s3.json")
        #expect(result.signalled && result.status == SIGSEGV, "status \(result.status): \(result.stderr)")
        #expect(result.stderr.contains("infowin: crashed while rendering specs/s3.json\n"), "\(result.stderr)")
        #expect(!folder.exists("out.png"))
    }

    @Test func aCrashNamesTheVariantsItCost() throws {
        let folder = try fiveSpecs()
        try folder.write("id,unused\na,1\nb,2\n", to: "rows.csv")
        let result = try run(["batch", "specs", "-o", "out", "--data", "rows.csv", "--jobs", "2"], in: folder, crashOn: "s3.json")
        #expect(result.status == 1)
        for variant in ["a", "b"] {
            #expect(result.stderr.contains("infowin: crashed while rendering specs/s3.json [\(variant)]\n"), "\(result.stderr)")
            #expect(result.stderr.contains("specs/s3.json [\(variant)]: crashed (signal 11, SIGSEGV) while rendering"), "\(result.stderr)")
        }
        #expect(result.stdoutText.contains("rendered 8 of 10 specs"), "\(result.stdoutText)")
        #expect(try folder.entries("out").filter { $0.hasSuffix(".png") } == good.flatMap { [$0 + ".a.png", $0 + ".b.png"] })
    }

    @Test func sigtermReachesTheWorkerOfACheckWhichSaysHowFarItGot() throws {
        let folder = try TemporaryFolder()
        for index in 0..<300 {
            try folder.write(smallSpec(markers: [marker("m", #", "title": "Spec \#(index)""#)], width: 390, height: 300, scale: 2), to: "specs/s\(index).json")
        }
        var signalledWhileRunning = false
        let result = try runGuarded(["check", "specs", "--golden", "golden", "--junit", "j.xml", "--jobs", "1"], in: folder.url) { process in
            let deadline = Date().addingTimeInterval(hangGuard)
            while process.isRunning, Date() < deadline, tree(folder.url.appendingPathComponent("golden")).filter({ $0.hasSuffix(".png") }).isEmpty {
                usleep(1_000)
            }
            if process.isRunning {
                kill(process.processIdentifier, SIGTERM)
                signalledWhileRunning = true
            }
        }
        #expect(!result.hung && !result.signalled, "\(result.stderr.suffix(300))")
        if signalledWhileRunning && result.stderr.contains("interrupted") {
            #expect(result.status == 1)
            #expect(folder.exists("j.xml"), "the JUnit file of the specs checked")
            #expect(temporaries(folder.url.appendingPathComponent("golden")).isEmpty)
        }
    }

    @Test func withoutTheTriggerNothingCrashes() throws {
        let folder = try fiveSpecs()
        let result = try run(["batch", "specs", "-o", "out"], in: folder, crashOn: "other.json")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("crashed"))
    }
}
