/// The limits a server holds every connection to.
package struct HTTPServerOptions: Sendable {
    /// The largest body kept, in bytes; a larger one reaches the handler as `bodyTooLarge`.
    package var bodyLimit = 1 << 20
    /// Seconds a connection may sit idle (a slow client sending its head or body, or a kept-alive
    /// connection between requests) before it is closed. Waiting for an answer does not count.
    package var clientTimeout = 10
    /// Bytes of memory a connection may use for its head and buffers (MHD's default is 32 KB).
    package var connectionMemoryLimit = 64 << 10
    /// The most connections open at once; more are refused by the kernel's backlog and then closed.
    package var connectionLimit = 1024
    /// The most connections open at once from one client address, so that one client cannot take every
    /// connection (a slowloris): a new one takes the place of the address's oldest still sending its request
    /// (head or body), or is closed when all are past it.
    package var connectionsPerAddress = 32
    /// Seconds a request's whole head may take to arrive, from the connection opening or the last answer on
    /// it; the connection is closed past it, however steadily the bytes come.
    package var headerTimeout = 10.0
    /// Bytes a second a body must arrive at once it has had `headerTimeout` seconds (0: no minimum).
    package var minBodyRate = 1024

    package init() {}
}
