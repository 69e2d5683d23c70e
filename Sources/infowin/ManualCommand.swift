import InfoWinKit

/// `infowin manual`: the man page, infowin(1), in roff; or the user guide's reference pages in Markdown.
struct ManualCommand: Command {
    static let name = "manual"
    static let summary = "print the man page, infowin(1), in roff"
    static let usage = "infowin manual [--prefix DIR] [--reference DIR]"
    static let discussion = """
        Prints infowin(1) in roff, made from every command's help, so it says what --help says. Read it
        with: infowin manual | man -l - (make install puts it in share/man/man1/infowin.1).

        --reference DIR writes instead the user guide's reference pages in Markdown into DIR (make docs
        writes them into Documentation/reference): every spec key, every command and option, the exit
        statuses, the limits and the project config's keys, made from the same declarations.
        """
    static let options = [
        OptionSpec(names: ["--prefix"], valueName: "DIR", help: "where infowin is installed, for the page's FILES section (default /usr/local)"),
        OptionSpec(names: ["--reference"], valueName: "DIR", help: "write the reference pages (Markdown) into DIR instead of printing the man page"),
    ]
    /// The page is the same wherever it is made: no project config changes it.
    static let readsProjectConfig = false

    let prefix: String
    let referenceFolder: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.expectNoPositionals { "manual takes no arguments, got \($0)" }
        prefix = arguments.value("--prefix") ?? "/usr/local"
        referenceFolder = arguments.value("--reference")
    }

    func run() -> ExitStatus {
        guard let referenceFolder else {
            Console.document(String(ManualPage.roff(prefix: prefix).dropLast()))
            return .success
        }
        let folder = referenceFolder.hasSuffix("/") ? String(referenceFolder.dropLast()) : referenceFolder
        let files = ReferencePages.pages.map { OutputFile(path: folder + "/" + $0.name, bytes: Array($0.text.utf8)) }
        do throws(InfoWinError) {
            try OutputWriter.write(files, creatingFolders: true)
        } catch {
            Console.error(error.message)
            return .failure
        }
        for file in files { Console.print("wrote \(file.path)") }
        return .success
    }
}
