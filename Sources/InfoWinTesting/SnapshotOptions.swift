#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import InfoWinCheck
import InfoWinKit

/// The parameters of one snapshot call beyond its map and name, each the Swift form of a command-line
/// option of `infowin check`: `strings:` (`--strings`), `locale:` (`--locale`), `traits:` (`--traits`),
/// `data:` (`--data`), `scales:` (`--scale 1,2,3`), `failOn:` (`--fail-on`) and `record:` (`--record`).
struct SnapshotOptions: Sendable {
    var strings: URL?
    var locale: SnapshotLocale?
    var traits: SnapshotTraits?
    var data: URL?
    var scales: [Int]?
    /// nil when the test does not give `failOn:`; `[]` given explicitly lets warnings pass as notes.
    var failOn: Set<SnapshotProblem>?
    var record: SnapshotRecordMode?

    /// True when the test gave `failOn: []`: then XCTest prints the render's warnings as notes instead of
    /// failing on them.
    var warningsAreNotes: Bool { failOn?.isEmpty == true }

    /// The variants the command line makes of the same options (`VariantRequest`), with one difference:
    /// a locale given is always in the golden's name (`NAME.de.png`), a single one too, so that a test's
    /// goldens say which locale they are. `note` hears a POSIX locale name read as its BCP 47 tag.
    func variants(note: (String) -> Void) throws(SnapshotSetupError) -> [SpecVariant] {
        let request = VariantRequest(
            strings: try Self.path(of: strings, parameter: "strings:"), locale: try locale?.optionValue(),
            data: try Self.path(of: data, parameter: "data:"), traits: try traits?.optionValue(), names: .swiftParameters)
        do throws(VariantRequestError) {
            return try request.variants(note: note).map { variant in
                var named = variant
                named.namedByLocale = variant.strings != nil
                return named
            }
        } catch {
            throw SnapshotSetupError(message: error.message)
        }
    }

    /// The scales, checked as `--scale 1,2,3` is: whole numbers from 1 to 4, each once; nil for the map's own.
    func checkedScales() throws(SnapshotSetupError) -> [Int]? {
        guard let scales else { return nil }
        guard !scales.isEmpty, scales.allSatisfy({ (1...4).contains($0) }), Set(scales).count == scales.count else {
            throw SnapshotSetupError(message: "scales: expected whole numbers from 1 to 4, each once (like [1, 2, 3]), got \(scales)")
        }
        return scales
    }

    /// The file a `file:` URL names (nil for none); any other URL is refused, naming the parameter.
    private static func path(of url: URL?, parameter: String) throws(SnapshotSetupError) -> String? {
        guard let url else { return nil }
        guard url.isFileURL, let path = url.withUnsafeFileSystemRepresentation({ $0.map { String(cString: $0) } }) else {
            throw SnapshotSetupError(message: "\(parameter) expected a file URL (URL(filePath: …)), got \(url.absoluteString)")
        }
        return path
    }
}
