/// A finite decimal number held exactly: a sign, a run of decimal digits and a power of ten.
///
/// `round()`, `fixed()` and `int('…')` work on it so they never round twice: a double converts
/// to it without loss (every finite double is a finite decimal, because 2⁻ⁿ = 5ⁿ / 10ⁿ), and so
/// does decimal text, however many digits it has.
///
/// ```
/// ExactDecimal(0.3).description              // 0.299999999999999988897769753748434595763683319091796875
/// ExactDecimal(2.345).rounded(decimals: 2)   // 2.35 (2.345 is stored as 2.34500000000000019…)
/// ExactDecimal(1.005).rounded(decimals: 2)   // 1 (1.005 is stored as 1.00499999999999989…)
/// ```
///
/// NB: the conversion multiplies the double's 53-bit significand by powers of 5 (or 2) in base
/// 10⁹ limbs: at most 1,074 fives, so about 770 digits and a few thousand limb products.
struct ExactDecimal: Equatable, CustomStringConvertible {
    var isNegative: Bool
    /// Decimal digits (0–9), most significant first, without leading zeros; empty for zero.
    var digits: [UInt8]
    /// The value is `digits × 10^exponent`.
    var exponent: Int

    init(isNegative: Bool, digits: [UInt8], exponent: Int) {
        let leadingZeros = digits.prefix { $0 == 0 }.count
        self.digits = Array(digits.dropFirst(leadingZeros))
        self.isNegative = isNegative
        self.exponent = self.digits.isEmpty ? 0 : exponent
    }

    /// The exact decimal value of a finite double.
    init(_ value: Double) {
        precondition(value.isFinite, "ExactDecimal holds finite values only")
        var significand: UInt64
        var binaryExponent: Int
        if value.exponentBitPattern == 0 {
            significand = value.significandBitPattern
            binaryExponent = -1074
        } else {
            significand = value.significandBitPattern | (1 << 52)
            binaryExponent = Int(value.exponentBitPattern) - 1075
        }
        guard significand != 0 else {
            self.init(isNegative: value.sign == .minus, digits: [], exponent: 0)
            return
        }
        let trailing = min(significand.trailingZeroBitCount, binaryExponent < 0 ? -binaryExponent : 0)
        significand >>= UInt64(trailing)
        binaryExponent += trailing
        var limbs = LimbNumber(significand)
        if binaryExponent >= 0 {
            limbs.multiply(byPowerOf: 2, binaryExponent)
            self.init(isNegative: value.sign == .minus, digits: limbs.decimalDigits, exponent: 0)
        } else {
            // m / 2ⁿ = m·5ⁿ / 10ⁿ
            limbs.multiply(byPowerOf: 5, -binaryExponent)
            self.init(isNegative: value.sign == .minus, digits: limbs.decimalDigits, exponent: binaryExponent)
        }
    }

