/// `infowin manual`: the man page, infowin(1), in roff.
struct ManualCommand: Command {
    static let name = "manual"
    static let summary = "print the man page, infowin(1), in roff"
    static let usage = "infowin manual [--prefix DIR]"
    static let discussion = """
        Prints infowin(1) in roff, made from every command's help, so it says what --help says. Read it
        with: infowin manual | man -l - (make install puts it in share/man/man1/infowin.1).
        """
    static let options = [
        OptionSpec(names: ["--prefix"], valueName: "DIR", help: "where infowin is installed, for the page's FILES section (default /usr/local)"),
    ]
    /// The page is the same wherever it is made: no project config changes it.
    static let readsProjectConfig = false

    let prefix: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else {
            throw UsageError(message: "manual takes no arguments, got \(arguments.positionals.joined(separator: " "))")
        }
        prefix = arguments.value("--prefix") ?? "/usr/local"
    }

    func run() -> ExitStatus {
        Console.document(String(ManualPage.roff(prefix: prefix).dropLast()))
        return .success
    }
}
