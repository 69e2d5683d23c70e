import InfoWinKit

/// Tells a spec's own errors from its variants' (SPEC.md: "an error in the spec itself is reported once,
/// not once per variant"). An error whose message is the same in every variant of a spec (an unknown key,
/// a bad colour, an icon that is not there) does not depend on the locale or the row: it is the spec's,
/// shown once and naming no variant. One that differs between variants, or that some variants do not have
/// (a key missing in one locale, a text cut only in German), is the variant's and names it.
package enum SpecErrors {
    /// How an item's error is shown.
    package enum Shown: Sendable, Equatable {
        /// Naming its variant: `spec.json [de]: …`.
        case variant
        /// Once for the spec, naming no variant.
        case spec
        /// Not again: an earlier variant of the spec showed it.
        case repeated
    }

    /// How each item's error is shown, nil for an item without one or not done; `outcomes` are a batch's
    /// by item number (every variant of a spec together, `variants` of them: `BatchItem`'s numbering), nil
    /// for an item not done. Only a spec all of whose variants (more than one) were done can have an error
    /// of its own.
    package static func shown<Outcome>(_ outcomes: [Outcome?], variants: Int, error: (Outcome) -> String?) -> [Shown?] {
        let errors = outcomes.map { $0.flatMap(error) }
        var shown: [Shown?] = errors.map { $0 == nil ? nil : .variant }
        guard variants > 1 else { return shown }
        for start in stride(from: 0, to: outcomes.count - variants + 1, by: variants) {
            let spec = start..<(start + variants)
            guard spec.allSatisfy({ outcomes[$0] != nil }), let first = errors[start], spec.allSatisfy({ errors[$0] == first }) else { continue }
            shown[start] = .spec
            for index in spec.dropFirst() { shown[index] = .repeated }
        }
        return shown
    }

    /// `message` naming the variant of suffix `suffix` after the file it begins with (`spec.json [de]: …`),
    /// or at its end when it begins with another file (an icon's, a catalog's).
    package static func naming(_ message: String, file: String, variant suffix: String) -> String {
        let note = SpecVariant.note(suffix)
        guard !note.isEmpty else { return message }
        return message.hasPrefix(file + ":") ? file + note + message.dropFirst(file.count) : message + note
    }
}
