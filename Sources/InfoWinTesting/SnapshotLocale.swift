/// The catalog locale a snapshot is drawn in (`locale:`, with `strings:`): one tag, `"de"` or `.tag("de")`,
/// or `.all`, every locale the catalog has, as `infowin check --locale all`. Either way the locale is in the
/// golden's name (`NAME.de.png`): a single locale given explicitly is named, where the command line's
/// `--locale de` keeps the name.
public enum SnapshotLocale: Sendable, Hashable, ExpressibleByStringLiteral {
    /// One BCP 47 tag the catalog has (`de`, `pt-BR`; a POSIX name, `de_DE`, is read as its tag with a note).
    case tag(String)
    /// Every locale of the catalog, each a snapshot of its own.
    case all

    /// `locale: "de"`: the tag.
    public init(stringLiteral tag: String) {
        self = .tag(tag)
    }

    /// What `--locale` would be given: the tag, or `all`; a tag that is a list or `all` is refused, as
    /// `locale:` names one locale or `.all`.
    func optionValue() throws(SnapshotSetupError) -> String {
        switch self {
        case .all:
            return "all"
        case .tag(let tag):
            guard !tag.isEmpty, !tag.contains(","), tag != "all" else {
                throw SnapshotSetupError(message: "locale: expected one tag such as \"de\", or .all, got \"\(tag)\"")
            }
            return tag
        }
    }
}
