/// Readers made outside the spec decoder: `check`'s results and approvals and `infowin.json` read their
/// JSON with the same messages as specs.
extension ValueReader {
    /// A reader whose errors name `file`.
    package init(file: String) {
        self.file = file
    }
}

extension ObjectReader {
    /// The object at `path` with its `members`, its keys not checked.
    package init(reader: ValueReader, path: JSONPath, members: [JSONMember]) {
        self.reader = reader
        self.path = path
        self.members = members
    }
}
