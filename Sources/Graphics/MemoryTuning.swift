import CCairo
import Glibc

/// How the C allocator treats the megabyte-sized buffers of every render.
package enum MemoryTuning {
    /// Keeps freed image buffers in the heap for the next render instead of returning them to the kernel,
    /// which would make every render pay page faults to get them back. Memory stays at the peak of one
    /// render per thread. Call once, at start-up.
    package static func keepFreedBuffersForReuse() {
        _ = mallopt(M_MMAP_THRESHOLD, 256 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 256 << 20)
    }

    /// True when `bytes` can be allocated now: mapped and unmapped at once, so nothing is kept. Under an
    /// address-space limit (`ulimit -v`) this fails where the allocation itself would abort the process;
    /// with overcommitted memory it cannot see the future. Not malloc and free: an optimiser may replace a
    /// block that is only freed by nothing at all, and then the answer is always yes (LLVM does, in release
    /// builds).
    package static func canAllocate(bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        let block = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let block, block != MAP_FAILED else { return false }
        munmap(block, bytes)
        return true
    }

    /// The memory cap in words: the address-space limit (`ulimit -v`) when there is one, else the machine's memory.
    static var capDescription: String {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return "the memory the system gives" }
        return "the memory cap (ulimit -v \(limit.rlim_cur / 1024) KB)"
    }
}
