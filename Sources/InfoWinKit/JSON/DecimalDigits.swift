/// A JSON number's digits as they are read: the first 19 significant ones as an integer and the power of
/// ten they are scaled by. When that integer is at most 2^53 and the power within ±22, both are exact
/// doubles and one multiplication or division rounds the value correctly (Clinger's fast path), which is
/// what a coordinate written with up to 16 significant digits needs; one with 17 to 19 (or a power down to
/// 10^-27) is divided exactly in integers. Any other number is left to `strtod`.
struct DecimalDigits {
    /// The significant digits kept, as an integer.
    private(set) var mantissa: UInt64 = 0
    /// The power of ten `mantissa` is scaled by.
    private(set) var exponent = 0
    private var significantDigits = 0
    /// False once a digit was dropped or the exponent is out of reach: the value then needs `strtod`.
    private var exact = true

    /// Adds a digit (0–9), one after the decimal point when `fraction`.
    mutating func append(_ digit: UInt8, fraction: Bool) {
        guard significantDigits < 19 else {
            // A 20th significant digit: too many to keep. (A 20th digit of an integer's part is a power of
            // ten more, but the value is inexact either way.)
            exact = false
            return
        }
        if mantissa != 0 || digit != 0 { significantDigits += 1 }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        if fraction { exponent -= 1 }
    }

    /// Scales by the exponent `power` (its digits read as a number), negative when `negative`.
    mutating func scale(byPowerOfTen power: DecimalDigits, negative: Bool) {
        guard power.exact, power.exponent == 0, power.mantissa <= 400 else {
            exact = false
            return
        }
        exponent += negative ? -Int(power.mantissa) : Int(power.mantissa)
    }

    /// The value, when the fast path gives it correctly rounded; nil when `strtod` must read it.
    var exactValue: Double? {
        guard exact else { return nil }
        if mantissa == 0 { return 0 }
        if mantissa <= 1 << 53, (-22...22).contains(exponent) {
            let digits = Double(mantissa)
            return exponent < 0 ? digits / Self.powersOfTen[-exponent] : digits * Self.powersOfTen[exponent]
        }
        if (-27 ... -1).contains(exponent) { return Self.quotient(mantissa, dividedByTenToThe: -exponent) }
        return nil
    }

    /// `digits` / 10^`power`, correctly rounded (to nearest, ties to even), for 1 ≤ `power` ≤ 27: the
    /// 17 to 19 digits of a coordinate that a program printed in full (Python's, JavaScript's shortest
    /// round trip) are past Clinger's 2^53. As 10^p = 5^p · 2^p and 5^27 < 2^63, one integer division of
    /// `digits` · 2^shift by 5^p gives 54 or more bits of the quotient and its remainder the rest, which is
    /// all rounding needs; the power of two is the double's exponent.
    private static func quotient(_ digits: UInt64, dividedByTenToThe power: Int) -> Double {
        let divisor = powersOfFive[power]
        let divisorBits = UInt64.bitWidth - divisor.leadingZeroBitCount
        let digitBits = UInt64.bitWidth - digits.leadingZeroBitCount
        // digits · 2^shift ≥ 2^(54 + divisorBits) > divisor · 2^54: the quotient has 55 bits or more (and 64 at most).
        let shift = max(0, 55 + divisorBits - digitBits)
        // Smart shifts: up to 117 places, past 64 the low word is 0 and the high one is shifted left.
        let high = digits >> (UInt64.bitWidth - shift)
        let low = digits << shift
        let (quotient, remainder) = divisor.dividingFullWidth((high: high, low: low))
        // Keep 54 bits: 53 for the double and one to round by; what falls off is sticky.
        let extra = UInt64.bitWidth - quotient.leadingZeroBitCount - 54
        var sticky = remainder != 0
        var kept = quotient
        if extra > 0 {
            sticky = sticky || quotient & ((1 << extra) - 1) != 0
            kept = quotient >> extra
        }
        var significand = kept >> 1
        var binaryExponent = extra + 1 - shift - power
        if kept & 1 == 1 && (sticky || significand & 1 == 1) {
            significand += 1
            if significand == 1 << 53 {
                significand = 1 << 52
                binaryExponent += 1
            }
        }
        return Double(sign: .plus, exponent: binaryExponent, significand: Double(significand))
    }

    /// 5^0 … 5^27, every one below 2^63.
    private static let powersOfFive: [UInt64] = (0...27).map { power in (0..<power).reduce(1) { product, _ in product * 5 } }

    /// 10^0 … 10^22, every one exact in a double.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22,
    ]
}
