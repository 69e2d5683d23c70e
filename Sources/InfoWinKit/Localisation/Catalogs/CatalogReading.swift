extension LocalisedCatalog {
    /// Reads the catalog `--strings PATH` names, told by what it is: a String Catalog (`.xcstrings` file), an
    /// Android resources folder (holding `values/`, `values-de/`, …), or a folder of `*.lproj` folders. A
    /// path that is none of them, or cannot be read, is `.io`; a malformed catalog names the file and its
    /// JSON path or line.
    package static func read(_ path: String) throws(InfoWinError) -> LocalisedCatalog {
        let expected = "expected a String Catalog (.xcstrings), an Android resources folder (values/, values-de/, …) or a folder of *.lproj folders"
        if FileSystem.isRegularFile(path) {
            guard path.hasSuffix(".xcstrings") else { throw .io(file: path, message: "not a catalog: \(expected)") }
            var files = CatalogFiles()
            return try LocalisedCatalog(stringCatalog: try files.read(path), file: path)
        }
        guard FileSystem.isFolder(path) else {
            throw .io(file: path, message: "cannot read the catalog: \(FileSystem.realPath(path) == nil ? FileSystem.missingReason(path) : "not a file or folder")")
        }
        let names: [String]
        do throws(FileSystemError) { names = try FileSystem.list(path) } catch {
            throw .io(file: path, message: "cannot list the folder: \(error.reason)")
        }
        let isFolder = { (name: String) in FileSystem.isFolder(Path.join(path, name)) }
        if names.contains(where: { ($0 == "values" || $0.hasPrefix("values-")) && isFolder($0) }) {
            return try AndroidResourcesReader.read(folder: path)
        }
        if names.contains(where: { $0.hasSuffix(".lproj") && isFolder($0) }) {
            return try AppleStringsReader.read(folder: path)
        }
        throw .io(file: path, message: "the folder holds no values*/ or *.lproj folders: \(expected)")
    }

    /// A String Catalog's JSON (`.xcstrings`); an error names the file and the JSON path.
    package init(stringCatalog bytes: [UInt8], file: String) throws(InfoWinError) {
        self = try StringCatalogReader.read(bytes, file: file)
    }

    /// One Android `strings.xml` in `locale` (its `tools:locale` when it has one); an error names the line.
    package init(androidStrings bytes: [UInt8], file: String, locale: String) throws(InfoWinError) {
        self = try AndroidResourcesReader.read(bytes, file: file, locale: locale)
    }

    /// One Apple `.strings` file (UTF-8, or UTF-16 with a byte-order mark) in `locale`; an error names the line.
    package init(stringsFile bytes: [UInt8], file: String, locale: String) throws(InfoWinError) {
        var builder = CatalogBuilder()
        try AppleStringsReader.add(stringsFile: bytes, file: file, locale: locale, to: &builder)
        self = builder.catalog(file: file, sourceLanguage: locale)
    }

    /// One Apple `.stringsdict` file in `locale`; an error names the line.
    package init(stringsdict bytes: [UInt8], file: String, locale: String) throws(InfoWinError) {
        var builder = CatalogBuilder()
        try AppleStringsReader.add(stringsdict: bytes, file: file, locale: locale, to: &builder)
        self = builder.catalog(file: file, sourceLanguage: locale)
    }
}
