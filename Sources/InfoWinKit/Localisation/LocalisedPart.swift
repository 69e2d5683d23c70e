/// A `{{strings.KEY(ARG, …)}}` placeholder left for each marker to fill: in a view that every marker
/// shares (the map's `infoWindow`), an argument `userData.x` differs from marker to marker, so the string
/// is looked up once, when the spec is read, and resolved for each marker's own values when it is drawn.
package struct LocalisedPart: Sendable, Equatable {
    let reference: StringsReference
    let string: LocalisedString
    let locale: String
    /// The variant's pseudo-locale, applied to the text once it is filled.
    let pseudoLocale: PseudoLocale?

    /// Parses what follows `strings.`; the key must be in the catalog of `strings` (nil: no `--strings`).
    init(parsing text: Substring, strings: StringsFiller?) throws(TemplateError) {
        do throws(StringsReferenceError) { reference = try StringsReference(parsing: text) } catch {
            throw TemplateError(message: error.message)
        }
        guard let strings else {
            throw TemplateError(message: "{{strings.\(reference.key)}} needs --strings CATALOG and --locale L")
        }
        guard let found = strings.catalog.lookup(reference.key, locale: strings.locale) else {
            throw TemplateError(message: "{{strings.\(reference.key)}}: \(strings.catalog.file) has no key \(JSONWriter.quoted(reference.key))")
        }
        if let data = reference.arguments.first(where: { if case .data = $0 { true } else { false } }) {
            throw TemplateError(message: "{{strings.\(reference.key)}}: \(data) and userData arguments together can only be used in a marker's own strings")
        }
        string = found.string
        locale = found.locale ?? strings.locale
        pseudoLocale = strings.pseudoLocale
    }

    /// The userData keys its arguments name.
    var userDataKeys: [String] {
        reference.arguments.compactMap { if case .userData(let key) = $0 { key } else { nil } }
    }

    /// The string resolved for `marker`'s userData (a value that reads as a number counts as one).
    func text(for marker: MarkerSpec) throws(TemplateError) -> String {
        var arguments: [FormatArgument] = []
        for argument in reference.arguments {
            switch argument {
            case .number(let number): arguments.append(.number(number))
            case .string(let text): arguments.append(.string(text))
            case .data: break
            case .userData(let key):
                guard let entry = marker.userData.first(where: { $0.key == key }) else {
                    throw TemplateError(message: "{{strings.\(reference.key)}}: marker \(JSONWriter.quoted(marker.id)) has no userData.\(key)")
                }
                arguments.append(.string(entry.text))
            }
        }
        do throws(LocalisationError) {
            guard let pseudoLocale else { return try string.resolved(arguments, locale: locale) }
            return pseudoLocale.apply(to: try string.resolvedPieces(arguments, locale: locale))
        } catch {
            throw TemplateError(message: "{{strings.\(reference.key)}} in \(locale) for marker \(JSONWriter.quoted(marker.id)): \(error.message)")
        }
    }
}
