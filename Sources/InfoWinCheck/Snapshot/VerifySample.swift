import Graphics
import InfoWinKit

/// The share of skipped specs that `check` draws all the same (`--verify-sample P`, SPEC.md, "Comparing,
/// round four"): a safety net under the input hash. A spec is in the sample when its rank, a hash of its
/// name and its input hash, falls in the lowest `percent` of all ranks: stable from run to run while the
/// spec is unchanged, and moving as it changes. A run that skipped specs but sampled none draws its
/// lowest-ranked skipped spec, so that at least one is drawn.
package struct VerifySample: Sendable, Equatable {
    /// `--verify-sample`'s default, in percent.
    static let defaultPercent = 1.0
    /// The share drawn, in percent (0 turns sampling off, 100 draws every spec).
    package let percent: Double

    /// A sample of `percent` percent (0…100).
    package init(percent: Double) {
        self.percent = percent
    }

    /// True when sampling is on.
    package var isOn: Bool { percent > 0 }

    /// True when a skipped spec of this rank is drawn.
    func includes(_ rank: UInt64) -> Bool {
        guard percent > 0 else { return false }
        guard percent < 100 else { return true }
        return Double(rank) < percent / 100 * 18_446_744_073_709_551_616.0
    }

    /// The rank of the spec named `name` (with its variant) whose input hash is `inputs`.
    package static func rank(of name: String, inputs: String) -> UInt64 {
        UInt64(SHA256.hex(Array((name + "\n" + inputs).utf8)).prefix(16), radix: 16) ?? 0
    }
}
