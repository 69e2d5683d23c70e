import Foundation
import InfoWinTestSupport
import Testing

/// The CI wiring at the repository's root: the GitHub Action (action.yml), the GitLab CI template and the
/// pre-commit hook, read as YAML (Debian's python3-yaml) and their scripts run with the infowin just built.
/// Nothing here touches the network.
@Suite("CI wiring: GitHub Action, GitLab template, pre-commit hook")
struct CIWiringTests {
    private static let fonts = "--hermetic-fonts --font /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// Runs `command` with `arguments` in `folder`; standard output and error together.
    private static func run(
        _ command: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        if let folder { process.currentDirectoryURL = folder }
        var variables = ProcessInfo.processInfo.environment
        for name in ["CI", "GITHUB_ACTIONS", "GITLAB_CI"] { variables[name] = nil }
        variables["PATH"] = (try CLI.binaryURL()).deletingLastPathComponent().path + ":" + (variables["PATH"] ?? "/usr/bin:/bin")
        variables.merge(environment) { _, new in new }
        process.environment = variables
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The YAML file at `path` in the repository, as JSONSerialization gives JSON, read by PyYAML.
    private static func document(_ path: String) throws -> Any {
        let file = CLI.repository.appendingPathComponent(path).path
        let read = try run(Tools.python, ["-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))", file])
        try #require(read.status == 0, "PyYAML cannot read \(path) (apt install python3-yaml, as make test does): \(read.output)")
        return try JSONSerialization.jsonObject(with: Data(read.output.utf8))
    }

    private static func yaml(_ path: String) throws -> [String: Any] {
        try #require(try document(path) as? [String: Any], "\(path) is no mapping")
    }

    /// A folder with `specs/a.json` whose golden is recorded in `golden/` with the test's fonts.
    private static func suite() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(width: 160, height: 120, markers: [Specs.marker("a", title: "Kept")], selected: "a"), to: "specs/a.json")
        let record = try CLI.run(["check", "specs", "--golden", "golden", "--record", "all"] + fonts.split(separator: " ").map(String.init), in: folder.url)
        try #require(record.status == 0, "\(record.stdoutText) \(record.stderr)")
        return folder
    }

    private static func changeTheSpec(in folder: TemporaryFolder) throws {
        try folder.write(Specs.spec(width: 160, height: 120, markers: [Specs.marker("a", title: "Changed")], selected: "a"), to: "specs/a.json")
    }

    // MARK: GitHub Action

    private static func actionSteps() throws -> [[String: Any]] {
        let action = try yaml("action.yml")
        let runs = try #require(action["runs"] as? [String: Any])
        return try #require(runs["steps"] as? [[String: Any]])
    }

    @Test(.enabled(if: Tools.pyYAML, "PyYAML (python3-yaml) is not installed (make test installs it)")) func theActionIsACompositeActionWithTheInputsTheGuideNames() throws {
        let action = try Self.yaml("action.yml")
        #expect(action["name"] is String && action["description"] is String)
        let inputs = try #require(action["inputs"] as? [String: [String: Any]])
        #expect(Set(inputs.keys).isSuperset(of: ["specs", "golden", "deb", "version", "args", "report"]), "\(inputs.keys)")
        #expect(inputs.values.allSatisfy { $0["description"] is String })
        #expect((action["runs"] as? [String: Any])?["using"] as? String == "composite")
        let steps = try Self.actionSteps()
        #expect(steps.allSatisfy { $0["uses"] != nil || $0["shell"] as? String == "bash" }, "a run step of a composite action needs its shell")
        let upload = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact@") == true })
        #expect(upload["if"] as? String == "${{ always() }}", "the report is uploaded when the check fails too")
        let check = try #require(steps.compactMap { $0["run"] as? String }.first { $0.contains("infowin check") })
        #expect(check.contains(#"--summary "$GITHUB_STEP_SUMMARY""#) && check.contains("--junit") && check.contains("--report"))
        for script in steps.compactMap({ $0["run"] as? String }) {
            #expect(!script.contains("${{"), "inputs reach scripts through env only, never pasted into them: \(script)")
        }
    }

    /// The action's check step, run by bash as the runner runs it, its `env` filled with `inputs`.
    private static func runCheckStep(_ inputs: [String: String], in folder: TemporaryFolder) throws -> (status: Int32, output: String) {
        let step = try #require(try actionSteps().first { ($0["run"] as? String)?.contains("infowin check") == true })
        let script = try #require(step["run"] as? String)
        var environment = ["GITHUB_STEP_SUMMARY": folder.path("step-summary.md")]
        for (name, value) in step["env"] as? [String: String] ?? [:] {
            let input = value.replacingOccurrences(of: "${{ inputs.", with: "").replacingOccurrences(of: " }}", with: "")
            environment[name] = inputs[input] ?? ""
        }
        return try run("bash", ["-e", "-c", script], in: folder.url, environment: environment)
    }

    @Test(.enabled(if: Tools.pyYAML, "PyYAML (python3-yaml) is not installed (make test installs it)")) func theActionsCheckStepPassesASuiteThatMatchesAndSummarisesOneThatDoesNot() throws {
        let folder = try Self.suite()
        let inputs = ["specs": "specs", "golden": "golden", "report": "infowin-report", "args": Self.fonts]
        let passing = try Self.runCheckStep(inputs, in: folder)
        #expect(passing.status == 0, "\(passing.output)")
        #expect(String(decoding: try folder.bytes("step-summary.md"), as: UTF8.self).hasPrefix("## infowin check: 1 spec, all passed"))
        #expect(folder.exists("infowin-report/junit.xml"))

        try Self.changeTheSpec(in: folder)
        let failing = try Self.runCheckStep(inputs, in: folder)
        #expect(failing.status == 1, "\(failing.output)")
        let summary = String(decoding: try folder.bytes("step-summary.md"), as: UTF8.self)
        #expect(summary.hasPrefix("## infowin check: 1 of 1 spec failed"), "\(summary)")
        #expect(summary.contains("| a.json | failed |") && summary.contains("(./infowin-report/a.actual.png)"), "\(summary)")
        #expect(folder.exists("infowin-report/a.actual.png") && folder.exists("infowin-report/index.html"))
    }

    /// The action's step whose script contains `text`, run by bash with its `env` filled from `inputs`
    /// (and `environment`); what it wrote to `$GITHUB_OUTPUT`, as `name=value` pairs.
    private static func runStep(
        containing text: String, _ inputs: [String: String], in folder: TemporaryFolder, environment extra: [String: String] = [:]
    ) throws -> (status: Int32, output: String, outputs: [String: String]) {
        let step = try #require(try actionSteps().first { ($0["run"] as? String)?.contains(text) == true }, "no step runs \(text)")
        let script = try #require(step["run"] as? String)
        let outputFile = folder.path("github-output-\(UUID().uuidString)")
        var environment = ["GITHUB_STEP_SUMMARY": folder.path("step-summary.md"), "GITHUB_OUTPUT": outputFile]
        for (name, value) in step["env"] as? [String: String] ?? [:] {
            let input = value.replacingOccurrences(of: "${{ inputs.", with: "").replacingOccurrences(of: " }}", with: "")
            environment[name] = inputs[input] ?? ""
        }
        environment.merge(extra) { _, new in new }
        let ran = try run("bash", ["-e", "-c", script], in: folder.url, environment: environment)
        let written = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
        var outputs: [String: String] = [:]
        for line in written.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            outputs[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return (ran.status, ran.output, outputs)
    }

    @Test(.enabled(if: Tools.pyYAML, "PyYAML (python3-yaml) is not installed (make test installs it)")) func eachMatrixShardUploadsUnderAnArtifactNameOfItsOwn() throws {
        let folder = try TemporaryFolder()
        let name = "GITHUB_OUTPUT"
        let artifact = { (inputs: [String: String], environment: [String: String]) throws -> String? in
            try Self.runStep(containing: name, inputs, in: folder, environment: environment).outputs["artifact"]
        }
        #expect(try artifact(["mode": "check", "shard": "2/4"], [:]) == "infowin-report-shard-2-of-4")
        #expect(try artifact(["mode": "check", "args": "--jobs 2 --shard 3/4"], [:]) == "infowin-report-shard-3-of-4", "a shard in args")
        #expect(try artifact(["mode": "check"], ["INFOWIN_SHARD_INDEX": "1", "INFOWIN_SHARD_TOTAL": "4"]) == "infowin-report-shard-1-of-4")
        #expect(try artifact(["mode": "check", "shard": "2/4", "artifact-name": "goldens"], [:]) == "goldens-shard-2-of-4")
        #expect(try artifact(["mode": "check"], [:]) == "infowin-report", "no shard: the name as before")
        #expect(try artifact(["mode": "merge"], [:]) == "infowin-report", "the merged report")
        let bad = try Self.runStep(containing: name, ["mode": "check", "shard": "two"], in: folder)
        #expect(bad.status == 2 && bad.output.contains("shard: expected K/N"), "\(bad.output)")
        let twice = try Self.runStep(containing: name, ["mode": "check", "shard": "1/4", "args": "--shard 2/4"], in: folder)
        #expect(twice.status == 2 && twice.output.contains("give the shard once"), "\(twice.output)")

        let steps = try Self.actionSteps()
        let upload = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact@") == true })
        #expect((upload["with"] as? [String: Any])?["name"] as? String == "${{ steps.name.outputs.artifact }}")
        let download = try #require(steps.first { ($0["uses"] as? String) == "actions/download-artifact@v4" })
        let with = try #require(download["with"] as? [String: Any])
        #expect(with["pattern"] as? String == "${{ steps.name.outputs.pattern }}" && with["merge-multiple"] as? Bool == false, "\(with)")
        #expect(download["if"] as? String == "${{ inputs.mode == 'merge' }}")
        let check = try #require(steps.first { ($0["run"] as? String)?.contains("infowin check") == true })
        #expect(check["if"] as? String == "${{ inputs.mode != 'merge' }}")
        #expect((check["run"] as? String)?.contains(#"shard=(--shard "$INFOWIN_SHARD")"#) == true)
    }

    @Test(.enabled(if: Tools.pyYAML, "PyYAML (python3-yaml) is not installed (make test installs it)")) func theActionsMergeModeMergesEveryShardsReportIntoOne() throws {
        let folder = try Self.suite()
        try folder.write(Specs.spec(width: 160, height: 120, markers: [Specs.marker("b", title: "Also")], selected: "b"), to: "specs/b.json")
        let record = try CLI.run(["check", "specs", "--golden", "golden", "--record", "all"] + Self.fonts.split(separator: " ").map(String.init), in: folder.url)
        try #require(record.status == 0, "\(record.stdoutText) \(record.stderr)")
        try Self.changeTheSpec(in: folder)
        for shard in ["1/2", "2/2"] {
            let report = "downloads/infowin-report-shard-\(shard.replacingOccurrences(of: "/", with: "-of-"))"
            let checked = try Self.runCheckStep(["specs": "specs", "golden": "golden", "report": report, "args": Self.fonts, "shard": shard], in: folder)
            #expect(checked.status <= 1, "\(checked.output)")
            #expect(folder.exists(report + "/results.json"), "\(checked.output)")
        }
        let merged = try Self.runStep(
            containing: "infowin report merge", ["report": "merged"], in: folder, environment: ["INFOWIN_SHARDS": folder.path("downloads")])
        #expect(merged.status == 1, "a.json failed in its shard: \(merged.output)")
        let results = String(decoding: try folder.bytes("merged/results.json"), as: UTF8.self)
        #expect(results.contains("\"a.json\"") && results.contains("\"b.json\""), "both shards' specs: \(results)")
        #expect(folder.exists("merged/junit.xml") && folder.exists("merged/index.html"))
        let summary = String(decoding: try folder.bytes("step-summary.md"), as: UTF8.self)
        #expect(summary.hasPrefix("## infowin check: 1 of 2 specs (shards 1/2, 2/2) failed"), "\(summary)")
    }

    @Test(.enabled(if: Tools.pyYAML, "PyYAML (python3-yaml) is not installed (make test installs it)")) func theGuidesMatrixWorkflowGivesTheActionOnlyInputsItHas() throws {
        let action = try Self.yaml("action.yml")
        let inputs = Set(try #require(action["inputs"] as? [String: Any]).keys)
        let page = try String(contentsOf: CLI.repository.appendingPathComponent("Documentation/ci-integrations.md"), encoding: .utf8)
        let blocks = page.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let matrix = try #require(blocks.first { $0.contains("mode: merge") }, "the CI page shows the matrix workflow with its merge job")
        let file = try TemporaryFolder()
        try file.write(matrix, to: "workflow.yml")
        let read = try Self.run(Tools.python, ["-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))", file.path("workflow.yml")])
        try #require(read.status == 0, "\(read.output)")
        let workflow = try #require(try JSONSerialization.jsonObject(with: Data(read.output.utf8)) as? [String: Any])
        let jobs = try #require(workflow["jobs"] as? [String: [String: Any]])
        var modes: [String] = []
        for job in jobs.values {
            for step in job["steps"] as? [[String: Any]] ?? [] where (step["uses"] as? String)?.hasSuffix("actions/infowin") == true {
                let with = step["with"] as? [String: Any] ?? [:]
                #expect(Set(with.keys).isSubset(of: inputs), "inputs the action does not have: \(Set(with.keys).subtracting(inputs))")
                modes.append(with["mode"] as? String ?? "check")
                if with["mode"] == nil { #expect((with["shard"] as? String)?.contains("matrix.shard") == true, "each shard names itself: \(with)") }
            }
        }
        #expect(modes.sorted() == ["check", "merge"], "a check job over the matrix and a merge job: \(modes)")
        let report = try #require(jobs.values.first { ($0["needs"] as? String) != nil })
        #expect(report["if"] as? String == "${{ always() }}", "the merge job runs when a shard failed, too")
    }

    // MARK: GitLab

    @Test(.enabled(if: Tools.pyYAML, "PyYAML (python3-yaml) is not installed (make test installs it)")) func theGitLabTemplateRunsCheckInTheImageAndKeepsJUnitAsATestReport() throws {
        let template = try Self.yaml("ci/gitlab/infowin.gitlab-ci.yml")
        let hidden = try #require(template[".infowin-check"] as? [String: Any])
        let image = try #require(hidden["image"] as? [String: Any])
        #expect(image["name"] as? String == "$INFOWIN_IMAGE")
        #expect(image["entrypoint"] as? [String] == [""], "the image's entrypoint is infowin: the job needs a shell")
        let version = try String(contentsOf: CLI.repository.appendingPathComponent("VERSION"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let variables = try #require(template["variables"] as? [String: String])
        #expect(variables["INFOWIN_IMAGE"]?.hasSuffix(":" + version) == true, "the default image is this version's")
        let artifacts = try #require(hidden["artifacts"] as? [String: Any])
        #expect(artifacts["when"] as? String == "always")
        let junit = try #require((artifacts["reports"] as? [String: Any])?["junit"] as? String)
        #expect((template["infowin-check"] as? [String: Any])?["extends"] as? String == ".infowin-check")

        // The script as a job's shell runs it (CI set), against a suite that fails: JUnit where the template says.
        let folder = try Self.suite()
        try Self.changeTheSpec(in: folder)
        let script = try #require(hidden["script"] as? [String]).joined(separator: "\n")
        let job = try Self.run(
            "sh", ["-e", "-c", script], in: folder.url,
            environment: ["CI": "true", "INFOWIN_SPECS": "specs", "INFOWIN_GOLDEN": "golden", "INFOWIN_ARGS": Self.fonts])
        #expect(job.status == 1, "\(job.output)")
        #expect(job.output.contains("FAILED: a.json"), "\(job.output)")
        let xml = String(decoding: try folder.bytes(junit), as: UTF8.self)
        #expect(xml.contains("<failure"), "\(xml)")
        #expect(try #require(artifacts["paths"] as? [String]).allSatisfy { folder.exists($0) })
    }

    // MARK: pre-commit

    @Test(.enabled(if: Tools.pyYAML, "PyYAML (python3-yaml) is not installed (make test installs it)")) func theHookIsInfowinValidateOnJSONFiles() throws {
        let hooks = try #require(try Self.document(".pre-commit-hooks.yaml") as? [[String: Any]], "the hooks file is no list")
        let hook = try #require(hooks.first { $0["id"] as? String == "infowin-validate" })
        #expect(hook["entry"] as? String == "infowin validate")
        #expect(hook["language"] as? String == "system", "infowin is a binary: nothing to install, no network")
        #expect(hook["files"] as? String == "\\.json$")
        #expect(hook["name"] is String)
    }

    @Test(.enabled(if: Tools.has("pre-commit"), "pre-commit is not installed (make test installs it)"))
    func preCommitTryRepoPassesAGoodSpecAndFailsNamingABadOne() throws {
        let folder = try TemporaryFolder()
        // A hooks repository of just the hook file, committed, as try-repo needs.
        try folder.write(try String(contentsOf: CLI.repository.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8), to: "hooks/.pre-commit-hooks.yaml")
        let git = ["-c", "user.name=infowin tests", "-c", "user.email=tests@infowin.invalid", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false"]
        for arguments in [["init", "-q"], ["add", "."], ["commit", "-q", "-m", "hooks"]] {
            let step = try Self.run("git", git + arguments, in: folder.url.appendingPathComponent("hooks"))
            try #require(step.status == 0, "git \(arguments): \(step.output)")
        }
        try folder.write(Specs.spec(markers: [Specs.marker("a", title: "Good")], selected: "a"), to: "project/specs/good.json")
        try folder.write(#"{"version": 1, "markers": "none"}"#, to: "project/specs/bad.json")
        try folder.write(#"{"golden": "goldens"}"#, to: "project/infowin.json")
        for arguments in [["init", "-q"], ["add", "."]] {
            let step = try Self.run("git", git + arguments, in: folder.url.appendingPathComponent("project"))
            try #require(step.status == 0, "git \(arguments): \(step.output)")
        }
        func tryRepo(_ files: [String]) throws -> (status: Int32, output: String) {
            try Self.run(
                "pre-commit", ["try-repo", folder.path("hooks"), "infowin-validate", "--files"] + files,
                in: folder.url.appendingPathComponent("project"),
                environment: ["PRE_COMMIT_HOME": folder.path("pre-commit-home"), "GIT_CONFIG_GLOBAL": "/dev/null"])
        }
        let good = try tryRepo(["specs/good.json"])
        #expect(good.status == 0, "\(good.output)")
        #expect(good.output.contains("infowin validate") && good.output.contains("Passed"), "\(good.output)")

        let both = try tryRepo(["specs/good.json", "specs/bad.json", "infowin.json"])
        #expect(both.status == 1, "\(both.output)")
        #expect(both.output.contains("Failed"), "\(both.output)")
        let errors = both.output.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1 && errors.first?.contains("specs/bad.json") == true, "\(both.output)")
        #expect(both.output.contains("checked 2 specs: 1 valid, 1 invalid"), "infowin.json is no spec: \(both.output)")
    }
}
