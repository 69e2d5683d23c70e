import CCairo

/// How the C allocator treats the megabyte-sized buffers of every render.
package enum MemoryTuning {
    /// Keeps freed image buffers in the heap for the next render instead of returning them to the kernel,
    /// which would make every render pay page faults to get them back. Memory stays at the peak of one
    /// render per thread. Call once, at start-up.
    package static func keepFreedBuffersForReuse() {
        _ = mallopt(M_MMAP_THRESHOLD, 256 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 256 << 20)
    }

    /// True when `bytes` can be allocated now: asked for and given back at once (large blocks are mapped
    /// and unmapped, so nothing is kept). Under an address-space limit (`ulimit -v`) this fails where the
    /// allocation itself would abort the process; with overcommitted memory it cannot see the future.
    package static func canAllocate(bytes: Int) -> Bool {
        guard let block = malloc(bytes) else { return false }
        free(block)
        return true
    }
}
