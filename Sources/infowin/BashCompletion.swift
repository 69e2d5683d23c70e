/// The bash completion script, written from the commands' own tables: commands, each command's options,
/// files or folders where a placeholder names one, and the words of options with fixed choices.
enum BashCompletion {
    static var script: String {
        let commands = CommandLineTool.commands
        let names: [String] = commands.map { $0.name } + CommandLineTool.globalOptions.flatMap { $0.names }
        let firstWords = names.joined(separator: " ")
        // The script's fixed parts as they are written (raw strings: no escaped quotes), the commands' cases
        // between them.
        var lines = [
            #"""
            # bash completion for infowin, made by 'infowin completion bash': source it, or install it as
            # share/bash-completion/completions/infowin.
            _infowin() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                # --option=value: bash splits at '=', so the option is the word before it.
                if [[ "$prev" == "=" && $COMP_CWORD -ge 2 ]]; then prev="${COMP_WORDS[COMP_CWORD-2]}"; fi
                if [[ "$cur" == "=" ]]; then cur=""; fi
                if [[ $COMP_CWORD -eq 1 ]]; then
                    COMPREPLY=($(compgen -W \#(quoted(firstWords)) -- "$cur"))
                    return
                fi
                local options arguments=()
                case "${COMP_WORDS[1]}" in
            """#,
        ]
        for command in commands { lines += caseLines(command) }
        lines.append(
            #"""
                *) return ;;
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                else
                    _infowin_value "${arguments[@]}"
                fi
            }

            # _infowin_value KIND [WORD…]: files, dirs, one of the words, a comma-separated list of them, or nothing.
            _infowin_value() {
                local kind=$1; shift
                case $kind in
                files) COMPREPLY=($(compgen -f -- "$cur")) ;;
                dirs) COMPREPLY=($(compgen -d -- "$cur")) ;;
                choice) COMPREPLY=($(compgen -W "$*" -- "$cur")) ;;
                list)
                    local done=""
                    if [[ "$cur" == *,* ]]; then done="${cur%,*},"; fi
                    COMPREPLY=($(compgen -P "$done" -W "$*" -- "${cur##*,}"))
                    compopt -o nospace 2>/dev/null ;;
                *) COMPREPLY=() ;;
                esac
            }

            complete -o filenames -F _infowin infowin
            """#)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `case` branch of one command: its options' values, then its options and arguments.
    private static func caseLines<C: Command>(_ command: C.Type) -> [String] {
        var lines = ["    \(C.name))"]
        let withValues = C.options.filter { $0.valueName != nil }
        if !withValues.isEmpty {
            lines.append("        case \"$prev\" in")
            for option in withValues {
                lines.append("        \(option.names.joined(separator: "|"))) _infowin_value \(kind(option.valueCompletion)); return ;;")
            }
            lines.append("        esac")
        }
        let names = C.optionsWithHelp.flatMap { $0.names }.joined(separator: " ")
        lines.append("        options=\(quoted(names)) arguments=(\(kind(C.argumentCompletion))) ;;")
        return lines
    }

    /// The arguments `_infowin_value` takes for `completion`.
    private static func kind(_ completion: ValueCompletion) -> String {
        switch completion {
        case .nothing: "nothing"
        case .file: "files"
        case .directory: "dirs"
        case .choice(let words): "choice " + words.map(quoted).joined(separator: " ")
        case .list(let words): "list " + words.map(quoted).joined(separator: " ")
        }
    }

    /// `text` as one single-quoted shell word.
    static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
