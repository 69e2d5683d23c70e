import Foundation
import InfoWinTestSupport
import Testing
@testable import InfoWinKit

/// `SpecSource.fetchedFiles`: an image value naming a fetched URL (`/staticmap`'s icons) is read from the
/// source's bytes, never from the file system, as an icon file is (its size limit and header checked), in
/// every variant of the spec.
@Suite struct FetchedFilesTests {
    static let url = "https://icons.example.com/cafe.png"

    static func source(_ bytes: [UInt8]) -> SpecSource {
        let text = #"{"version": 1, "map": {"width": 100, "height": 100, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 2}}, "#
            + #""markers": [{"id": "m1", "position": {"latitude": 0, "longitude": 0}, "title": "Café", "icon": {"image": "\#(url)", "scale": 2}}]}"#
        var source = SpecSource(name: "<staticmap>", bytes: Array(text.utf8), folder: "/nonexistent/infowin-test")
        source.fetchedFiles = [url: bytes]
        return source
    }

    @Test func aFetchedIconIsTheMarkersImageInEveryVariantAndCountsAsAFileRead() throws {
        let icon = PNG.solid(width: 20, height: 40)
        for variant in [SpecVariant(), SpecVariant(pseudoLocale: .accented)] {
            let spec = try SpecDecoder.decode(try variant.apply(to: Self.source(icon)))
            guard case .image(let file, let bytes, let scale, _) = spec.markers[0].icon else {
                Issue.record("the icon is not the fetched image")
                continue
            }
            #expect(file == Self.url && bytes == icon && scale == 2)
            #expect(spec.filesRead.contains { $0.hasSuffix(" " + Self.url) })
        }
    }

    @Test func aFetchedFileThatIsNotAnImageIsRefusedNamingItsURL() {
        let error = #expect(throws: InfoWinError.self) { try SpecDecoder.decode(Self.source(Array("<html>".utf8))) }
        #expect(error?.message.contains(Self.url) == true && error?.message.contains("markers[0].icon.image") == true, "\(error?.message ?? "")")
    }
}
