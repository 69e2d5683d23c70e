import Testing
@testable import InfoWinCheck
import InfoWinKit

@Suite("the render job: versions, file names and collisions")
struct RenderJobTests {
    /// The plain spec and the `en-XA` pseudo-locale, named in `render`'s files only when `namedByLocale`.
    private static func job(scales: [Int]?, namedByLocale: Bool = true) -> RenderJob {
        var pseudo = SpecVariant(pseudoLocale: .accented)
        pseudo.namedByLocale = namedByLocale
        var settings = RenderSettings()
        settings.variants = [SpecVariant(), pseudo]
        return RenderJob(settings: settings, scales: scales)
    }

    @Test("every scale of one variant, then of the next; render's names put the scale last, batch's suffixes likewise")
    func versionsAndNames() {
        let versions = Self.job(scales: [1, 2]).versions
        #expect(versions.map(\.suffix) == ["", "@2x", ".en-XA", ".en-XA@2x"])
        #expect(versions.map { $0.name("out/map.png") } == ["out/map.png", "out/map@2x.png", "out/map.en-XA.png", "out/map.en-XA@2x.png"])
        // A pseudo-locale alone keeps render's name; batch's files are named by it all the same.
        let unnamed = Self.job(scales: nil, namedByLocale: false).versions
        #expect(unnamed.map { $0.name("map.png") } == ["map.png", "map.png"])
        #expect(unnamed.map(\.suffix) == ["", ".en-XA"])
        #expect(Self.job(scales: nil).suffixesNames && !RenderJob(settings: RenderSettings()).suffixesNames)
    }

    @Test("a version by its number is the one the list holds, made without the list (a batch asks 100,000 times)")
    func versionByNumberIsTheListsWithoutMakingIt() {
        for scales in [nil, [1, 2, 3]] as [[Int]?] {
            let job = Self.job(scales: scales)
            #expect(job.versionCount == job.versions.count)
            #expect((0..<job.versionCount).map { job.version($0).suffix } == job.versions.map(\.suffix))
        }
        let specs = [FoundSpec(path: "s/a.json", relativePath: "a.json"), FoundSpec(path: "s/b.json", relativePath: "b.json")]
        let job = Self.job(scales: [1, 2])
        #expect(job.itemCount(of: specs) == 8)
        #expect((0..<8).map { job.renderName($0, of: specs) } == [
            "a.json", "a.json [@2x]", "a.json [en-XA]", "a.json [en-XA@2x]", "b.json", "b.json [@2x]", "b.json [en-XA]", "b.json [en-XA@2x]",
        ])
    }

    @Test("a batch's items are every variant of one spec, then of the next; its files are DIR/<relative>.<suffix>")
    func batchItemsAndFiles() {
        let job = Self.job(scales: nil)
        let specs = [FoundSpec(path: "s/a.json", relativePath: "a.json"), FoundSpec(path: "s/sub/b.json", relativePath: "sub/b.json")]
        #expect(job.itemCount(of: specs) == 4)
        #expect((0..<4).map { job.item($0, of: specs) }.map { $0.spec.relativePath + $0.variant.nameSuffix }
            == ["a.json", "a.json.en-XA", "sub/b.json", "sub/b.json.en-XA"])
        #expect((0..<4).map(job.specIndex(ofItem:)) == [0, 0, 1, 1])
    }

    @Test("two of render's files that would be one name the versions they are")
    func renderCollision() {
        #expect(throws: Never.self) { try Self.job(scales: [1, 2]).checkNames(image: "out.png", layout: "out.json") }
        #expect(throws: Never.self) { try Self.job(scales: [1, 2]).checkNames(image: "-", layout: "-") }
        let scaled = #expect(throws: OutputNames.Collision.self) { try Self.job(scales: [1, 2]).checkNames(image: "out.png", layout: "out@2x.png") }
        #expect(scaled?.message == "the scale 1 layout report and the scale 2 image would both be written to out@2x.png: rename one of them, or drop a --scale")
        let named = #expect(throws: OutputNames.Collision.self) { try Self.job(scales: nil).checkNames(image: "out.png", layout: "out.en-XA.png") }
        #expect(named?.message == "the layout report and render en-XA's image would both be written to out.en-XA.png: rename one of them, or drop a --scale")
    }

    @Test("two specs of a batch whose files would be one name the specs, variants and scales; none without suffixes")
    func batchCollision() {
        let specs = [FoundSpec(path: "s/a.json", relativePath: "a.json"), FoundSpec(path: "s/a@2x.json", relativePath: "a@2x.json")]
        let collision = Self.job(scales: [1, 2]).nameCollision(in: specs, to: "out")
        #expect(collision?.message == "s/a.json at scale 2 and s/a@2x.json at scale 1 would both be written to out/a@2x.png: rename one of them, or drop a --scale")
        let localised = [FoundSpec(path: "s/a.json", relativePath: "a.json"), FoundSpec(path: "s/a.en-XA.json", relativePath: "a.en-XA.json")]
        #expect(Self.job(scales: nil).nameCollision(in: localised, to: "out")?.message
            == "s/a.json for en-XA and s/a.en-XA.json would both be written to out/a.en-XA.png: rename one of them, or drop a --scale")
        #expect(RenderJob(settings: RenderSettings()).nameCollision(in: specs, to: "out") == nil)
    }
}
