import InfoWinKit

/// What a check run found, as `DIR/results.json` holds it (SPEC.md, "Reports and review"): the shard it
/// ran and every spec with its status, failure kind, messages and images. The HTML page, the JUnit file
/// and the Markdown summary are all written from this, for one run (`check`) or several (`report merge`).
package struct CheckResults: Sendable, Equatable {
    /// `K/N`, or nil for a run that checked every spec.
    package var shard: String?
    /// The golden folder as the command line named it (for the reports' headings).
    package var goldenFolder: String
    /// Every spec checked, in the order of the specs' paths.
    package var specs: [Entry]
    /// How many warning lines `--quiet` silenced in the run (in all of them, merged).
    package var silencedWarnings = 0

    package init(shard: String?, goldenFolder: String, specs: [Entry]) {
        self.shard = shard
        self.goldenFolder = goldenFolder
        self.specs = specs
    }

    /// The results of several runs as one (`report merge`): each entry keeps the shard it ran in; they are
    /// in the order of their names, as one run's are in the order of the specs' paths.
    package static func merged(_ runs: [CheckResults]) -> CheckResults {
        let folders = Set(runs.map(\.goldenFolder))
        let specs = runs.flatMap { run in run.specs.map { entry in
            var entry = entry
            entry.shard = entry.shard ?? run.shard
            return entry
        } }.enumerated().sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }.map(\.element)
        var merged = CheckResults(shard: nil, goldenFolder: folders.count == 1 ? folders.first ?? "" : folders.sorted().joined(separator: ", "), specs: specs)
        merged.silencedWarnings = runs.reduce(0) { $0 + $1.silencedWarnings }
        return merged
    }

    /// One spec's result.
    package struct Entry: Sendable, Equatable {
        /// The spec as messages name it (`pickup.json [en-XA]`).
        package var name: String
        /// The spec file, relative to the report folder.
        package var spec: String
        /// The golden image, relative to the report folder.
        package var golden: String
        package var status: Status
        /// Why it fails; nil when it does not (passed, or recorded by `--record all`).
        package var kind: FailureKind?
        /// What moved or changed, causes first, then the pixel count; or why it failed.
        package var messages: [String]
        package var images: Images?
        /// How long the spec took, in seconds.
        package var seconds: Double = 0
        /// How long the render took in whole milliseconds (`ms`), what `--shard-by time --timings` reads;
        /// nil when a results file read gave none.
        package var ms: Double?
        /// True when the spec crashed the process checking it.
        package var crashed = false
        /// True when there was no golden and this run recorded one.
        package var newGolden = false
        /// The shard the entry ran in, when results of several runs are merged.
        package var shard: String?
        /// `unchanged` when the spec passed without being drawn, its input hash being the
        /// golden's (SPEC.md, "Unchanged specs"); nil when it was drawn.
        package var skipped: String?
        /// The cause a failure is grouped by (`FailureCause`), as its message names it; nil for an entry
        /// that does not fail.
        package var group: String?

        package init(name: String, spec: String, golden: String, status: Status, kind: FailureKind?, messages: [String], images: Images?) {
            self.name = name
            self.spec = spec
            self.golden = golden
            self.status = status
            self.kind = kind
            self.messages = messages
            self.images = images
        }

        /// True when the entry makes the run fail.
        package var fails: Bool { kind != nil }

        /// The group it is listed in: `group`, or for an entry read without one (an older results file)
        /// a group of its own.
        var groupName: String {
            group ?? ownGroup
        }

        /// True when the group is a cause the messages name (renders may share it), not the entry's own.
        var hasNamedCause: Bool {
            group.map { $0 != ownGroup } ?? false
        }

        private var ownGroup: String { FailureCause(causes: [], name: name, messages: messages).text }
    }

    /// Failures of one cause (`FailureCause`), its entries in their order.
    typealias FailureGroup = (cause: String, members: [Entry])

    /// The failures in groups by cause (`FailureCause`), each group in the order of its first entry: what
    /// every report lists.
    var failureGroups: [FailureGroup] {
        FailureCause.groups(of: specs) { $0.fails ? $0.groupName : nil }
    }

    /// How a spec's check ended.
    package enum Status: String, Sendable, CaseIterable {
        case passed, failed, recorded, error
    }

    /// The expected, actual and difference images of a failure, relative to the report folder.
    package struct Images: Sendable, Equatable {
        package var expected: String?
        package var actual: String?
        package var diff: String?

        package init(expected: String?, actual: String?, diff: String?) {
            self.expected = expected
            self.actual = actual
            self.diff = diff
        }

        /// The paths there are, expected first.
        package var all: [String] { [expected, actual, diff].compactMap { $0 } }

        /// The actual image's layout report, beside it as a golden's is beside the golden:
        /// `a.actual.png` → `a.actual.layout.json` (what `review` copies over the golden's).
        var actualLayout: String? { actual.map(Self.layoutReport) }

        /// The layout report beside the image `image`: `.png` becomes `.layout.json`.
        static func layoutReport(of image: String) -> String {
            (image.hasSuffix(".png") ? String(image.dropLast(4)) : image) + ".layout.json"
        }
    }
}
