/// Bounds on the text that template expansion (`{{strings.KEY}}`, `{{data.COLUMN}}`, `{{userData.KEY}}`)
/// makes, checked as it grows rather than after: one string at most 16 MiB of UTF-8 (what the JSON reader
/// takes), and all that one spec's templates add at most 32 MiB (a spec file's limit).
package struct ExpansionBudget {
    /// The longest string a template may make, in bytes of UTF-8.
    package static let stringLimit = JSONParser.stringLimit
    /// The most bytes all of one spec's expansions may come to.
    package static let totalLimit = SpecSource.sizeLimit

    /// The bytes counted so far.
    private(set) var total: Int

    /// A budget that has counted `total` bytes already (a spec's own size, when its text is rewritten).
    init(total: Int = 0) {
        self.total = total
    }

    /// Counts a string of `length` bytes growing by `added` bytes that take the place of `removed` (a
    /// placeholder's own text, or all of a literal): refused when the string or the total passes its limit.
    mutating func grow(_ length: Int, by added: Int, replacing removed: Int = 0) throws(TemplateError) {
        guard length + added <= Self.stringLimit else {
            throw TemplateError(
                message: "filled in, the string would be longer than \(Format.grouped(Self.stringLimit)) bytes (16 MiB), the limit for one string")
        }
        guard total + added - removed <= Self.totalLimit else {
            throw TemplateError(
                message: "filled in, the spec's templates would make more than \(Format.grouped(Self.totalLimit)) bytes (32 MiB), the limit for one spec")
        }
        total += added - removed
    }
}
