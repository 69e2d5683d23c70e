/// A JSON number's digits as they are read: the first 19 significant ones as an integer and the power of
/// ten they are scaled by. When that integer is at most 2^53 and the power within ±22, both are exact
/// doubles and one multiplication or division rounds the value correctly (Clinger's fast path), which is
/// what a coordinate written with up to 16 significant digits needs; any other number is left to `strtod`.
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
        guard mantissa <= 1 << 53, (-22...22).contains(exponent) else { return nil }
        let digits = Double(mantissa)
        return exponent < 0 ? digits / Self.powersOfTen[-exponent] : digits * Self.powersOfTen[exponent]
    }

    /// 10^0 … 10^22, every one exact in a double.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22,
    ]
}
