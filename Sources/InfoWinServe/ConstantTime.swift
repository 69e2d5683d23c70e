/// Comparing secrets without telling, by how long it takes, how much of a guess was right.
enum ConstantTime {
    /// True when `a` equals `b`, in a time that depends on their lengths only.
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
