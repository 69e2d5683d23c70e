#if canImport(Glibc)
import Glibc
#endif
import InfoWinCheck
import InfoWinKit
import Synchronization

/// Names the specs in flight when a fatal signal (a Swift runtime trap, SIGSEGV, a stack overflow) ends
/// the process: `infowin: crashed while rendering SPEC [VARIANT]` on standard error for each, then the
/// signal's default action, so that the process still ends by that signal.
///
/// The handler may only do what is async-signal-safe, so the lines live in a table made once by `install`:
/// one slot per worker thread, each a preallocated buffer holding the whole line and its byte count (0 when
/// the slot is idle), written with plain stores and a fence before and after each spec. The handler only
/// `write(2)`s each line, in one call, so that a line another thread or process writes at the same moment
/// cannot land inside it (a write of at most `PIPE_BUF` bytes to a pipe is atomic). The table and the alternate signal stacks are owned by this type for the life of the process and
/// never freed: a signal may come at any moment, on any thread that used them.
enum CrashReporter {
    /// The fatal signals a crash ends with.
    static let fatalSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]
    /// What the line says before the spec's name.
    private static let prefix = "infowin: crashed while rendering "
    /// Bytes of a name kept in a slot (a longer one is cut).
    private static let nameCapacity = 1024
    /// Bytes of a whole line: the prefix, the name and its newline (less than `PIPE_BUF`, 4,096).
    private static let lineCapacity = prefix.utf8.count + nameCapacity + 1
    /// A slot: its byte count (an `Int`), then the line's bytes.
    private static let slotSize = MemoryLayout<Int>.stride + lineCapacity
    /// The alternate stack of one thread: room for the handler even when the thread's own stack is spent.
    private static let stackSize = 64 << 10

    /// The slots, then the stacks: one per slot and one for the thread that installed the table.
    nonisolated(unsafe) private static var table: UnsafeMutableRawPointer?
    nonisolated(unsafe) private static var slotCount = 0

    /// Makes the table with `slots` slots (one per worker thread) and catches the fatal signals from now on.
    /// Called once per process, before any worker starts.
    static func install(slots: Int) {
        precondition(table == nil, "CrashReporter.install is called once")
        let count = max(1, slots)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: count * slotSize + (count + 1) * stackSize, alignment: 16)
        for slot in 0..<count { memory.storeBytes(of: 0, toByteOffset: slot * slotSize, as: Int.self) }
        table = memory
        slotCount = count
        useAlternateStack(count)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            CrashReporter.writeNamesInFlight()
            Glibc.signal(signal, SIG_DFL)
            raise(signal)
        }
        sigemptyset(&action.sa_mask)
        // Once only, on the alternate stack, and not held back while handled: the raise above ends the process.
        action.sa_flags = Int32(bitPattern: UInt32(SA_ONSTACK) | UInt32(SA_RESETHAND) | UInt32(SA_NODEFER))
        for signal in fatalSignals { sigaction(signal, &action, nil) }
    }

    /// `hooks` with each item's name kept in its worker's slot while it runs.
    static func watching<Outcome>(_ hooks: BatchHooks<Outcome>) -> BatchHooks<Outcome> {
        var watched = hooks
        // The hooks first hear of a start (a parent process is told before a crash can come) and last of an end.
        watched.started = { item, worker in
            hooks.started(item, worker)
            started(item.spec.path + SpecVariant.note(item.variant), slot: worker)
        }
        watched.ended = { item, worker in
            ended(slot: worker)
            hooks.ended(item, worker)
        }
        return watched
    }

    /// Puts the line naming `name` into `slot` (on the thread that works in it), and fires the test-only
    /// crash trigger.
    static func started(_ name: String, slot: Int) {
        if let slots = table, slot < slotCount {
            useAlternateStack(slot)
            let base = slots + slot * slotSize
            base.storeBytes(of: 0, as: Int.self)
            atomicMemoryFence(ordering: .sequentiallyConsistent)
            var length = 0
            for byte in Array(prefix.utf8) + name.utf8.prefix(nameCapacity) + [UInt8(ascii: "\n")] {
                base.storeBytes(of: byte, toByteOffset: MemoryLayout<Int>.stride + length, as: UInt8.self)
                length += 1
            }
            atomicMemoryFence(ordering: .sequentiallyConsistent)
            base.storeBytes(of: length, as: Int.self)
        }
        TestCrash.fireIfAsked(startingSpec: name)
    }

    /// Marks `slot` idle.
    static func ended(slot: Int) {
        guard let slots = table, slot < slotCount else { return }
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        slots.storeBytes(of: 0, toByteOffset: slot * slotSize, as: Int.self)
    }

    /// Gives the calling thread the alternate stack number `index`, unless it has one already.
    private static func useAlternateStack(_ index: Int) {
        guard let slots = table else { return }
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        var stack = stack_t(ss_sp: slots + slotCount * slotSize + index * stackSize, ss_flags: 0, ss_size: stackSize)
        sigaltstack(&stack, nil)
    }

    /// The signal handler's work: only loads, stores and `write(2)`.
    private static func writeNamesInFlight() {
        guard let slots = table else { return }
        for slot in 0..<slotCount {
            let base = slots + slot * slotSize
            let length = base.load(as: Int.self)
            guard length > 0 else { continue }
            _ = write(STDERR_FILENO, base + MemoryLayout<Int>.stride, length)
        }
    }
}
