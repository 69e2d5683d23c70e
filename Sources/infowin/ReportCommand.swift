import InfoWinCheck
import InfoWinKit

/// `infowin report merge DIR… -o OUT [--junit FILE] [--summary FILE]`.
struct ReportCommand: Command {
    static let name = "report"
    static let summary = "merge the report folders of several check runs (CI shards) into one report"
    static let usage = "infowin report merge DIR… -o OUT [--junit FILE] [--summary FILE]"
    static let discussion = """
        Reads DIR/results.json of every report folder `infowin check --report DIR` wrote (one per CI shard)
        and writes one report into the folder OUT: index.html with every spec, results.json, and the
        failures' images copied into OUT/shard-K-of-N/. --junit writes one JUnit XML file with one
        <testsuite> per shard, named `infowin check K/N`; --summary one Markdown summary, as
        `check --summary` writes it. A missing or broken results.json, an image path that leaves its
        folder, a shard or a spec found in two folders are errors naming the file and the JSON path;
        nothing is written then. A shard missing from the set (2/3 when 1/3 and 3/3 are merged) is a
        warning. Exit status 0 when every merged spec passed, 1 when any failed or the merge failed.
        """
    static let options = [
        OptionSpec(names: ["-o", "--output"], valueName: "OUT", help: "the folder of the merged report (index.html, results.json, images)"),
        OptionSpec(names: ["--junit"], valueName: "FILE", help: "write one JUnit XML file, a <testsuite> per shard"),
        OptionSpec(names: ["--summary"], valueName: "FILE", help: "write a Markdown summary of the merged runs to FILE ($GITHUB_STEP_SUMMARY)"),
    ]
    static let readsProjectConfig = false

    let folders: [String]
    let output: String
    let junitPath: String?
    let summaryPath: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let action = arguments.positionals.first else {
            throw UsageError(message: "expected 'merge' and the report folders: infowin report merge DIR… -o OUT")
        }
        guard action == "merge" else {
            throw UsageError(message: "unknown action '\(action)': the only one is 'merge' (infowin report merge DIR… -o OUT)")
        }
        folders = Array(arguments.positionals.dropFirst())
        guard !folders.isEmpty else { throw UsageError(message: "merge: expected at least one report folder (DIR…)") }
        output = try arguments.required("--output", missing: "missing -o OUT (the folder of the merged report)")
        junitPath = arguments.value("--junit")
        summaryPath = arguments.value("--summary")
    }

    func run() -> ExitStatus {
        let merge: ReportMerge
        do {
            merge = try ReportMerge(folders, into: output)
            try OutputWriter.write(merge.files(junit: junitPath, summary: summaryPath), creatingFolders: true)
        } catch {
            Console.error(error.message)
            return .failure
        }
        for shard in merge.missingShards {
            Console.warning("shard \(shard) is not among the merged report folders")
        }
        let specs = merge.results.specs
        let failed = specs.filter(\.fails).count
        Console.print(
            "merged \(Format.count(folders.count, "report folder")) (\(Format.count(specs.count, "spec"))): \(specs.count - failed) passed, "
                + "\(failed) failed; report: \(Path.join(output, "index.html"))")
        return failed == 0 ? .success : .failure
    }
}
