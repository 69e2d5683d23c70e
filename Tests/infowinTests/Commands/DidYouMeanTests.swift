import Foundation
import InfoWinTestSupport
import Testing

@Suite("did you mean: commands, options, keys; hit's own options")
struct DidYouMeanTests {
    @Test("a misspelt command or option gets the nearest one")
    func commandsAndOptions() throws {
        let command = try CLI.run(["rendr", "spec.json"])
        #expect(command.status == 2 && command.stderr.contains("unknown command 'rendr' (did you mean 'render'?)"), "\(command.stderr)")
        let option = try CLI.run(["render", "spec.json", "-o", "out.png", "--scael", "2"])
        #expect(option.status == 2 && option.stderr.contains("unknown option --scael (did you mean --scale?)"), "\(option.stderr)")
    }

    @Test("lat, lng and lon are taken for latitude and longitude in the hint")
    func coordinateAliases() throws {
        let folder = try TemporaryFolder()
        try folder.write(#"{"map": {"width": 10, "height": 10, "camera": {"target": {"latitude": 1, "lng": 2}, "zoom": 1}}}"#, to: "spec.json")
        let result = try CLI.run(["render", "spec.json", "-o", "out.png"], in: folder.url)
        #expect(result.status == 1 && result.stderr.contains(#"unknown key "lng" (did you mean "longitude"?)"#), "\(result.stderr)")
    }

    @Test("hit --help lists only the options that act there")
    func hitOptions() throws {
        let help = String(decoding: try CLI.run(["hit", "--help"]).stdout, as: UTF8.self)
        #expect(help.contains("--at") && help.contains("--select") && help.contains("--hermetic-fonts"))
        for option in ["--png-compression", "--crop", "--fail-on", "--tile-cache", "--offline"] {
            #expect(!help.contains(option), "\(option) does nothing for hit")
        }
    }
}
