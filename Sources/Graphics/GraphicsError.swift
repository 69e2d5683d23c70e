/// A failure inside Cairo, Pango or fontconfig, with what was being done.
package enum GraphicsError: Error, Equatable, Sendable {
    /// Cairo refused an operation.
    case cairo(String)
    /// An image could not be decoded.
    case unreadableImage(String)
    /// A font file could not be loaded.
    case unreadableFont(String)

    /// The lower-case message of the failure.
    package var message: String {
        switch self {
        case .cairo(let text), .unreadableImage(let text), .unreadableFont(let text): text
        }
    }
}
