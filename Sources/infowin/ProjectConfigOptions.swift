import InfoWinCheck
import InfoWinKit

/// `--config FILE` and `--no-config`, and the project config file's values merged into a command's
/// arguments: the file is decoded into a `ProjectConfig`, and each key it sets becomes the value of its
/// option in every command that has that option, unless the command line gives that option (it wins,
/// key by key: a repeatable option given there replaces the file's whole list). The values are checked by
/// the options' own checks, and a fault is reported as the file's, at its JSON path, exit status 1.
struct ProjectConfigOptions {
    /// The options every command that takes options has.
    static let options = [
        OptionSpec(
            names: ["--config"], valueName: "FILE",
            help: "take option defaults from FILE (default: infowin.json here or in the nearest folder above that has one)"),
        OptionSpec(names: ["--no-config"], valueName: nil, help: "read no infowin.json"),
    ]

    /// The checks the file's values pass whatever the command, so that a fault in it is found by any
    /// command, not only by the one that uses the key: the options' own checks, not a copy of them.
    private static func check(_ fromFile: ParsedArguments) throws(UsageError) {
        _ = try CommonOptions.tolerance(fromFile)
        _ = try CommonOptions.jobs(fromFile)
        _ = try CommonOptions.failOn(fromFile)
        _ = try CommonOptions.quiet(fromFile)
        _ = try CommonOptions.tileSettings(fromFile)
    }

    /// The command's arguments with the file's values merged in; `--no-config` is set and `--config`
    /// taken out, so that a worker process given them reads no file again.
    let arguments: ParsedArguments
    /// The file read, or nil.
    let config: ProjectConfig?
    /// The key that gave each option its value, for the options the file gave.
    private let origins: [String: String]

    /// Reads the config file `given` names (`--config`), or the one found from the current folder unless
    /// `--no-config`, and merges its values into `given` for the options the command has (`options`).
    static func merge(_ given: ParsedArguments, options: [OptionSpec]) throws(UsageError) -> ProjectConfigOptions {
        let config = try read(given)
        var arguments = given
        arguments.values["--config"] = nil
        arguments.flags.insert("--no-config")
        guard let config else { return ProjectConfigOptions(arguments: arguments, config: nil, origins: [:]) }
        var origins: [String: String] = [:], everyOrigin: [String: String] = [:]
        var fromFile = ParsedArguments()
        for key in ProjectConfig.keys {
            guard let option = key.option, let values = key.optionValues(config) else { continue }
            if values.isEmpty { fromFile.flags.insert(option) } else { fromFile.values[option] = values }
            everyOrigin[option] = key.name
            guard let spec = options.first(where: { $0.key == option }) else { continue }
            for flag in key.alsoSets where options.contains(where: { $0.key == flag }) {
                arguments.flags.insert(flag)
            }
            guard arguments.values[option] == nil && !arguments.flags.contains(option) else { continue }
            if spec.valueName == nil {
                arguments.flags.insert(option)
            } else {
                arguments.values[option] = values
            }
            origins[option] = key.name
        }
        do throws(UsageError) { try check(fromFile) } catch { throw blame(error, on: config, origins: everyOrigin) }
        return ProjectConfigOptions(arguments: arguments, config: config, origins: origins)
    }

    /// The config file the command line asks for: none with `--no-config`, the file `--config` names, or
    /// the one found from the current folder.
    private static func read(_ given: ParsedArguments) throws(UsageError) -> ProjectConfig? {
        let named = given.value("--config")
        if named != nil && given.flags.contains("--no-config") {
            throw UsageError(message: "--config and --no-config cannot be given together")
        }
        guard !given.flags.contains("--no-config") else { return nil }
        let path: String, shown: String
        if let named {
            (path, shown) = (named, named)
        } else {
            let here = FileSystem.currentFolder()
            guard let found = ProjectConfig.find(from: here) else { return nil }
            (path, shown) = (found, ProjectConfig.shownName(of: found, from: here))
            guard ProjectConfig.isTrusted(found) else {
                Console.warning("\(shown) is ignored: it is owned by another user (neither you nor root own it), so its settings are not taken (chown it, or give --config \(shown) to read it)")
                return nil
            }
        }
        do throws(InfoWinError) {
            return try ProjectConfig.read(path, shownAs: shown)
        } catch {
            throw UsageError(message: ProjectConfig.message(error), status: .failure)
        }
    }

    /// Makes the command from the merged arguments; a fault its checks find in a value the file gave is
    /// the file's.
    func make<Made>(_ command: (ParsedArguments) throws(UsageError) -> Made) throws(UsageError) -> Made {
        do throws(UsageError) { return try command(arguments) } catch {
            guard let config else { throw error }
            throw Self.blame(error, on: config, origins: origins)
        }
    }

    /// `error` as the config file's, at the key's JSON path, when the option it is about (the message's
    /// first word: `--threshold: expected …`) took its value from the file (`origins`); else as it is.
    private static func blame(_ error: UsageError, on config: ProjectConfig, origins: [String: String]) -> UsageError {
        for (option, key) in origins.sorted(by: { $0.key.count > $1.key.count }) {
            let message = error.message
            let detail: String
            if message.hasPrefix(option + ": ") {
                detail = String(message.dropFirst(option.count + 2))
            } else if message.hasPrefix(option + " ") {
                detail = message
            } else {
                continue
            }
            return UsageError(message: "\(config.file): \(ProjectConfig.describe(.root.appending(key))): \(detail)", status: .failure)
        }
        return error
    }
}
