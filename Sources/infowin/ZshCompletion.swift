/// The zsh completion function, written from the commands' own tables: commands with their summaries,
/// each command's options with their help, files or folders where a placeholder names one, and the words
/// of options with fixed choices.
enum ZshCompletion {
    static var script: String {
        let commands = CommandLineTool.commands
        // The script's fixed parts as they are written (raw strings: no escaped quotes or backslashes), the
        // commands and options between them.
        var lines = [
            #"""
            #compdef infowin
            # zsh completion for infowin, made by 'infowin completion zsh': install it as _infowin in a folder
            # of $fpath (share/zsh/site-functions), or source it after compinit.

            _infowin() {
                local -a commands
                commands=(
            """#,
        ]
        for command in commands { lines.append("        " + quoted(describe(command.name) + ":" + command.summary)) }
        lines.append(
            #"""
                )
                if (( CURRENT == 2 )); then
                    _describe -t commands 'infowin command' commands
                    _arguments \
            """#)
        lines += CommandLineTool.globalOptions.flatMap(specs).map { "            " + $0 + " \\" }
        lines.append(
            #"""
                        && return 0
                    return 1
                fi
                local command=$words[2]
                shift words
                (( CURRENT-- ))
                case $command in
            """#)
        for command in commands { lines += caseLines(command) }
        lines.append(
            #"""
                esac
                return 1
            }

            if [[ $funcstack[1] == _infowin ]]; then
                _infowin "$@"
            else
                compdef _infowin infowin
            fi
            """#)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `case` branch of one command: `_arguments` with its options and arguments.
    private static func caseLines<C: Command>(_ command: C.Type) -> [String] {
        var lines = ["    \(C.name))", "        _arguments -s \\"]
        lines += C.optionsWithHelp.flatMap(specs).map { "            " + $0 + " \\" }
        lines.append("            " + (arguments(C.argumentCompletion).map { $0 + " \\" } ?? "\\"))
        lines.append("            && return 0 ;;")
        return lines
    }

    /// One `_arguments` spec per name: `'(-o --output)-o[help]:OUT.png:_files'`; a repeatable option
    /// starts with `*` and excludes nothing; `--help` excludes everything.
    private static func specs(_ option: OptionSpec) -> [String] {
        let exclusion = option.names == CommandLineTool.helpOption.names
            ? "(- *)" : option.repeatable ? "*" : "(" + option.names.joined(separator: " ") + ")"
        let help = "[" + describe(option.help) + "]"
        let value = option.valueName.map { ":" + describe($0) + ":" + action(option.valueCompletion) } ?? ""
        return option.names.map { quoted(exclusion + $0 + help + value) }
    }

    /// The `_arguments` spec of the command's arguments, or nil when it takes none.
    private static func arguments(_ completion: ValueCompletion) -> String? {
        switch completion {
        case .nothing: nil
        case .choice: quoted("1:argument:" + action(completion))
        default: quoted("*:file:" + action(completion))
        }
    }

    /// What zsh offers for a value.
    private static func action(_ completion: ValueCompletion) -> String {
        switch completion {
        case .nothing: " "
        case .file: "_files"
        case .directory: "_files -/"
        case .choice(let words): "(" + words.joined(separator: " ") + ")"
        case .list(let words): "_sequence compadd - " + words.joined(separator: " ")
        }
    }

    /// `text` safe inside `_arguments`' brackets and between its colons.
    private static func describe(_ text: String) -> String {
        var result = ""
        for character in text {
            if "[]:\\".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    private static func quoted(_ text: String) -> String { BashCompletion.quoted(text) }
}
