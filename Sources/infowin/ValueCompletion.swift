import Graphics
import InfoWinCheck
import InfoWinKit

/// What a shell offers for an option's value or a command's arguments: read by the completion writers,
/// derived from the commands' own tables, so a new option or command completes without more work.
enum ValueCompletion: Equatable {
    /// Free text (a number, an id): nothing to offer.
    case nothing
    /// A file (or a folder on the way to one).
    case file
    /// A folder.
    case directory
    /// One of these words.
    case choice([String])
    /// Some of these words, comma-separated.
    case list([String])

    /// The options whose values are fixed words, taken from the types that read them: the one place this
    /// is written down. Each word also appears in the option's help (HelpCompletionTests checks it).
    static let optionChoices: [String: ValueCompletion] = [
        "--fail-on": .list(FailOn.names.map(\.0)),
        "--quiet": .list(WarningKind.allCases.map(\.rawValue)),
        "--crop": .choice(CropSpec.Target.allCases.map(\.rawValue) + ["none"]),
        "--png-compression": .choice(PNGCompression.allCases.map(\.rawValue)),
        "--record": .choice(RecordMode.allCases.map(\.rawValue)),
        "--unused": .choice(UnusedGoldens.Mode.allCases.map(\.rawValue)),
        "--shard-by": .choice(Shard.Strategy.allCases.map(\.rawValue)),
        "--pseudo-locale": .choice(PseudoLocale.allCases.map(\.rawValue)),
        "--format": .choice(OutputFormat.allCases.map(\.rawValue)),
    ]

    /// The words the choices offer, or none.
    var words: [String] {
        switch self {
        case .choice(let words), .list(let words): words
        case .nothing, .file, .directory: []
        }
    }
}

extension OptionSpec {
    /// What its value completes to: its fixed words, else a folder for a `DIR` placeholder, a file for
    /// `FILE`, `PATH` or a name with an extension (`OUT.png`), else nothing. A flag takes no value.
    var valueCompletion: ValueCompletion {
        guard let valueName else { return .nothing }
        if let choices = names.lazy.compactMap({ ValueCompletion.optionChoices[$0] }).first { return choices }
        if valueName.contains("DIR") { return .directory }
        if valueName.contains("FILE") || valueName.contains("PATH") || valueName.contains(".") { return .file }
        return .nothing
    }

    /// The long name, or the first.
    var longName: String { names.first { $0.hasPrefix("--") } ?? names[0] }
    /// The one-letter name (`-o`), if it has one.
    var shortName: String? { names.first { !$0.hasPrefix("--") && $0.hasPrefix("-") } }
}

extension Command {
    /// What its arguments (not options) complete to, read from its usage line: the words left once the
    /// command's name, bracketed groups and options with their values are taken out. A word with `|`
    /// (`bash|zsh|fish`) is a choice; any other word is a file or folder; no word, nothing.
    static var argumentCompletion: ValueCompletion {
        var words: [String] = []
        var depth = 0
        var word = ""
        for character in usage + " " {
            switch character {
            case "[": depth += 1
            case "]": depth = max(0, depth - 1)
            case " " where depth == 0:
                if !word.isEmpty { words.append(word) }
                word = ""
            default: if depth == 0 { word.append(character) }
            }
        }
        var arguments: [String] = []
        var index = 2  // after "infowin NAME"
        while index < words.count {
            let word = words[index]
            index += 1
            if word.hasPrefix("-") {
                if options.first(where: { $0.names.contains(word) })?.valueName != nil { index += 1 }
                continue
            }
            arguments.append(word)
        }
        guard let first = arguments.first else { return .nothing }
        if first.contains("|") { return .choice(first.split(separator: "|").map(String.init)) }
        return .file
    }

    /// Every option, `--help` included.
    static var optionsWithHelp: [OptionSpec] { acceptedOptions + [CommandLineTool.helpOption] }
}

extension CommandLineTool {
    /// `-h`, `--help`: every command takes it.
    static let helpOption = OptionSpec(names: ["-h", "--help"], valueName: nil, help: "show this help")
    /// The options `infowin` takes before a command.
    static let globalOptions = [
        OptionSpec(names: ["-h", "--help"], valueName: nil, help: "show the help; 'infowin COMMAND --help' shows a command's"),
        OptionSpec(names: ["--version"], valueName: nil, help: "print the version and the commit built: infowin VERSION (COMMIT)"),
    ]
}
