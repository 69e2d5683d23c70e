import Graphics

/// CSS's `rgb(r, g, b)` and `rgba(r, g, b, a)`: channels 0…255, opacity 0…1, as Apple's colour tables write
/// translucent colours (`rgba(60, 60, 67, 0.6)`).
enum CSSColorFunction {
    /// The colour `text` writes, or nil when it is not such a function with channels in range.
    static func parse(_ text: String) -> RGBA? {
        let lowered = text.lowercased()
        let name: String
        if lowered.hasPrefix("rgba(") { name = "rgba" } else if lowered.hasPrefix("rgb(") { name = "rgb" } else { return nil }
        guard lowered.hasSuffix(")") else { return nil }
        let inside = lowered.dropFirst(name.count + 1).dropLast()
        let parts = inside.split(separator: ",", omittingEmptySubsequences: false).map(\.trimmingSpaces)
        guard parts.count == (name == "rgba" ? 4 : 3) else { return nil }
        var channels: [Double] = []
        for part in parts.prefix(3) {
            guard let value = Double(part), value.isFinite, (0...255).contains(value) else { return nil }
            channels.append(value / 255)
        }
        var alpha = 1.0
        if parts.count == 4 {
            guard let value = Double(parts[3]), value.isFinite, (0...1).contains(value) else { return nil }
            alpha = value
        }
        return RGBA(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
    }
}
