#if canImport(Glibc)
import Glibc
#endif
import InfoWinKit

/// Where messages go: results to standard output, errors and warnings to standard error.
enum Console {
    /// Why standard output could not be written, the first time it could not: results that were not
    /// written make the command fail. Process-wide, as standard output is.
    static var standardOutputFailure: String? { failure.withLock { $0 } }
    private static let failure = Locked<String?>(nil)

    static func print(_ text: String) {
        write(text + "\n", to: STDOUT_FILENO)
    }

    static func error(_ text: String) {
        write("error: " + text + "\n", to: STDERR_FILENO)
    }

    static func warning(_ text: String) {
        write("warning: " + text + "\n", to: STDERR_FILENO)
    }

    /// Text as it is, with no newline (progress lines).
    static func raw(_ text: String, toError: Bool) {
        write(text, to: toError ? STDERR_FILENO : STDOUT_FILENO)
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
