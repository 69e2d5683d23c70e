import CCairo

/// How the C allocator treats the megabyte-sized buffers of every render.
public enum MemoryTuning {
    /// Keeps freed image buffers in the heap for the next render instead of returning them to the kernel,
    /// which would make every render pay page faults to get them back. Memory stays at the peak of one
    /// render per thread. Call once, at start-up.
    public static func keepFreedBuffersForReuse() {
        _ = mallopt(M_MMAP_THRESHOLD, 256 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 256 << 20)
    }
}
