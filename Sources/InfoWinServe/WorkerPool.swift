import InfoWinKit
import PThreadLock

/// Render threads, each with a renderer of its own (Pango font maps are never shared between threads),
/// taking jobs from a bounded queue in order of arrival.
final class WorkerPool: @unchecked Sendable {
    /// Renders with the thread's renderer and returns what delivers the result, run once the job no
    /// longer counts as in flight (so an answer's client never sees its own render still counted).
    typealias Job = @Sendable (Renderer) -> @Sendable () -> Void

    private let mutex = PThreadMutex()
    private let wake = PThreadCondition()
    private var jobs: [Job] = []
    private var next = 0
    private var running = 0
    private var warm = 0
    let count: Int
    let queueLimit: Int

    /// Starts `count` threads; each first runs `warmUp` with its renderer (loading the fonts) and then
    /// takes jobs. At most `queueLimit` jobs wait beyond those running.
    init(count: Int, queueLimit: Int, tiles: TileProvider, warmUp: @escaping @Sendable (Renderer) -> Void) {
        self.count = count
        self.queueLimit = queueLimit
        for _ in 0..<count {
            _ = PThreadStart.joinable { [self] in
                let renderer = Renderer(tiles: tiles)
                warmUp(renderer)
                locked { warm += 1 }
                while true {
                    let deliver = take()(renderer)
                    locked { running -= 1 }
                    deliver()
                }
            }
        }
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        mutex.withLock(body)
    }

    /// Queues `job`; false (and not queued) when the queue is full.
    func submit(_ job: @escaping Job) -> Bool {
        locked {
            guard jobs.count - next + running < queueLimit + count else { return false }
            jobs.append(job)
            wake.signal()
            return true
        }
    }

    /// The next job, waiting for one.
    private func take() -> Job {
        locked {
            while next == jobs.count { wake.wait(releasing: mutex) }
            let job = jobs[next]
            next += 1
            if next > 1024 && next * 2 > jobs.count {
                jobs.removeFirst(next)
                next = 0
            }
            running += 1
            return job
        }
    }

    /// Jobs waiting for a thread.
    var queued: Int { locked { jobs.count - next } }
    /// Jobs being run.
    var inFlight: Int { locked { running } }
    /// Threads with their fonts loaded.
    var warmWorkers: Int { locked { warm } }
}
