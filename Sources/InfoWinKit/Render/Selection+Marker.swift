extension Selection {
    /// The id of the marker whose window is shown, nil for none. A selection of a marker the spec does not
    /// have is an error naming the id, as the command line's `--select` is, never a map without a window.
    func markerID(in spec: Spec) throws(InfoWinError) -> String? {
        switch self {
        case .fromSpec: return spec.selectedMarker
        case .none: return nil
        case .marker(let id):
            guard spec.markers.contains(where: { $0.id == id }) else {
                throw .invalid(file: spec.file, path: .root.appending("selectedMarker"),
                               message: "the selection asks for the marker \(JSONWriter.quoted(id)), and no marker has that id")
            }
            return id
        }
    }
}
