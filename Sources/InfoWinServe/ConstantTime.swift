import Graphics

/// Comparing secrets without telling, by how long it takes, how much of a guess was right.
enum ConstantTime {
    /// True when `a` equals `b`, in a time that depends on their lengths only.
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// True when `value` is one of `secrets`: each is compared by its SHA-256 (so neither a secret's length
    /// nor where a guess first differs shows in the time), and every one is compared, whichever matches.
    static func isOne(of secrets: Set<String>, _ value: some StringProtocol) -> Bool {
        let wanted = Array(SHA256.hex(Array(value.utf8)).utf8)
        return secrets.map { equal(Array(SHA256.hex(Array($0.utf8)).utf8), wanted) }.contains(true)
    }
}