    /// The exact value of decimal text `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`,
    /// or nil when the text isn't written that way. An exponent too large to matter is clamped:
    /// the value is then either far beyond any 64-bit int or indistinguishable from zero for
    /// truncation.
    init?(text: Substring.UTF8View) {
        var bytes = text[...]
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var digits: [UInt8] = []
        var fractionDigits = 0
        while let byte = bytes.first, isDigit(byte) { digits.append(byte - UInt8(ascii: "0")); bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            while let byte = bytes.first, isDigit(byte) {
                digits.append(byte - UInt8(ascii: "0"))
                fractionDigits += 1
                bytes = bytes.dropFirst()
            }
        }
        guard !digits.isEmpty else { return nil }
        var exponent = 0
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            var exponentNegative = false
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentNegative = sign == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            guard let first = bytes.first, isDigit(first) else { return nil }
            while let byte = bytes.first, isDigit(byte) {
                // NB: clamp far beyond anything that matters, so '1e99999999999999999999' can't overflow Int.
                exponent = min(exponent * 10 + Int(byte - UInt8(ascii: "0")), ExactDecimal.exponentClamp)
                bytes = bytes.dropFirst()
            }
            if exponentNegative { exponent = -exponent }
        }
        guard bytes.isEmpty else { return nil }
        self.init(isNegative: negative, digits: digits, exponent: exponent - fractionDigits)
    }

    /// Exponents are clamped to ±this when read from text: far past any double or 64-bit int.
    static let exponentClamp = 1 << 40

    var isZero: Bool { digits.isEmpty }

    // MARK: - Rounding

    /// Rounded half away from zero to `decimals` digits after the point (negative: to tens,
    /// hundreds, …). Exact: the digit after the cut alone decides, since nothing was rounded before.
    func rounded(decimals: Int) -> ExactDecimal {
        let target = -decimals
        guard exponent < target else { return self }
        let dropped = target - exponent
        guard dropped <= digits.count else { return ExactDecimal(isNegative: isNegative, digits: [], exponent: 0) }
        var kept = Array(digits.prefix(digits.count - dropped))
        if digits[digits.count - dropped] >= 5 {
            var index = kept.count - 1
            while index >= 0, kept[index] == 9 {
                kept[index] = 0
                index -= 1
            }
            if index >= 0 { kept[index] += 1 } else { kept.insert(1, at: 0) }
        }
        return ExactDecimal(isNegative: isNegative, digits: kept, exponent: target)
    }

    /// The integer part (cut toward zero) as a 64-bit int, or nil when it doesn't fit.
    var truncatedInt64: Int64? {
        let integerDigits = exponent >= 0 ? digits.count + exponent : digits.count + exponent
        guard integerDigits > 0 else { return 0 }
        guard integerDigits <= 19 else { return nil }
        var magnitude: UInt64 = 0
        for position in 0..<integerDigits {
            let digit = position < digits.count ? UInt64(digits[position]) : 0
            magnitude = magnitude * 10 + digit  // NB: at most 19 digits, below UInt64.max
        }
        if isNegative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// The nearest double (ties to even), or an infinity past the largest one.
    var doubleValue: Double {
        // NB: Swift's Double(String) rounds correctly, and digits with an exponent is its syntax.
        Double((isNegative ? "-" : "") + (digits.isEmpty ? "0" : String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)) + "e\(exponent)") ?? .nan
    }

    // MARK: - Text

    /// Plain text with exactly `decimals` digits after the point (none when 0), assuming the value
    /// has no more than that (round it first). Zero has no minus sign.
    func text(decimals: Int) -> String {
        precondition(decimals >= 0 && exponent >= -decimals || isZero, "round to \(decimals) decimals first")
        // All digits, padded with zeros down to 10^-decimals.
        var all = digits.map { Character(Unicode.Scalar($0 + UInt8(ascii: "0"))) }
        if !isZero { all += repeatElement("0", count: exponent + decimals) }
        if all.count <= decimals { all = Array(repeating: "0", count: decimals + 1 - all.count) + all }
        let integer = String(all.prefix(all.count - decimals))
        let fraction = String(all.suffix(decimals))
        return (isNegative && !isZero ? "-" : "") + integer + (decimals > 0 ? "." + fraction : "")
    }

    /// Every digit, with a point where it belongs: `-0.125`, `1500`.
    var description: String {
        text(decimals: max(0, -exponent))
    }
}

/// An unsigned integer in base-10⁹ limbs, least significant first: just enough arithmetic to
/// expand a double into decimal digits.
private struct LimbNumber {
    static let base: UInt64 = 1_000_000_000
    var limbs: [UInt64]

    init(_ value: UInt64) {
        limbs = []
        var rest = value
        repeat {
            limbs.append(rest % LimbNumber.base)
            rest /= LimbNumber.base
        } while rest > 0
    }

    /// Multiplies by `factor`ⁿ, `factor` being 2 or 5, a chunk that keeps each product in 64 bits at a time.
    mutating func multiply(byPowerOf factor: UInt64, _ count: Int) {
        // NB: 2²⁹ and 5¹³ are the largest powers below 2³¹; a limb (< 10⁹) times one stays below 2⁶¹.
        let chunk = factor == 2 ? 29 : 13
        var remaining = count
        while remaining > 0 {
            let step = min(chunk, remaining)
            var multiplier: UInt64 = 1
            for _ in 0..<step { multiplier *= factor }
            multiply(by: multiplier)
            remaining -= step
        }
    }

    private mutating func multiply(by multiplier: UInt64) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = limbs[index] * multiplier + carry
            limbs[index] = product % LimbNumber.base
            carry = product / LimbNumber.base
        }
        while carry > 0 {
            limbs.append(carry % LimbNumber.base)
            carry /= LimbNumber.base
        }
    }

    var decimalDigits: [UInt8] {
        var digits: [UInt8] = []
        digits.reserveCapacity(limbs.count * 9)
        for (position, limb) in limbs.reversed().enumerated() {
            var chunk = [UInt8](repeating: 0, count: 9)
            var rest = limb
            for index in stride(from: 8, through: 0, by: -1) {
                chunk[index] = UInt8(rest % 10)
                rest /= 10
            }
            digits += position == 0 ? Array(chunk.drop { $0 == 0 }) : chunk
        }
        return digits
    }
}
