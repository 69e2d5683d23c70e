import InfoWinKit

/// What a failure is grouped by (SPEC.md, "Shards by render, causes, CI engines"): the causes its message
/// names — the changed spec key paths, input files (icons, photos, fonts, tiles, the basemap) and the
/// fingerprint's other sentences (scale, library versions), as `Fingerprint.differences` says them — so
/// that one colour change in a spec of 20 variants, or one icon two specs share, is one group. Failures
/// that name the same causes are one group, in the terminal, the HTML report, JUnit, the Markdown summary
/// and `report merge`, all through `groups(of:cause:)`; `results.json` keeps `text` as each entry's `group`.
///
/// A failure that names no cause (a missing golden, a layout report that is not the golden's, pixels that
/// differ with every input the same, what `--fail-on` found) is a group of its own, named by the render
/// and its first message: `pickup.json [de]: 1,204 pixels differ (0.3%)`.
package struct FailureCause: Hashable, Sendable {
    /// The group's name: its causes as the message names them, joined by `; `, or the render and its first
    /// message for a failure that names none.
    package let text: String
    /// True when the failure's message names its cause (and so renders may share the group).
    let isNamed: Bool

    /// The cause of a failure of the render `name` whose check named `causes` (empty when it named none)
    /// and said `messages`.
    package init(causes: [String], name: String, messages: [String]) {
        if causes.isEmpty {
            text = name + (messages.first.map { ": " + $0 } ?? "")
            isNamed = false
        } else {
            text = causes.joined(separator: "; ")
            isNamed = true
        }
    }

    /// `items` in groups by their cause (nil: the item did not fail and is in none), each group in the
    /// order of its first member, its members in their order: the one grouping every report is written with.
    package static func groups<Item>(of items: [Item], cause: (Item) -> String?) -> [(cause: String, members: [Item])] {
        var groups: [(cause: String, members: [Item])] = []
        var index: [String: Int] = [:]
        for item in items {
            guard let text = cause(item) else { continue }
            if let at = index[text] {
                groups[at].members.append(item)
            } else {
                index[text] = groups.count
                groups.append((text, [item]))
            }
        }
        return groups
    }

    /// `messages` without those that say `cause`: what is left to say of one member under its group's
    /// heading.
    package static func messages(_ messages: [String], without cause: String) -> [String] {
        let said = Set(cause.split(separator: "; ", omittingEmptySubsequences: false).map(String.init))
        // A cause may hold `; ` itself ("Cairo is 1.18.0; the golden was made with 1.16.0").
        return messages.filter { message in !message.split(separator: "; ", omittingEmptySubsequences: false).allSatisfy { said.contains(String($0)) } }
    }

    /// `message` without the parts (separated by `; `) that say `cause`; the whole message when nothing
    /// would be left.
    package static func message(_ message: String, without cause: String) -> String {
        let rest = messages(message.split(separator: "; ", omittingEmptySubsequences: false).map(String.init), without: cause)
        return rest.isEmpty ? message : rest.joined(separator: "; ")
    }
}
