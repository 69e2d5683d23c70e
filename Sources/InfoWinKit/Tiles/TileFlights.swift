import PThreadLock
import TileIO

/// The tile requests in flight in this process, by URL, so that the workers of a batch, `check` or `play`
/// needing the same tile at once send one request between them: the first to ask fetches it, the others
/// wait for its result.
///
/// A leader fetches every URL it leads before it waits for any other, so two workers each waiting for the
/// other's tile cannot happen.
final class TileFlights: Sendable {
    /// One request in flight: its result once the leader has it.
    final class Flight: @unchecked Sendable {
        private var result: HTTPTileResult?
        private let mutex = PThreadMutex()
        private let landed = PThreadCondition()

        /// Gives the result to every waiter.
        func land(_ result: HTTPTileResult) {
            mutex.withLock {
                self.result = result
                landed.broadcast()
            }
        }

        /// The leader's result, once it has landed.
        func wait() -> HTTPTileResult {
            mutex.withLock {
                while true {
                    if let result { return result }
                    landed.wait(releasing: mutex)
                }
            }
        }
    }

    /// Whether the caller fetches a URL itself or waits for another's request.
    enum Claim {
        case lead(Flight)
        case follow(Flight)
    }

    /// The table every HTTP tile source of the process shares.
    static let shared = TileFlights()

    private let flights = Locked([String: Flight]())

    /// For each URL, a flight to lead (none was in flight) or to follow.
    func claim(_ urls: [String]) -> [Claim] {
        flights.withLock { flights in
            urls.map { url in
                if let flight = flights[url] { return .follow(flight) }
                let flight = Flight()
                flights[url] = flight
                return .lead(flight)
            }
        }
    }

    /// Ends the flight of `url` with `result`: its waiters wake, and the next to ask starts afresh (from the
    /// disk cache, which the leader has written first).
    func land(_ url: String, _ flight: Flight, _ result: HTTPTileResult) {
        flights.withLock { flights in
            if flights[url] === flight { flights[url] = nil }
        }
        flight.land(result)
    }
}
