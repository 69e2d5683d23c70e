import Graphics
import InfoWinKit

/// Reads a request's custom icons on its worker and writes its spec: an icon URL fetched as map tiles are
/// (the tile cache, `--tile-timeout`, `--offline`, the private-network rule) and handed to the decoder as
/// the file that URL names, an icon path left for the decoder to read as a spec's icons are; each icon's
/// size, where it can be read, turns `X,Y` anchors into points of its unit square.
enum StaticMapIconLoader {
    /// The spec of `draft`, its icons read; a fault is the request's, naming `markers` and the icon.
    static func source(_ draft: StaticMapDraft, settings: ServiceSettings, cancellation: RenderCancellation?) throws(InfoWinError) -> SpecSource {
        var fetched: [String: [UInt8]] = [:], sizes: [StaticMapIcon: (width: Int, height: Int)] = [:]
        for icon in draft.icons {
            let bytes: [UInt8]?
            if icon.isURL {
                let got = try settings.render.tiles.fetchFile(icon.reference, file: "markers: icon", cancellation: cancellation)
                guard got.count <= StaticMapIcon.fetchedSizeLimit else {
                    throw .io(file: "markers: icon", message: "\(icon.reference) is \(got.count) bytes, more than the limit of \(Format.bytes(StaticMapIcon.fetchedSizeLimit)) for an icon from a host")
                }
                fetched[icon.reference] = got
                bytes = got
            } else {
                bytes = assetBytes(icon.reference, roots: settings.render.assetRoots)
            }
            // An icon that is not an image keeps no size: the decoder refuses it, naming why.
            if let bytes, let header = try? ImageHeader(bytes: bytes) { sizes[icon] = (header.width, header.height) }
        }
        let text: String
        do throws(Problem) { text = try draft.spec(iconSizes: sizes) } catch {
            throw .io(file: "markers", message: String(error.detail.dropFirst("markers: ".count)))
        }
        var source = SpecSource(name: "<staticmap>", bytes: Array(text.utf8), folder: settings.specFolder)
        source.fetchedFiles = fetched
        return source
    }

    /// The bytes of the icon at `path` in the first asset root, read only inside the asset roots; nil when
    /// it cannot be read there (the decoder then says why, as it does for a spec's icons).
    private static func assetBytes(_ path: String, roots: [String]) -> [UInt8]? {
        let real = roots.compactMap(FileSystem.realPath)
        guard let first = roots.first, let file = FileSystem.realPath(Path.normalized(Path.join(first, path))),
              real.contains(where: { Path.isInside(file, folder: $0) }) else { return nil }
        return (try? FileSystem.read(file, limit: SpecDecoder.imageSizeLimit, confinedTo: real)) ?? nil
    }
}
