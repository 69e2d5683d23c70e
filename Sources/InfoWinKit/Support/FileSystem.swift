#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations infowin needs, on plain POSIX calls (no Foundation: it costs start-up time).
package enum FileSystem {
    /// Reads a whole regular file, refusing one larger than `limit` bytes.
    package static func read(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
        try read(path, limit: limit, allowingStreams: false)
    }

    /// Reads a regular file or, with `allowingStreams`, a pipe (`infowin render <(…)`), refusing folders,
    /// devices and more than `limit` bytes.
    package static func read(_ path: String, limit: Int, allowingStreams: Bool) throws(FileSystemError) -> [UInt8] {
        // Opening a pipe waits for a writer: look before opening what must be a regular file.
        if !allowingStreams && !isRegularFile(path) {
            throw .failed(isFolder(path) ? "it is a folder" : realPath(path) == nil ? missingReason(path) : "not a regular file")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (allowingStreams ? 0 : O_NONBLOCK))
        guard descriptor >= 0 else { throw .failed(errno == ENOENT ? missingReason(path) : errnoMessage()) }
        defer { close(descriptor) }
        return try readOpened(descriptor, limit: limit, allowingPipe: allowingStreams)
    }

    /// Reads the regular file `path` (its last component not a link) whose opened file must be inside one of
    /// `folders`, judged on the open descriptor's own path (`/proc/self/fd`), so that a link swapped into
    /// the path after it was checked cannot make us read a file elsewhere. Returns nil when it is outside.
    package static func read(_ path: String, limit: Int, confinedTo folders: [String]) throws(FileSystemError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .failed(errno == ENOENT ? missingReason(path) : errnoMessage()) }
        defer { close(descriptor) }
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/fd/\(descriptor)", &target, Int(PATH_MAX))
        guard length > 0 else { throw .failed("cannot tell where the file opened is (/proc/self/fd: \(errnoMessage()))") }
        let opened = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard folders.contains(where: { Path.isInside(opened, folder: $0) }) else { return nil }
        return try readOpened(descriptor, limit: limit)
    }

    /// Reads the file open at `descriptor` to its end: a regular file or, with `allowingPipe`, a pipe;
    /// never a folder or a device, and at most `limit` bytes.
    static func readOpened(_ descriptor: Int32, limit: Int, allowingPipe: Bool = false) throws(FileSystemError) -> [UInt8] {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .failed(errnoMessage()) }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG || (allowingPipe && kind == S_IFIFO) else {
            throw .failed(kind == S_IFDIR ? "it is a folder" : "not a regular file")
        }
        guard Int(status.st_size) <= limit else {
            throw .failed("the file has \(status.st_size) bytes, more than the limit of \(limit)")
        }
        return try readAll(descriptor, limit: limit, expectedSize: kind == S_IFREG ? Int(status.st_size) : 0)
    }

    /// Why `path` cannot be found: a name that was not UTF-8 reached us with U+FFFD in its place (Swift
    /// strings hold only UTF-8), and no file has that name.
    package static func missingReason(_ path: String) -> String {
        path.unicodeScalars.contains("\u{FFFD}")
            ? "no such file: its name is not valid UTF-8 (shown with �), and infowin opens only UTF-8 file names"
            : "no such file or directory"
    }

    /// The size of a file and at most its first `count` bytes.
    package static func readStart(_ path: String, count: Int) throws(FileSystemError) -> FileStart {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .failed(errnoMessage()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .failed(errnoMessage()) }
        var bytes = [UInt8](repeating: 0, count: min(count, Int(status.st_size)))
        let read = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard read >= 0 else { throw .failed(errnoMessage()) }
        return FileStart(size: Int(status.st_size), bytes: Array(bytes[..<read]))
    }

    /// Reads standard input to its end, refusing more than `limit` bytes.
    static func readStandardInput(limit: Int) throws(FileSystemError) -> [UInt8] {
        try readAll(STDIN_FILENO, limit: limit)
    }

    /// Reads `descriptor` to its end, refusing more than `limit` bytes; room for `expectedSize` of them
    /// (a regular file's size) is made at once, rather than growing the bytes a dozen times.
    private static func readAll(_ descriptor: Int32, limit: Int, expectedSize: Int = 0) throws(FileSystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(max(0, expectedSize), limit))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR && ProcessStop.isRequested { throw .failed("interrupted") }
                if errno == EINTR { continue }
                throw .failed(errnoMessage())
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { throw .failed("more than the limit of \(limit) bytes") }
        }
    }

    /// Writes all of `bytes` to standard output.
    static func writeStandardOutput(_ bytes: [UInt8]) throws(FileSystemError) {
        try writeAll(bytes, to: STDOUT_FILENO)
    }

    /// Gives standard input, output and error a descriptor when they were closed (`>&-`): else the next file
    /// opened would take its number, and messages meant for standard output would land in an output file.
    /// The stand-in is `/dev/null` opened for reading only, so that writing to it still fails (and is reported).
    package static func holdStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let standIn = open("/dev/null", O_RDONLY)
            if standIn >= 0 && standIn != descriptor {
                dup2(standIn, descriptor)
                close(standIn)
            }
        }
    }

    /// Writes all of `bytes` into an existing pipe or device, in place.
    static func writeInto(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .failed(errnoMessage()) }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor)
    }

    /// Writes all of `bytes` to the file open at `descriptor`.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(FileSystemError) {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .failed(errnoMessage())
            }
            written += count
        }
    }

    /// True when `path` exists and is a pipe or a device, which are written into rather than replaced.
    package static func isStream(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return kind == S_IFIFO || kind == S_IFCHR
    }

    /// The canonical absolute path with every link followed, or nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// True when `path` is a folder (links followed).
    package static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The names in a folder (no `.` or `..`), sorted by their bytes so that every machine lists them alike.
    package static func list(_ folder: String) throws(FileSystemError) -> [String] {
        guard let directory = opendir(folder) else { throw .failed(errnoMessage()) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Makes a folder and every missing folder above it.
    package static func createFolders(_ path: String) throws(FileSystemError) {
        guard !path.isEmpty, !isFolder(path) else { return }
        let parent = Path.folder(of: path)
        if parent != path { try createFolders(parent) }
        if mkdir(path, 0o777) != 0 && errno != EEXIST { throw .failed("cannot make the folder \(path): \(errnoMessage())") }
    }

    /// True when standard error is a terminal (progress is shown only there).
    package static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// Seconds from an arbitrary start, never going back.
    package static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The value of an environment variable, or nil.
    package static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The number of processors this process may run on.
    package static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// True when `path` is a pipe (links followed), as `<(…)` in a shell gives.
    static func isPipe(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
    }

    /// What `path` itself is, a link not followed (`.symbolicLink`).
    package static func entryKind(of path: String) -> EntryKind {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .missing }
        return EntryKind(mode: status.st_mode)
    }

    /// What `path` is, links followed.
    package static func kind(of path: String) -> EntryKind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        return EntryKind(mode: status.st_mode)
    }

    /// True when `path` is a regular file (links followed).
    package static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The current working folder.
    package static func currentFolder() -> String {
        guard let folder = getcwd(nil, 0) else { return "." }
        defer { free(folder) }
        return String(cString: folder)
    }

    /// The system's reason for the last failure, in lower case.
    static func errnoMessage() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}

/// A file's size and its first bytes.
package struct FileStart: Sendable {
    /// The whole file's size in bytes.
    package let size: Int
    /// Its first bytes.
    package let bytes: [UInt8]
}

/// A failed file operation, with the system's reason in lower case.
package enum FileSystemError: Error, Equatable, Sendable {
    /// The reason.
    case failed(String)

    /// The reason as text.
    package var reason: String {
        switch self {
        case .failed(let reason): reason
        }
    }
}
