import Foundation
import InfoWinTestSupport
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The worker processes that are children of `parent` now, by id: their command lines, arguments joined by spaces.
private func workers(of parent: pid_t) -> [pid_t: String] {
    var found: [pid_t: String] = [:]
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { continue }
        // "pid (name) state ppid …": the name may hold spaces, so the fields are counted after its ")".
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 1, pid_t(fields[1]) == parent,
              let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
        let arguments = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        if arguments.contains("--worker") { found[pid] = arguments.joined(separator: " ") }
    }
    return found
}

/// What `/proc/PID/io` says the process has written (`wchar`), 0 when it cannot be read.
private func bytesWritten(by pid: pid_t) -> Int {
    guard let io = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return 0 }
    let line = io.split(separator: "\n").first { $0.hasPrefix("wchar:") }
    return line.flatMap { Int($0.dropFirst("wchar:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
}

@Suite("--jobs N: N worker processes, one thread each, take the specs from one queue")
struct WorkerQueueTests {
    @Test func aBatchAtTwoJobsRendersInTwoWorkersOfOneThreadEach() throws {
        let folder = try TemporaryFolder()
        for index in 0..<40 {
            try folder.write(smallSpec(markers: [marker("m", #", "title": "Spec \#(index)""#)], width: 390, height: 300, scale: 2), to: "specs/s\(index).json")
        }
        var seen: [pid_t: String] = [:]
        // Bytes each worker has written so far (reports and files): none for a worker that took no spec.
        var written: [pid_t: Int] = [:]
        let result = try runGuarded(["batch", "specs", "-o", "out", "--jobs", "2"], in: folder.url) { process in
            while process.isRunning {
                for (pid, command) in workers(of: process.processIdentifier) {
                    seen[pid] = command
                    written[pid] = max(written[pid] ?? 0, bytesWritten(by: pid))
                }
                usleep(500)
            }
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("rendered 40 of 40 specs"), "\(result.stdoutText)")
        #expect(tree(folder.url.appendingPathComponent("out")).filter { $0.hasSuffix(".png") }.count == 40)
        // Two at once, and no more: none died, so none was replaced.
        #expect(seen.count == 2, "\(seen)")
        for command in seen.values {
            #expect(command.contains("--jobs=1 "), "\(command)")
        }
        // Both took specs from the queue: neither waited while the other did them all. Each picture is about
        // 10 KB; a worker that took none writes nothing, or a line of a hash cache.
        #expect(written.values.allSatisfy { $0 > 8_192 }, "\(written)")
    }

    /// More items than the queue's pipe holds at once (16,384 positions): the parent writes the rest as
    /// the workers take them.
    @Test func aQueueLongerThanItsPipeReachesEveryItemOnce() throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [], selected: nil, width: 8, height: 8), to: "tiny.json")
        try folder.write("id\n" + (0..<17_000).map { "r\($0)\n" }.joined(), to: "rows.csv")
        let result = try runGuarded(["validate", "tiny.json", "--data", "rows.csv", "--jobs", "2"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr.suffix(500))")
        #expect(result.stdoutText.contains("checked 17,000 specs: 17,000 valid, 0 invalid"), "\(result.stdoutText.suffix(500))")
    }
}
