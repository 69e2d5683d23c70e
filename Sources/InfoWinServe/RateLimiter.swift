import HTTPServer
import PThreadLock

/// Token buckets, one a client (`--rate N/s`, `--burst N`): a bucket holds up to `burst` requests and fills
/// at `rate` a second; a request takes one, or is refused while the bucket is empty. At most `capacity`
/// buckets are kept, the least recently used dropped first (a bucket idle long enough is full again, the
/// same as none, so a dropped one costs a client nothing but what it lost by waiting). Safe from any thread.
package final class RateLimiter: @unchecked Sendable {
    /// The most buckets kept at once.
    package static let bucketLimit = 100_000

    /// What one request is told.
    package struct Decision: Equatable, Sendable {
        /// True when the request may go on.
        package let allowed: Bool
        /// Whole requests left in the bucket after this one.
        package let remaining: Int
        /// Whole seconds until the next request may go on (at least 1) when this one is refused; until the
        /// bucket is full again when it is allowed.
        package let seconds: Int

        package init(allowed: Bool, remaining: Int, seconds: Int) {
            self.allowed = allowed
            self.remaining = remaining
            self.seconds = seconds
        }
    }

    package let rate: Double
    package let burst: Int
    private let capacity: Int
    private let clock: @Sendable () -> Double
    private let mutex = PThreadMutex()
    /// The buckets in slots, linked from the most recently used (`newest`) to the least (`oldest`).
    private var slots: [Bucket] = []
    private var slotOf: [String: Int] = [:]
    private var newest = -1, oldest = -1

    private struct Bucket {
        var key: String
        var tokens: Double
        var time: Double
        var newer: Int
        var older: Int
    }

    /// Buckets of `burst` filling at `rate` a second, at most `capacity` of them, timed by `clock` (seconds,
    /// never going back: the monotonic clock, or a test's).
    package init(rate: Double, burst: Int, capacity: Int = RateLimiter.bucketLimit, clock: @escaping @Sendable () -> Double = { MonotonicClock.now }) {
        self.rate = rate
        self.burst = max(1, burst)
        self.capacity = max(1, capacity)
        self.clock = clock
    }

    /// The buckets kept now.
    package var bucketCount: Int { mutex.withLock { slotOf.count } }

    /// Takes one request from `key`'s bucket (made full if it has none).
    package func take(_ key: String) -> Decision {
        let now = clock()
        return mutex.withLock {
            let slot = touch(key, now: now)
            var bucket = slots[slot]
            bucket.tokens = min(Double(burst), bucket.tokens + max(0, now - bucket.time) * rate)
            bucket.time = now
            let allowed = bucket.tokens >= 1
            if allowed { bucket.tokens -= 1 }
            slots[slot] = bucket
            let seconds = allowed ? (Double(burst) - bucket.tokens) / rate : (1 - bucket.tokens) / rate
            return Decision(allowed: allowed, remaining: Int(bucket.tokens.rounded(.down)), seconds: max(1, Int(seconds.rounded(.up))))
        }
    }

    /// The window the policy states: the seconds an empty bucket takes to fill, at least 1.
    package var window: Int { max(1, Int((Double(burst) / rate).rounded(.up))) }

    /// The answer's header fields for `decision`: the IETF httpapi draft's `RateLimit-Policy` (the burst and
    /// the window) and `RateLimit` (what is left, and when), and `Retry-After` when refused.
    package func headers(_ decision: Decision) -> [HTTPHeaderField] {
        var fields = [
            HTTPHeaderField("RateLimit-Policy", "\"default\";q=\(burst);w=\(window)"),
            HTTPHeaderField("RateLimit", "\"default\";r=\(decision.remaining);t=\(decision.seconds)"),
        ]
        if !decision.allowed { fields.append(HTTPHeaderField("Retry-After", "\(decision.seconds)")) }
        return fields
    }

    /// `key`'s slot, made the most recently used: a new full bucket when it has none, in the slot of the
    /// least recently used one when all are taken. Called with the lock held.
    private func touch(_ key: String, now: Double) -> Int {
        if let slot = slotOf[key] {
            unlink(slot)
            link(slot)
            return slot
        }
        let fresh = Bucket(key: key, tokens: Double(burst), time: now, newer: -1, older: -1)
        let slot: Int
        if slots.count < capacity {
            slot = slots.count
            slots.append(fresh)
        } else {
            slot = oldest
            unlink(slot)
            slotOf[slots[slot].key] = nil
            slots[slot] = fresh
        }
        slotOf[key] = slot
        link(slot)
        return slot
    }

    private func unlink(_ slot: Int) {
        let (newer, older) = (slots[slot].newer, slots[slot].older)
        if newer >= 0 { slots[newer].older = older } else { newest = older }
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
    }

    private func link(_ slot: Int) {
        slots[slot].newer = -1
        slots[slot].older = newest
        if newest >= 0 { slots[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}
