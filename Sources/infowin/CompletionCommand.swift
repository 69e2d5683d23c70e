/// `infowin completion bash|zsh|fish`.
struct CompletionCommand: Command {
    /// The shells it writes for.
    enum Shell: String, CaseIterable {
        case bash, zsh, fish

        var script: String {
            switch self {
            case .bash: BashCompletion.script
            case .zsh: ZshCompletion.script
            case .fish: FishCompletion.script
            }
        }
    }

    static let name = "completion"
    static let summary = "print the shell completion script for bash, zsh or fish"
    static let usage = "infowin completion " + Shell.allCases.map(\.rawValue).joined(separator: "|")
    static let discussion = """
        Prints a script that completes infowin's commands, their options, the files and folders they
        take and the words of options with fixed choices, made from the commands' own tables. Load it
        for this shell with: source <(infowin completion bash) (in zsh, after compinit: source
        <(infowin completion zsh); in fish: infowin completion fish | source), or put it where the
        shell looks: make install puts it in share/bash-completion/completions/infowin,
        share/zsh/site-functions/_infowin and share/fish/vendor_completions.d/infowin.fish.
        """
    static let options: [OptionSpec] = []

    let shell: Shell

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let names = Shell.allCases.map(\.rawValue).joined(separator: ", ")
        guard arguments.positionals.count == 1 else {
            throw UsageError(message: "expected one shell (\(names)), got \(arguments.positionals.count)")
        }
        guard let shell = Shell(rawValue: arguments.positionals[0]) else {
            throw UsageError(message: "unknown shell '\(arguments.positionals[0])'; expected \(names)")
        }
        self.shell = shell
    }

    func run() -> ExitStatus {
        Console.document(String(shell.script.dropLast()))
        return .success
    }
}
