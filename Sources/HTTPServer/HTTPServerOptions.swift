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

    package init() {}
}
