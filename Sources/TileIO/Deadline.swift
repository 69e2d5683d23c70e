#if canImport(Glibc)
import Glibc
#endif

/// A moment on the monotonic clock (never set back, unlike the wall clock) after which work must stop.
/// It may also end early, when `stopped` says so (a render cancelled from outside).
package struct Deadline: Sendable {
    private let end: Double
    private let stopped: (@Sendable () -> Bool)?

    /// `seconds` from now, or sooner once `stopped` returns true; NaN or a negative count is already past.
    package init(seconds: Double, or stopped: (@Sendable () -> Bool)? = nil) {
        end = Self.now() + (seconds.isNaN ? -1 : seconds)
        self.stopped = stopped
    }

    /// True once the moment has come, or the work was stopped.
    package var hasPassed: Bool { Self.now() >= end || stopped?() == true }

    /// Seconds left, never below zero.
    var secondsLeft: Double { max(0, end - Self.now()) }

    /// Seconds as people write them: `10`, `1.5`.
    package static func text(seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e9 ? String(Int(seconds)) : String(seconds)
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
