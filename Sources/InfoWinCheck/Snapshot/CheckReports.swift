import InfoWinKit

/// The reports of a check run (or of several merged): a self-contained HTML page for people, a JUnit XML
/// file for CI servers and a Markdown summary, all written from `CheckResults`.
package enum CheckReports {
    /// The HTML page of `outcomes` (see `html(_ results:unused:)`).
    package static func html(_ outcomes: [CheckOutcome], goldenFolder: String, unused: [String] = []) -> String {
        html(CheckResults(outcomes, shard: nil, goldenFolder: goldenFolder, reportFolder: "."), unused: unused)
    }

    /// A JUnit XML report of `outcomes` (see `junit(_ results:base:unused:unusedFail:)`).
    package static func junit(
        _ outcomes: [CheckOutcome], reportFolder: String?, unused: [String] = [], goldenFolder: String = "", unusedFail: Bool = false,
        shard: String? = nil
    ) -> String {
        let results = CheckResults(outcomes, shard: shard, goldenFolder: goldenFolder, reportFolder: reportFolder)
        return junit(results, base: reportFolder ?? ".", unused: unused, unusedFail: unusedFail)
    }

    /// A JUnit XML report: one `<testsuite>` per shard (`infowin check 2/3`, or `infowin check` for a run
    /// of every spec), one test case per spec, failures typed by their kind with their messages and image
    /// paths. Paths in `results` are relative to `base`. `unused` goldens (relative to the golden folder)
    /// are test cases of their own: failures when `unusedFail`, skipped otherwise.
    package static func junit(_ results: CheckResults, base: String, unused: [String] = [], unusedFail: Bool = false) -> String {
        var suites: [(name: String?, entries: [CheckResults.Entry])] = []
        for entry in results.specs {
            let shard = entry.shard ?? results.shard
            if let index = suites.firstIndex(where: { $0.name == shard }) {
                suites[index].entries.append(entry)
            } else {
                suites.append((shard, [entry]))
            }
        }
        if suites.isEmpty { suites = [(results.shard, [])] }
        suites.sort { (Shard.parse($0.name ?? "")?.index ?? 0) < (Shard.parse($1.name ?? "")?.index ?? 0) }
        let unusedCases = unused.map { image in
            let path = escape(Path.join(results.goldenFolder, image)), message = "unused golden \(path): no checked spec made it"
            return "    <testcase classname=\"infowin.check.unused\" name=\"\(escape(image))\" file=\"\(path)\" time=\"0.000\">\n"
                + (unusedFail
                    ? "      <failure message=\"\(message)\" type=\"UnusedGolden\">\(message)</failure>\n"
                    : "      <skipped message=\"\(message)\"/>\n")
                + "    </testcase>\n"
        }
        let unusedCounts = Counts(tests: unused.count, failures: unusedFail ? unused.count : 0, errors: 0, skipped: unusedFail ? 0 : unused.count, time: 0)
        var total = unusedCounts
        var body = ""
        let groupSizes = Dictionary(results.failureGroups.map { ($0.cause, $0.members.count) }, uniquingKeysWith: +)
        for (index, suite) in suites.enumerated() {
            var counts = Counts(suite.entries)
            var cases = suite.entries.map { testCase($0, base: base, groupSize: $0.fails ? groupSizes[$0.groupName] ?? 1 : 0) }.joined()
            if index == suites.count - 1 {
                counts = counts + unusedCounts
                cases += unusedCases.joined()
            }
            total = total + Counts(suite.entries)
            body += "  <testsuite name=\"\(escape("infowin check" + (suite.name.map { " " + $0 } ?? "")))\" \(counts.attributes)>\n" + cases + "  </testsuite>\n"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"infowin check\" \(total.attributes)>\n" + body + "</testsuites>\n"
    }

    /// One render's test case; a failure's message starts with its group's cause when its messages name
    /// one (SPEC.md, "Shards by render, causes, CI engines"), with the group's size, `groupSize` renders.
    private static func testCase(_ entry: CheckResults.Entry, base: String, groupSize: Int) -> String {
        var xml = "    <testcase classname=\"infowin.check\" name=\"\(escape(entry.name))\" "
            + "file=\"\(escape(Path.tidied(Path.join(base, entry.spec))))\" time=\"\(seconds(entry.seconds))\""
        guard let kind = entry.kind else { return xml + "/>\n" }
        var details = entry.messages
        if let images = entry.images {
            details += [("expected", images.expected), ("actual", images.actual), ("difference", images.diff)].compactMap { title, path in
                path.map { "\(title): " + Path.join(base, $0) }
            }
        }
        let element = entry.status == .error ? "error" : "failure"
        var message = entry.messages.prefix(4).joined(separator: "; ")
        if entry.hasNamedCause {
            let cause = entry.groupName, count = groupSize > 1 ? " (one cause of \(Format.grouped(groupSize)) renders)" : ""
            message = cause + count + FailureCause.messages(entry.messages, without: cause).prefix(3).map { "; " + $0 }.joined()
            details.insert("group: " + cause + count, at: 0)
        }
        xml += ">\n      <\(element) message=\"\(escape(message))\" type=\"\(kind.rawValue)\">"
            + escape(details.joined(separator: "\n")) + "</\(element)>\n    </testcase>\n"
        return xml
    }

    /// A suite's counts, as JUnit's attributes.
    private struct Counts {
        var tests, failures, errors, skipped: Int
        var time: Double

        init(tests: Int, failures: Int, errors: Int, skipped: Int, time: Double) {
            (self.tests, self.failures, self.errors, self.skipped, self.time) = (tests, failures, errors, skipped, time)
        }

        init(_ entries: [CheckResults.Entry]) {
            self.init(
                tests: entries.count, failures: entries.filter { $0.fails && $0.status != .error }.count,
                errors: entries.filter { $0.status == .error }.count, skipped: 0, time: entries.reduce(0) { $0 + $1.seconds })
        }

        static func + (a: Counts, b: Counts) -> Counts {
            Counts(tests: a.tests + b.tests, failures: a.failures + b.failures, errors: a.errors + b.errors, skipped: a.skipped + b.skipped, time: a.time + b.time)
        }

        var attributes: String {
            "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(CheckReports.seconds(time))\""
        }
    }

    fileprivate static func seconds(_ value: Double) -> String {
        let millis = Int((value * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Text safe inside XML or HTML content and attributes; characters XML 1.0 forbids become U+FFFD.
    static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "\n", "\t", "\r": output.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
