#if canImport(Glibc)
import Glibc
#endif

/// Seconds on the monotonic clock (never set back).
package enum MonotonicClock {
    package static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
