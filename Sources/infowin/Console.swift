#if canImport(Glibc)
import Glibc
#endif
import InfoWinKit

/// Where messages go: results to standard output, errors and warnings to standard error. Every message
/// line passes through `TerminalText.escaped`, so a file name, template or text from a spec can never
/// start a line of its own or send a terminal escape; only `document` (help, schema, JSON) goes as it is.
enum Console {
    /// Why standard output could not be written, the first time it could not: results that were not
    /// written make the command fail. Process-wide, as standard output is.
    static var standardOutputFailure: String? { failure.withLock { $0 } }
    private static let failure = Locked<String?>(nil)

    /// One result line on standard output (a summary, a file written), control characters escaped.
    static func print(_ text: String) {
        write(TerminalText.escaped(text) + "\n", to: STDOUT_FILENO)
    }

    /// Text infowin wrote itself (help, the schema, JSON whose strings are already escaped), as it is.
    static func document(_ text: String) {
        write(text + "\n", to: STDOUT_FILENO)
    }

    /// One error line on standard error, control characters escaped; `hint`, infowin's own words, follows
    /// on a line of its own.
    static func error(_ text: String, hint: String? = nil) {
        write("error: " + TerminalText.escaped(text) + "\n" + (hint.map { $0 + "\n" } ?? ""), to: STDERR_FILENO)
    }

    /// One log line infowin wrote itself (a JSON object whose strings are escaped) on standard error, in
    /// one write so that lines from several threads never mix.
    static func log(_ line: String) {
        write(line + "\n", to: STDERR_FILENO)
    }

    /// `note: TEXT` on standard error, control characters escaped: something infowin read otherwise than
    /// written, and how.
    static func note(_ text: String) {
        write("note: " + TerminalText.escaped(text) + "\n", to: STDERR_FILENO)
    }

    /// One warning line on standard error, control characters escaped.
    static func warning(_ text: String) {
        write("warning: " + TerminalText.escaped(text) + "\n", to: STDERR_FILENO)
    }

    /// The progress line, drawn over the last one with no newline: `counter` (infowin's own), then
    /// `current` with control characters escaped; two empty strings clear it.
    static func progress(_ counter: String, _ current: String) {
        write("\r\u{1B}[K" + counter + TerminalText.escaped(current), to: STDERR_FILENO)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                if descriptor == STDOUT_FILENO {
                    let reason = count < 0 ? String(cString: strerror(errno)).lowercased() : "nothing was written"
                    failure.withLock { $0 = $0 ?? reason }
                }
                return
            }
            bytes = bytes.dropFirst(count)
        }
    }
}
