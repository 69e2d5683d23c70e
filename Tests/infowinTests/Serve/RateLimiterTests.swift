import HTTPServer
import InfoWinServe
import PThreadLock
import Testing

/// The rate limiter's token buckets on their own, on a clock the test moves (never the wall clock).
@Suite struct RateLimiterTests {
    /// A clock that stands still until the test moves it.
    private final class TestClock: @unchecked Sendable {
        private let mutex = PThreadMutex()
        private var seconds = 1000.0
        var now: Double { mutex.withLock { seconds } }
        func advance(_ by: Double) { mutex.withLock { seconds += by } }
    }

    @Test func aBucketLetsItsBurstThroughThenOneARatePeriod() {
        let clock = TestClock()
        let limiter = RateLimiter(rate: 1, burst: 2, clock: { clock.now })
        let first = limiter.take("a"), second = limiter.take("a"), third = limiter.take("a")
        #expect(first == RateLimiter.Decision(allowed: true, remaining: 1, seconds: 1))
        #expect(second == RateLimiter.Decision(allowed: true, remaining: 0, seconds: 2))
        #expect(third == RateLimiter.Decision(allowed: false, remaining: 0, seconds: 1))
        clock.advance(0.5)
        #expect(limiter.take("a").allowed == false)
        clock.advance(0.5)
        #expect(limiter.take("a").allowed)
        #expect(!limiter.take("a").allowed)
        // Another client has its own bucket.
        #expect(limiter.take("b").allowed)
        // A long wait fills the bucket to its burst, no further.
        clock.advance(3600)
        #expect(limiter.take("a").allowed && limiter.take("a").allowed && !limiter.take("a").allowed)
    }

    @Test func retryAfterIsWholeSecondsAndAtLeastOne() {
        let clock = TestClock()
        let slow = RateLimiter(rate: 0.1, burst: 1, clock: { clock.now })
        #expect(slow.take("a").allowed)
        #expect(slow.take("a").seconds == 10)
        clock.advance(9.5)
        #expect(slow.take("a").seconds == 1)
        let fast = RateLimiter(rate: 100, burst: 1, clock: { clock.now })
        #expect(fast.take("a").allowed)
        #expect(fast.take("a") == RateLimiter.Decision(allowed: false, remaining: 0, seconds: 1))
    }

    @Test func theHeadersAreTheIETFDraftsAndRetryAfterOnlyWhenRefused() {
        let clock = TestClock()
        let limiter = RateLimiter(rate: 2, burst: 5, clock: { clock.now })
        let allowed = limiter.headers(limiter.take("a"))
        #expect(allowed == [HTTPHeaderField("RateLimit-Policy", "\"default\";q=5;w=3"), HTTPHeaderField("RateLimit", "\"default\";r=4;t=1")])
        for _ in 0..<4 { _ = limiter.take("a") }
        let refused = limiter.headers(limiter.take("a"))
        #expect(refused.contains(HTTPHeaderField("Retry-After", "1")))
        #expect(refused.contains(HTTPHeaderField("RateLimit", "\"default\";r=0;t=1")))
    }

    @Test func atMostCapacityBucketsAreKeptTheLeastRecentlyUsedDroppedFirst() {
        let clock = TestClock()
        let limiter = RateLimiter(rate: 0.001, burst: 1, capacity: 3, clock: { clock.now })
        for key in ["a", "b", "c"] { #expect(limiter.take(key).allowed) }
        #expect(!limiter.take("a").allowed)  // a is now the most recently used
        #expect(limiter.take("d").allowed)   // b, the least recently used, gives way
        #expect(limiter.bucketCount == 3)
        #expect(!limiter.take("a").allowed && !limiter.take("c").allowed && !limiter.take("d").allowed)
        #expect(limiter.take("b").allowed)   // b starts again with a full bucket
        #expect(limiter.bucketCount == 3)
        #expect(RateLimiter.bucketLimit == 100_000)
    }

    @Test func manyThreadsTakeExactlyTheBurstBetweenThem() async {
        let clock = TestClock()
        let limiter = RateLimiter(rate: 0.001, burst: 50, clock: { clock.now })
        let allowed = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { (0..<25).filter { _ in limiter.take("shared").allowed }.count } }
            return await group.reduce(0, +)
        }
        #expect(allowed == 50)
    }
}
