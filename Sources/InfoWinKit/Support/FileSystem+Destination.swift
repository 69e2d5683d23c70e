#if canImport(Glibc)
import Glibc
#endif

extension FileSystem {
    /// Where the absolute path `path` leads, with every link on the way followed as far as the file system
    /// goes and the rest taken as written: the same answer whether or not the file at the end exists, so
    /// that judging it against a sandbox cannot tell a spec whether a file outside exists. Nil after 40
    /// links (a loop).
    static func destination(of path: String) -> String? {
        var done: [String] = []
        var left = Path.normalized(path).split(separator: "/").map(String.init)
        var links = 0
        while !left.isEmpty {
            let component = left.removeFirst()
            if component == ".." {
                if !done.isEmpty { done.removeLast() }
                continue
            }
            let candidate = "/" + (done + [component]).joined(separator: "/")
            guard let target = linkTarget(candidate) else {
                done.append(component)
                continue
            }
            links += 1
            guard links <= 40 else { return nil }
            if target.hasPrefix("/") { done = [] }
            left = target.split(separator: "/").map(String.init).filter { $0 != "." } + left
        }
        return "/" + done.joined(separator: "/")
    }

    /// The text of the link at `path`, or nil when it is not a link (or does not exist).
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, Int(PATH_MAX))
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
