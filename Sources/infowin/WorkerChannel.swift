import InfoWinCheck
import InfoWinKit
import PThreadLock

/// The descriptor a worker process reports on.
let workerReportDescriptor: Int32 = 3

/// The worker process's end of its line protocol with the parent (`WorkerProcess`): one JSON object a line
/// on descriptor 3: `{"started": ITEM}` as an item starts, `{"ended": INDEX}` when it has run (it may run
/// again, alone, after running out of memory) and `{"finished": INDEX, "outcome": …}` when it is done.
/// Lines from several threads are written whole, one at a time.
final class WorkerChannel<Outcome: WorkerOutcome>: Sendable {
    /// The items the parent asked for, which the positions in its queue index.
    let items: [Int]
    private let lock = PThreadMutex()

    init(items: [Int]) {
        self.items = items
    }

    /// Hooks that run the items asked for that this process takes from the round's queue (`ItemQueue`), and
    /// report them, with the crash table kept; `outcome` makes what the parent is sent from what the library made.
    func hooks<Done: Sendable>(_ outcome: @escaping @Sendable (_ item: BatchItem, _ done: Done) -> Outcome) -> BatchHooks<Done> {
        let items = items
        var hooks = BatchHooks<Done>(
            started: { item, _ in self.send(.members(["started": item.json])) },
            ended: { item, _ in self.send(.members(["ended": .number(Double(item.index))])) },
            finished: { item, done in self.send(.members(["finished": .number(Double(item.index)), "outcome": outcome(item, done).json])) })
        hooks.claim = {
            // A position past the list (a damaged queue) is no item: it is skipped.
            while let position = ItemQueue.claim() {
                if position < items.count { return items[position] }
            }
            return nil
        }
        // Each outcome goes to the parent as it is done: the worker keeps none.
        hooks.keepsOutcomes = false
        return CrashReporter.watching(hooks)
    }

    private func send(_ message: JSONValue.Kind) {
        let line = Array((JSONWriter.writeCompact(message) + "\n").utf8)
        // A parent that went away cannot be told; the work goes on and its files are still written whole.
        lock.withLock { try? FileSystem.writeAll(line, to: workerReportDescriptor) }
    }
}

extension BatchItem {
    /// `{"index": …, "spec": …, "variant": …}`.
    var json: JSONValue.Kind {
        .members(["index": .number(Double(index)), "spec": spec.json, "variant": .string(variant)])
    }

    /// An item read back from `json`.
    init?(json: JSONValue?) {
        guard let index = json?["index"]?.number.flatMap({ Int(exactly: $0) }), let spec = FoundSpec(json: json?["spec"]),
              let variant = json?["variant"]?.string
        else { return nil }
        self.init(index: index, spec: spec, variant: variant)
    }
}
