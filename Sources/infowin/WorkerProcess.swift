#if canImport(Glibc)
import Glibc
#endif
import InfoWinCheck
import InfoWinKit

/// Runs a batch's items in child processes, this binary again (`/proc/self/exe --worker COMMAND ARGS…`, or
/// `argv[0]` where there is no `/proc`), each on one thread: `--jobs N` is N of them at once, taking items
/// from one queue (`ItemQueue`) as each is free. Processes, not threads, because Pango and cairo keep
/// caches that threads must take turns at (Documentation/performance.md), and so that a crash costs only the specs being
/// rendered: when a child dies of a signal, the item it had started and not finished becomes a crash
/// outcome, and a new child takes its place.
///
/// Each child reads the work from its standard input (`WorkOrder`: the items the queue's positions index,
/// then a line a spec), and reports on descriptor 3 (`WorkerChannel`); its standard output and error are
/// the parent's. SIGINT and SIGTERM reaching the parent are passed on to the children, which finish the
/// items they are on and start no more, as a batch in one process does.
struct WorkerProcess<Outcome: WorkerOutcome> {
    /// The command the children run, and its arguments: `batch …`, `check …`, `validate …`.
    let arguments: [String]
    /// How many children work at once.
    let processes: Int

    /// What a child reports, as the parent keeps it while the child runs.
    private struct Running {
        let child: WorkerChild
        var lines = LineSplitter()
        /// Items it started and has not ended: only these can have crashed it.
        var inFlight: Set<Int> = []
        var progressed = false
    }

    /// Runs every item of `specs` (each spec in each of its `variants`), or only `items` (a shard's, ascending)
    /// when given: `finished` sees each outcome as it
    /// comes, and `inOrder` each spec's outcomes (nil for an item an interruption left undone), in the specs'
    /// order, as soon as that spec and those before it are done; none is kept after. Returns how many items
    /// were done. When several items were in flight in a child as it died, each is run again alone in a
    /// child of its own: only the one that dies then is a crash.
    @discardableResult
    func run(
        _ specs: SpecList, variants: Int, items shareItems: [Int]? = nil, finished: (_ item: BatchItem, _ done: Int) -> Void,
        inOrder: (_ spec: [Outcome?]) -> Void
    ) -> Int {
        let itemCount = specs.count * variants
        var ordered = OutcomesInOrder<Outcome>(variants: variants, specCount: specs.count, items: shareItems)
        var isDone = [Bool](repeating: false, count: itemCount)
        var done = 0
        var remaining = shareItems ?? Array(0..<itemCount)
        var suspects: [Int] = []
        // Items started, by number, until done: an item a crash may yet take.
        var started: [Int: BatchItem] = [:]
        func record(_ item: BatchItem, _ outcome: Outcome) -> Bool {
            guard (0..<itemCount).contains(item.index), !isDone[item.index] else { return false }
            isDone[item.index] = true
            // Done: it can no longer be the one a crash takes (100,000 items kept cost their specs twice).
            started[item.index] = nil
            done += 1
            finished(item, done)
            ordered.add(item.index, outcome, ready: inOrder)
            return true
        }
        func take(_ message: [UInt8], from running: inout Running) {
            guard let message = try? JSONParser.parse(message) else { return }
            if let item = BatchItem(json: message["started"]) {
                started[item.index] = item
                running.inFlight.insert(item.index)
            } else if let index = message["ended"]?.number.flatMap({ Int(exactly: $0) }) {
                running.inFlight.remove(index)
            } else if let index = message["finished"]?.number.flatMap({ Int(exactly: $0) }), let item = started[index],
                      let outcome = message["outcome"].flatMap({ Outcome(json: $0) }) {
                if record(item, outcome) { running.progressed = true }
            }
        }
        /// Runs `items` in up to `width` children at once; returns whether a child died, or nil when one died
        /// before finishing anything (it would die again) or none could start.
        func round(_ items: [Int], width: Int) -> Bool? {
            guard var queue = ItemQueue(count: items.count) else {
                Console.error("infowin: cannot make a pipe")
                return nil
            }
            defer { queue.close() }
            var crew: [Running] = []
            var someDied = false, stuck = false, forwarded = false
            // What the children report is read into this, one child at a time.
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            func startOne() {
                let child = WorkerChild.start(arguments, queue: queue.readEnd) { descriptor throws(FileSystemError) in
                    try WorkOrder.write(specs: specs, items: items, to: descriptor)
                }
                if let child { crew.append(Running(child: child)) }
            }
            for _ in 0..<max(1, min(width, items.count)) { startOne() }
            if crew.isEmpty { return nil }
            while !crew.isEmpty {
                if Interruption.isRequested && !forwarded {
                    for running in crew { kill(running.child.pid, SIGTERM) }
                    forwarded = true
                }
                var polled = crew.map { pollfd(fd: $0.child.reports, events: Int16(POLLIN), revents: 0) }
                if queue.isFilling { polled.append(pollfd(fd: queue.writeEnd, events: Int16(POLLOUT), revents: 0)) }
                // A short wait: a signal that lands just before poll starts is still seen soon.
                guard poll(&polled, nfds_t(polled.count), 100) > 0 else { continue }
                if queue.isFilling && polled[crew.count].revents != 0 { queue.fill() }
                var ended: [Int] = []
                for index in crew.indices where polled[index].revents != 0 {
                    var running = crew[index], lines = running.lines
                    let open = running.child.read(into: &lines, chunk: &chunk) { take($0, from: &running) }
                    running.lines = lines
                    crew[index] = running
                    if !open { ended.append(index) }
                }
                for index in ended.reversed() {
                    let running = crew.remove(at: index)
                    guard let died = running.child.wait().death else { continue }
                    someDied = true
                    // One that ended but was not reported finished is simply done again.
                    let lost = running.inFlight.sorted().compactMap { started[$0] }
                    if lost.count == 1 {
                        _ = record(lost[0], Outcome(item: lost[0], died: died))
                    } else if !lost.isEmpty {
                        suspects += lost.map(\.index)
                    } else if !running.progressed {
                        Console.error("infowin: the worker process \(died) before finishing any spec")
                        stuck = true
                    }
                    // Its place is taken while there is work no other child is on.
                    let busy = crew.reduce(0) { $0 + $1.inFlight.count }
                    if !stuck && !Interruption.isRequested && items.lazy.filter({ !isDone[$0] }).count > busy { startOne() }
                }
            }
            return stuck ? nil : someDied
        }
        while !remaining.isEmpty && !Interruption.isRequested {
            let alone = suspects.first
            if alone != nil { suspects.removeFirst() }
            guard let someDied = round(alone.map { [$0] } ?? remaining, width: alone == nil ? processes : 1) else { break }
            // A round where none died did all it would: everything, or what was started when interrupted.
            if !someDied && alone == nil { break }
            remaining = remaining.filter { !isDone[$0] }
        }
        ordered.finish(ready: inOrder)
        return done
    }
}
