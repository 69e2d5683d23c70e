/// A failure inside Cairo, Pango or fontconfig, with what was being done.
package enum GraphicsError: Error, Equatable, Sendable {
    /// Cairo refused an operation.
    case cairo(String)
    /// An image could not be decoded.
    case unreadableImage(String)
    /// A font file could not be loaded.
    case unreadableFont(String)
    /// An image whose header was read would need `bytes` decoded, which the memory cap does not leave.
    case tooLargeForMemory(width: Int, height: Int, bytes: Int)

    /// The lower-case message of the failure.
    package var message: String {
        switch self {
        case .cairo(let text), .unreadableImage(let text), .unreadableFont(let text): text
        case .tooLargeForMemory(let width, let height, let bytes):
            "a \(width) × \(height) image needs \((bytes + (1 << 20) - 1) >> 20) MB decoded, more than \(MemoryTuning.capDescription) leaves"
        }
    }
}
