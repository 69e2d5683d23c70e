import Graphics

/// The default marker of SPEC.md: a 27 × 43 pt teardrop, red unless tinted, its tip at the ground anchor.
enum DefaultPin {
    static let size = Size(width: 27, height: 43)
    static let color = RGBA(hex: 0xEA4335)
}
