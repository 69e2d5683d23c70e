/// What `{{strings.KEY(ARG, …)}}` shows in one variant: the key looked up in the catalog in the variant's
/// locale (with its fallbacks), its arguments' values taken from literals, the data row and the marker's
/// `userData`, and the string resolved for them (plural and device forms, substitutions, numbers in the
/// locale's digits). A string shown from a fallback is reported as untranslated.
struct StringsFiller: Sendable {
    let catalog: LocalisedCatalog
    let locale: String
    /// The variant's pseudo-locale, applied to the strings filled per marker when they are drawn.
    var pseudoLocale: PseudoLocale?

    /// A filled reference: its text in pieces (arguments' values and numbers kept apart from the words,
    /// for pseudo-locales), and why it is untranslated when it is.
    struct Filled {
        let pieces: [PseudoPiece]
        let untranslated: UntranslatedString?

        var text: String { pieces.map(\.text).joined() }
    }

    /// The text of `reference` at `path` of `file`; `userData` is the enclosing marker's (nil outside a
    /// marker), `row` the data row.
    func fill(
        _ reference: StringsReference, row: DataRows.Row?, userData: [String: FormatArgument]?, path: JSONPath, file: String
    ) throws(InfoWinError) -> Filled {
        let key = reference.key
        func failure(_ message: String) -> InfoWinError {
            .invalid(file: file, path: path, message: "{{strings.\(key)}} in \(locale): \(message)")
        }
        let found = try lookup(key, path: path, file: file)
        var arguments: [FormatArgument] = []
        for argument in reference.arguments {
            switch argument {
            case .number(let number): arguments.append(.number(number))
            case .string(let text): arguments.append(.string(text))
            case .data(let column):
                guard let row else { throw failure("data.\(column) needs --data FILE") }
                guard let value = row.value(column) else { throw failure("row \(row.name) has no column \(JSONWriter.quoted(column))") }
                arguments.append(.string(value))
            case .userData(let name):
                guard let userData else { throw failure("userData.\(name) can only be used in a marker's own strings and views") }
                guard let value = userData[name] else { throw failure("the marker's userData has no key \(JSONWriter.quoted(name))") }
                arguments.append(value)
            }
        }
        let pieces: [PseudoPiece]
        do throws(LocalisationError) {
            pieces = try found.string.resolvedPieces(arguments, locale: found.locale ?? locale)
        } catch {
            throw failure(error.message)
        }
        return Filled(pieces: pieces, untranslated: found.untranslated.map { UntranslatedString(key: key, locale: locale, reason: $0, path: path) })
    }

    /// Checks a reference left for each marker to fill (`userData.x` in a view all markers share): its key
    /// is in the catalog; returns why the string is untranslated, if it is.
    func check(_ reference: StringsReference, path: JSONPath, file: String) throws(InfoWinError) -> UntranslatedString? {
        let found = try lookup(reference.key, path: path, file: file)
        return found.untranslated.map { UntranslatedString(key: reference.key, locale: locale, reason: $0, path: path) }
    }

    private func lookup(_ key: String, path: JSONPath, file: String) throws(InfoWinError) -> LocalisedLookup {
        guard let found = catalog.lookup(key, locale: locale) else {
            let hint = catalog.suggestion(for: key).map { " (did you mean \(JSONWriter.quoted($0))?)" } ?? ""
            throw .invalid(file: file, path: path, message: "{{strings.\(key)}}: \(catalog.file) has no key \(JSONWriter.quoted(key))\(hint)")
        }
        return found
    }

    /// A marker's `userData` as format arguments: numbers as numbers, strings and booleans as text.
    static func arguments(ofMarker marker: JSONValue.Kind) -> [String: FormatArgument] {
        guard case .object(let fields) = marker, let userData = fields.first(where: { $0.key == "userData" }),
              case .object(let members) = userData.value.kind
        else { return [:] }
        var arguments: [String: FormatArgument] = [:]
        for member in members {
            switch member.value.kind {
            case .number(let number): arguments[member.key] = .number(number)
            case .string(let text): arguments[member.key] = .string(text)
            case .bool(let flag): arguments[member.key] = .string(flag ? "true" : "false")
            default: continue
            }
        }
        return arguments
    }
}

/// A string shown from a fallback: its key, the locale asked for, why, and where the spec used it.
package struct UntranslatedString: Sendable, Equatable {
    /// The catalog key.
    package let key: String
    /// The locale rendered.
    package let locale: String
    /// Why its own translation was not shown.
    package let reason: UntranslatedReason
    /// The spec string that used it.
    package let path: JSONPath

    /// `"parcels_waiting" is untranslated in pl (its state is needs_review)`.
    package var message: String {
        let why = switch reason {
        case .missingKey: "the catalog has no \(locale) string for it"
        case .state(let state): "its state is \(state.rawValue)"
        case .missingLocale: "the catalog has no \(locale) strings"
        }
        return "\(path): {{strings.\(key)}} is untranslated in \(locale) (\(why)), shown from a fallback"
    }
}
