import InfoWinKit
#if canImport(Glibc)
import Glibc
#endif

/// An error's message made fit for a remote client: it may echo what the client itself sent, but never tells
/// the server's own layout or network. A path inside an asset root is given relative to its root (the root
/// itself as `<asset root>`, or the name given); any other absolute path the client did not send (a link's target, a font, the
/// tile cache) becomes `<server path>`; an IP address it did not send (what a refused tile host resolved
/// to) becomes `<address>`.
struct ClientDetail {
    /// The asset roots (and the posted specs' folder) as absolute paths, given and resolved, longest first.
    let roots: [String]
    /// Everything the client sent that a message may quote back: the body and the decoded query.
    let sent: String
    /// What a root itself is called in place of its path.
    let rootName: String

    init(roots: [String], sent: String, rootName: String = "<asset root>") {
        self.rootName = rootName
        let absolute = roots.flatMap { root in [FileSystem.realPath(root), root.hasPrefix("/") ? Path.normalized(root) : nil].compactMap { $0 } }
        self.roots = Array(Set(absolute.filter { $0 != "/" })).sorted { $0.utf8.count > $1.utf8.count }
        self.sent = sent
    }

    /// `message` with every server path and address it holds replaced.
    func redact(_ message: String) -> String {
        var output = ""
        var word = ""
        for character in message {
            if Self.endsWord(character) {
                output += redactWord(word)
                output.append(character)
                word = ""
            } else {
                word.append(character)
            }
        }
        return output + redactWord(word)
    }

    /// Words split at spaces, quotes and brackets: a path or an address is one word, perhaps with punctuation
    /// after it (`…/a.png:`, `…/a.png,`).
    private static func endsWord(_ character: Character) -> Bool {
        character.isWhitespace || "\"'()[]<>{}".contains(character)
    }

    private func redactWord(_ word: String) -> String {
        var core = Substring(word)
        while let last = core.last, ",;:.!?".contains(last), core.count > 1 { core = core.dropLast() }
        let tail = word.dropFirst(core.count)
        guard let replaced = replacement(String(core)) else { return word }
        return replaced + tail
    }

    /// What `word` becomes, or nil when it stays.
    private func replacement(_ word: String) -> String? {
        if word.hasPrefix("/") {
            if let root = roots.first(where: { word == $0 || word.hasPrefix($0 + "/") }) {
                return word == root ? rootName : String(word.unicodeScalars.dropFirst(root.unicodeScalars.count + 1))
            }
            return sent.contains(word) ? nil : "<server path>"
        }
        guard Self.isAddress(word), !sent.contains(word) else { return nil }
        return "<address>"
    }

    /// True for an IPv4 or IPv6 address as the system reads one, perhaps with a port or a zone after it.
    private static func isAddress(_ word: String) -> Bool {
        let address = word.split(separator: "%").first.map(String.init) ?? word
        let host = address.filter({ $0 == ":" }).count == 1 ? String(address.prefix { $0 != ":" }) : address
        var bytes = [UInt8](repeating: 0, count: 16)
        return inet_pton(AF_INET, host, &bytes) == 1 || inet_pton(AF_INET6, address, &bytes) == 1
    }
}
