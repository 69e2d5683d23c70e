import PThreadLock

/// Large images are drawn and encoded one at a time in the process, so that the memory a render has just
/// checked it can have (`Scene.peakBytes`) is not taken by another large one before it uses it
/// (a Swift allocation that fails aborts the process). Small images, the usual case, still draw in
/// parallel. Process-wide because memory is.
enum MemoryGate {
    /// Images whose buffers need more than this take turns: about 2,300 × 2,300 pixels.
    static let largeImageBytes = 64 << 20

    private static let turn = PThreadMutex()

    /// Runs `body`, waiting for the turn first when it needs `peakBytes` and that is large.
    static func run<Result>(peakBytes: Int, _ body: () throws(InfoWinError) -> Result) throws(InfoWinError) -> Result {
        guard peakBytes > largeImageBytes else { return try body() }
        return try turn.withLock { () throws(InfoWinError) in try body() }
    }
}
