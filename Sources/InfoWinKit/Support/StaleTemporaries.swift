#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Names temporary files so that they can be told apart (`.NAME.infowin-tmp-PID-N`) and removes those a
/// killed run left: a run that opens a folder to write removes the temporary files of processes that are
/// gone. A live process's files are never touched, whoever it is.
enum StaleTemporaries {
    static let marker = ".infowin-tmp-"

    /// Each folder (device and inode) is cleaned once a process: a batch writing 10,000 files into one
    /// folder must not list it 10,000 times. Process-wide because temporary files are.
    private static let cleaned = Locked<Set<[UInt64]>>([])
    private static let counter = Atomic<Int>(0)

    /// A fresh temporary name for `name`, kept short enough for any file system (255 bytes a name).
    static func name(for name: String) -> String {
        var kept = ""
        for scalar in name.unicodeScalars {
            guard kept.utf8.count + String(scalar).utf8.count <= 200 else { break }
            kept.unicodeScalars.append(scalar)
        }
        let number = counter.add(1, ordering: .relaxed).newValue
        return "." + kept + marker + String(getpid()) + "-" + String(number)
    }

    /// The process id in a temporary name of ours, or nil for any other name.
    static func owner(of name: String) -> Int32? {
        guard name.hasPrefix("."), let range = name.ranges(of: marker).last else { return nil }
        let parts = name[range.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let pid = Int32(parts[0]), pid > 0, Int(parts[1]) != nil else { return nil }
        return pid
    }

    /// Removes, once a process, the temporary files in the folder open at `descriptor` whose process is gone.
    static func removeOnce(in descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return }
        let key = [UInt64(status.st_dev), UInt64(status.st_ino)]
        guard cleaned.withLock({ $0.insert(key).inserted }) else { return }
        let copy = dup(descriptor)
        guard copy >= 0, let directory = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return
        }
        defer { closedir(directory) }
        var stale: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if let pid = owner(of: name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH { stale.append(name) }
        }
        for name in stale { unlinkat(descriptor, name, 0) }
    }
}
