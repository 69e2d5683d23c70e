extension SpecDecoder {
    /// Reads, through the sandbox, the file that each templated image path names for each marker that
    /// shows it (and each `forEach` element), so that drawing reads no file and a bad path is an error
    /// naming the view and the marker.
    func loadTemplatedImages(of markers: [MarkerSpec], defaultWindow: InfoWindowSpec) throws(InfoWinError) -> [String: ImageAsset] {
        var assets: [String: ImageAsset] = [:]
        var budget = ExpansionBudget()
        for marker in markers {
            for root in [marker.shownInfoWindow(default: defaultWindow).content.view, marker.shownIconView].compactMap({ $0 }) {
                try loadImages(in: root, for: marker, item: nil, into: &assets, budget: &budget)
            }
        }
        return assets
    }

    private func loadImages(
        in view: ViewSpec, for marker: MarkerSpec, item: RepeatItem?, into assets: inout [String: ImageAsset],
        budget: inout ExpansionBudget
    ) throws(InfoWinError) {
        switch view.kind {
        case .image(let image):
            guard let template = image.pathTemplate else { return }
            let source = view.source.appending("image")
            let path: String
            do throws(TemplateError) { path = try template.filled(for: marker, item: item, budget: &budget) } catch {
                throw .invalid(file: reader.file, path: source, message: "the image path of marker \(JSONWriter.quoted(marker.id)): \(error.message)")
            }
            guard assets[path] == nil else { return }
            do {
                assets[path] = try loadImageAsset(JSONValue(kind: .string(path), offset: 0), source)
            } catch {
                guard case .invalid(let file, let errorPath, let message) = error else { throw error }
                throw .invalid(file: file, path: errorPath, message: "\(message) (the path as filled for marker \(JSONWriter.quoted(marker.id)))")
            }
        case .vstack(let stack), .hstack(let stack), .zstack(let stack):
            for child in stack.shownChildren(for: marker, item: item) {
                try loadImages(in: child.view, for: marker, item: child.item, into: &assets, budget: &budget)
            }
        default:
            return
        }
    }
}
