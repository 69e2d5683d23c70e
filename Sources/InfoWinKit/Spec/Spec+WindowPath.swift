extension Spec {
    /// Where the window of `markerID` was made: the marker's own `infoWindow`, else the top-level one.
    func infoWindowPath(of markerID: String) -> JSONPath {
        guard let index = markers.firstIndex(where: { $0.id == markerID }) else { return .root.appending("infoWindow") }
        return markers[index].infoWindow == nil
            ? .root.appending("infoWindow") : .root.appending("markers").appending(index).appending("infoWindow")
    }
}
