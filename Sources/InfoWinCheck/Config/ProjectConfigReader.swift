import InfoWinKit

/// Reads the values of a config file's keys, failing with the file, the JSON path and what was expected;
/// relative paths start from the file's folder.
struct ProjectConfigReader {
    /// Strings, numbers and booleans, read as a spec's are.
    let values: ValueReader
    /// The absolute folder relative paths start from.
    let folder: String

    init(file: String, folder: String) {
        values = ValueReader(file: file)
        self.folder = folder
    }

    func failure(_ path: JSONPath, _ message: String) -> InfoWinError {
        values.failure(path, message)
    }

    /// `expected …, got 'text'` (or a number, or a type).
    func mismatch(_ value: JSONValue, _ path: JSONPath, expected: String) -> InfoWinError {
        failure(path, "expected \(expected), got \(describe(value))")
    }

    /// A value as messages show it: strings in single quotes (as the options' messages have them).
    func describe(_ value: JSONValue) -> String {
        switch value.kind {
        case .number(let number): JSONWriter.format(number)
        case .string(let text): Self.quoted(text)
        case .bool(let flag): flag ? "true" : "false"
        default: value.typeName
        }
    }

    /// `'text'`, cut short, with control characters escaped.
    static func quoted(_ text: String) -> String {
        "'" + JSONWriter.quoted(text.abbreviated(60)).dropFirst().dropLast() + "'"
    }

    func wholeNumber(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> Int {
        guard case .number(let number) = value.kind, number == number.rounded(), abs(number) < 1e15 else {
            throw mismatch(value, path, expected: "a whole number")
        }
        return Int(number)
    }

    /// The elements of an array, each read by `element`; fewer than `minimum` is an error.
    func list<Element>(
        _ value: JSONValue, _ path: JSONPath, of noun: String, minimum: Int,
        _ element: (JSONValue, JSONPath) throws(InfoWinError) -> Element
    ) throws(InfoWinError) -> [Element] {
        guard case .array(let elements) = value.kind else { throw mismatch(value, path, expected: "an array of \(noun)") }
        guard elements.count >= minimum else { throw failure(path, "expected at least \(minimum) of \(noun), got none") }
        var read: [Element] = []
        for (index, item) in elements.enumerated() {
            read.append(try element(item, path.appending(index)))
        }
        return read
    }

    /// One of `allowed`, with the nearest suggested for a misspelt one.
    func choice(_ value: JSONValue, _ path: JSONPath, among allowed: [String]) throws(InfoWinError) -> String {
        let expected = "one of " + allowed.joined(separator: ", ")
        let text = try values.string(value, path)
        guard allowed.contains(text) else {
            let hint = closestName(to: text, among: allowed).map { " (did you mean \(Self.quoted($0))?)" } ?? ""
            throw failure(path, "expected \(expected), got \(Self.quoted(text))\(hint)")
        }
        return text
    }

    /// A list of words (no commas: the option takes them comma-separated), or one word alone: `only`
    /// when it names one (`"all"`), else any.
    func words(_ value: JSONValue, _ path: JSONPath, of noun: String, only: String?) throws(InfoWinError) -> [String] {
        let expected = "an array of \(noun)" + (only.map { " or \(Self.quoted($0))" } ?? " or one of them")
        if case .string(let text) = value.kind {
            if let only, text != only {
                throw failure(path, "expected \(expected), got \(Self.quoted(text)) (a list even for one: [\(JSONWriter.quoted(text.abbreviated(60)))])")
            }
            return [try word(value, path)]
        }
        guard case .array = value.kind else { throw mismatch(value, path, expected: expected) }
        return try list(value, path, of: noun, minimum: 1) { value, path throws(InfoWinError) in try word(value, path) }
    }

    func word(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> String {
        let text = try values.string(value, path)
        guard !text.isEmpty, !text.contains(","), !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw mismatch(value, path, expected: "a name without commas (a list is written as an array)")
        }
        return text
    }

    /// The absolute path a string names, relative ones from the config's folder; one that must exist is
    /// checked (`fontFile`: its real path, as `--font` keeps it).
    func path(_ value: JSONValue, _ path: JSONPath, role: ConfigPathRole) throws(InfoWinError) -> String {
        let written = try values.string(value, path)
        guard !written.isEmpty else { throw failure(path, "expected a path, got an empty string") }
        guard !written.utf8.contains(0) else { throw failure(path, "a path cannot contain a NUL character") }
        let absolute = Path.normalized(Path.join(folder, written))
        let looked = "\(Self.quoted(written)) (looked for \(absolute); relative paths start from the config file's folder)"
        switch role {
        case .outputFolder, .outputFile:
            return absolute
        case .input:
            guard FileSystem.realPath(absolute) != nil else { throw failure(path, "no such file or folder: \(looked)") }
            return absolute
        case .folder:
            guard FileSystem.isFolder(absolute) else {
                throw failure(path, FileSystem.realPath(absolute) == nil ? "no such folder: \(looked)" : "not a folder: \(looked)")
            }
            return absolute
        case .fontFile:
            guard let real = FileSystem.realPath(absolute) else { throw failure(path, "no such font file: \(looked)") }
            guard FileSystem.isRegularFile(real) else { throw failure(path, "not a font file (\(FileSystem.kind(of: real))): \(looked)") }
            return real
        }
    }
}
