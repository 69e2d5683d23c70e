/// The fish completions, written from the commands' own tables: commands with their summaries, each
/// command's options with their help, files or folders where a placeholder names one, and the words of
/// options with fixed choices.
enum FishCompletion {
    static var script: String {
        let commands = CommandLineTool.commands
        let noCommand = "__fish_use_subcommand"
        var lines = [
            "# fish completions for infowin, made by 'infowin completion fish': source it, or install it as",
            "# share/fish/vendor_completions.d/infowin.fish.",
            "complete -c infowin -f",
        ]
        for command in commands {
            lines.append("complete -c infowin -n \(noCommand) -a \(quoted(command.name)) -d \(quoted(command.summary))")
        }
        lines += CommandLineTool.globalOptions.map { complete($0, when: noCommand) }
        for command in commands { lines += commandLines(command) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines of one command: its options, then its arguments.
    private static func commandLines<C: Command>(_ command: C.Type) -> [String] {
        let when = "__fish_seen_subcommand_from " + C.name
        var lines = C.optionsWithHelp.map { complete($0, when: when) }
        if let arguments = arguments(C.argumentCompletion) {
            lines.append("complete -c infowin -n \(quoted(when)) " + arguments)
        }
        return lines
    }

    /// One `complete` line for `option` under condition `when`.
    private static func complete(_ option: OptionSpec, when: String) -> String {
        var words = ["complete -c infowin -n", quoted(when)]
        if let short = option.shortName { words += ["-s", quoted(String(short.dropFirst()))] }
        words += ["-l", quoted(String(option.longName.dropFirst(2)))]
        if option.valueName != nil { words.append(value(option.valueCompletion)) }
        words += ["-d", quoted(option.help)]
        return words.joined(separator: " ")
    }

    /// The flags that make fish offer `completion` as an option's value.
    private static func value(_ completion: ValueCompletion) -> String {
        switch completion {
        case .nothing: "-x"
        case .file: "-r -F"
        case .directory: "-x -a '(__fish_complete_directories)'"
        case .choice(let words): "-x -a " + quoted(words.joined(separator: " "))
        case .list(let words):
            "-x -a " + quoted("(__fish_complete_list , \"printf '%s\\n' " + words.joined(separator: " ") + "\")")
        }
    }

    /// The flags that complete a command's arguments, or nil when it takes none.
    private static func arguments(_ completion: ValueCompletion) -> String? {
        switch completion {
        case .nothing: nil
        case .file, .list: "-F"
        case .directory: "-a '(__fish_complete_directories)'"
        case .choice(let words): "-a " + quoted(words.joined(separator: " "))
        }
    }

    /// `text` as one single-quoted fish word.
    private static func quoted(_ text: String) -> String {
        var result = "'"
        for character in text {
            if character == "'" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result + "'"
    }
}
