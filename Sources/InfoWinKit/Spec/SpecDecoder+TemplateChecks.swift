extension SpecDecoder {
    /// Fails when a template of the marker's window or icon view names a userData value the marker lacks
    /// (a missing key, an index out of range), or one that is no text (an object); when a `forEach` names
    /// no array; or when `{{item.KEY}}` leads nowhere in one of the array's elements.
    /// The top-level window's templates are checked too, but what they find is kept with the marker
    /// (`topLevelWindowError`), raised only if its window is drawn; `sharesWindow` says that the marker's
    /// `infoWindow` is the top-level one filled for it. Returns the marker with what was kept.
    func checkTemplates(of marker: MarkerSpec, at path: JSONPath, defaultWindow: InfoWindowSpec, sharesWindow: Bool = false) throws(InfoWinError) -> MarkerSpec {
        try checkTemplates(of: marker, owner: "marker \(JSONWriter.quoted(marker.id)) (\(path))", defaultWindow: defaultWindow, sharesWindow: sharesWindow)
    }

    /// The same checks for a marker the messages call `owner` (a GeoJSON point names its file and feature).
    func checkTemplates(of marker: MarkerSpec, owner: String, defaultWindow: InfoWindowSpec, sharesWindow: Bool = false) throws(InfoWinError) -> MarkerSpec {
        var checked = marker
        if let view = marker.iconView { try checkTemplates(in: view, of: marker, owner: owner) }
        guard let view = (marker.infoWindow ?? defaultWindow).content.view else { return checked }
        if marker.infoWindow != nil && !sharesWindow {
            try checkTemplates(in: view, of: marker, owner: owner)
        } else if checked.topLevelWindowError == nil {
            do throws(InfoWinError) { try checkTemplates(in: view, of: marker, owner: owner) } catch { checked.topLevelWindowError = error }
        }
        return checked
    }

    /// Fails when a template of `view` names what `marker` lacks.
    private func checkTemplates(in view: ViewSpec, of marker: MarkerSpec, owner: String) throws(InfoWinError) {
        for text in view.textViews(shownWith: marker.userData) {
            guard case .text(let spec) = text.kind else { continue }
            let source = text.source.appending(spec.spans.isEmpty ? "text" : "spans")
            for reference in spec.template.userDataReferences {
                try checkText(marker.userData.value(at: UserDataPath(parsing: reference.path)), named: reference.placeholder, of: owner, at: source)
            }
        }
        for repeated in view.descendants {
            guard let key = repeated.forEach else { continue }
            let source = repeated.source.appending("forEach")
            guard let value = marker.userData.value(at: key) else { continue }
            guard let elements = value.elements else {
                throw reader.failure(source, "userData.\(key) of \(owner) is not an array, so it cannot be repeated over")
            }
            let checked = repeated.forEachElement.map { index in index < elements.count ? [elements[index]] : [] } ?? elements
            try checkItemPaths(in: repeated, over: checked, named: "userData.\(key)", of: owner)
        }
    }

    /// Fails when a text in `view` (a `forEach`'s view) uses `{{item.KEY}}` that some element lacks.
    private func checkItemPaths(in view: ViewSpec, over elements: [UserDataValue], named array: String, of owner: String) throws(InfoWinError) {
        for text in view.descendants {
            guard case .text(let spec) = text.kind else { continue }
            let source = text.source.appending(spec.spans.isEmpty ? "text" : "spans")
            for itemPath in spec.template.itemPaths {
                for (index, element) in elements.enumerated() {
                    try checkText(
                        element.value(at: UserDataPath(parsing: itemPath)), named: "{{item.\(itemPath)}}",
                        of: "element \(index) of \(array) of \(owner)", at: source)
                }
            }
        }
    }

    /// Fails when `found` is no value, or is one with no text (an object, or an array holding objects).
    private func checkText(
        _ found: Result<UserDataValue, UserDataPath.Miss>?, named name: String, of owner: String, at source: JSONPath
    ) throws(InfoWinError) {
        switch found {
        case .success(let value) where value.text == nil:
            throw reader.failure(source, "\(name) is \(value.kindName) in \(owner), not text: name one of its values")
        case .failure(let miss):
            throw reader.failure(source, miss.message(name, of: owner))
        default:
            return
        }
    }
}

extension Array where Element == UserDataEntry {
    /// The value at `path` (nil when it is nil: a template checked when it was parsed always has one).
    fileprivate func value(at path: UserDataPath?) -> Result<UserDataValue, UserDataPath.Miss>? {
        path.map { value(at: $0) }
    }
}

extension UserDataValue {
    fileprivate func value(at path: UserDataPath?) -> Result<UserDataValue, UserDataPath.Miss>? {
        path.map { value(at: $0) }
    }
}
