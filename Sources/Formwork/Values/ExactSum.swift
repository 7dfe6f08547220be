/// The exact total of ints and doubles, so `sum()` and `avg()` round once, at the end, and never
/// fail on an intermediate overflow the final answer doesn't have.
///
/// Every finite double is an integer multiple of 2⁻¹⁰⁷⁴ below 2¹⁰²⁴, so two wide fixed-point
/// integers — one for the positive terms, one for the negative — hold any total exactly with room
/// for 2⁶⁴ terms. The answer is rounded to the nearest double (ties to even) only when it is read.
///
/// ```
/// var sum = ExactSum()
/// for x in [0.1, 0.2, 0.3] { sum.add(x) }
/// sum.double()                  // 0.6 (adding doubles one by one gives 0.6000000000000001)
/// sum.add(Int64.max); sum.int() // nil: the total isn't a 64-bit int any more
/// ```
struct ExactSum {
    /// Bit `i` weighs 2^(i − 1074).
    private static let fractionBits = 1074
    /// 2,098 bits for any double, 64 for carries, and 64 of extra precision for `double(dividedBy:)`.
    private static let limbCount = 35

    /// The positive terms' total in the first `limbCount` limbs, the negative terms' in the rest
    /// (one buffer, one allocation).
    private var limbs = [UInt64](repeating: 0, count: 2 * ExactSum.limbCount)

    /// Adds a finite double exactly.
    mutating func add(_ value: Double) {
        precondition(value.isFinite, "ExactSum adds finite values only")
        let significand: UInt64
        let shift: Int
        if value.exponentBitPattern == 0 {
            significand = value.significandBitPattern
            shift = 0
        } else {
            significand = value.significandBitPattern | (1 << 52)
            shift = Int(value.exponentBitPattern) - 1
        }
        add(significand, shiftedBy: shift, negative: value.sign == .minus)
    }

    /// Adds an int exactly.
    mutating func add(_ value: Int64) {
        add(value.magnitude, shiftedBy: ExactSum.fractionBits, negative: value < 0)
    }

    /// The total as a 64-bit int, or nil when it has a fraction or doesn't fit.
    func int() -> Int64? {
        let (isNegative, magnitude) = difference()
        // Nothing below the point, and nothing from bit 63 up except 2⁶³ itself for Int64.min.
        guard !ExactSum.anyBit(of: magnitude, below: ExactSum.fractionBits),
              ExactSum.highestBit(of: magnitude) < ExactSum.fractionBits + 64 else { return nil }
        let whole = ExactSum.bits(of: magnitude, from: ExactSum.fractionBits, count: 64)
        if isNegative { return whole <= UInt64(Int64.max) ? -Int64(whole) : (whole == UInt64(Int64.max) + 1 ? Int64.min : nil) }
        return whole <= UInt64(Int64.max) ? Int64(whole) : nil
    }

    /// The total divided by `divisor` (1 for the total itself), rounded once to the nearest double;
    /// an infinity when it is beyond the largest double.
    func double(dividedBy divisor: Int = 1) -> Double {
        precondition(divisor > 0)
        var (isNegative, magnitude) = difference()
        // NB: 64 more fraction bits before dividing, and the remainder as a sticky bit, keep the
        // quotient's rounding exact: a double has no bits below 2⁻¹⁰⁷⁴.
        var extraBits = 0
        var sticky = false
        if divisor > 1 {
            magnitude = [0] + magnitude.dropLast()
            extraBits = 64
            var remainder: UInt64 = 0
            for index in magnitude.indices.reversed() {
                let (quotient, rest) = UInt64(divisor).dividingFullWidth((high: remainder, low: magnitude[index]))
                magnitude[index] = quotient
                remainder = rest
            }
            sticky = remainder != 0
        }
        let lowest = ExactSum.fractionBits + extraBits  // the bit that weighs 2⁰
        let top = ExactSum.highestBit(of: magnitude)
        guard top >= 0 else { return isNegative ? -0.0 : 0.0 }
        // The double's last significand bit weighs 2^-1074 at least, so keep 53 bits or down to there.
        let cut = max(top - 52, extraBits)
        var significand = top >= cut ? ExactSum.bits(of: magnitude, from: cut, count: top - cut + 1) : 0
        let roundBit = cut > 0 && ExactSum.bits(of: magnitude, from: cut - 1, count: 1) == 1
        let below = sticky || (cut > 1 && ExactSum.anyBit(of: magnitude, below: cut - 1))
        if roundBit && (below || significand & 1 == 1) { significand += 1 }
        let result = Double(sign: .plus, exponent: cut - lowest, significand: Double(significand))
        return isNegative ? -result : result
    }

    // MARK: - Wide integers

    /// Adds `value << shift` to the positive or the negative total.
    private mutating func add(_ value: UInt64, shiftedBy shift: Int, negative: Bool) {
        guard value != 0 else { return }
        let offset = UInt64(truncatingIfNeeded: shift & 63)
        let low = value &<< offset
        let high = offset == 0 ? 0 : value &>> (64 &- offset)
        limbs.withUnsafeMutableBufferPointer { limbs in
            // NB: two limbs, and a carry that runs on only when a limb fills up.
            var index = (negative ? ExactSum.limbCount : 0) + shift >> 6
            let (sum0, carry0) = limbs[index].addingReportingOverflow(low)
            limbs[index] = sum0
            index += 1
            var (sum1, carry) = limbs[index].addingReportingOverflow(high)
            if carry0 {
                let (bumped, carry2) = sum1.addingReportingOverflow(1)
                sum1 = bumped
                carry = carry || carry2
            }
            limbs[index] = sum1
            while carry {
                index += 1
                (limbs[index], carry) = limbs[index].addingReportingOverflow(1)
            }
        }
    }

    /// |positive − negative| and its sign.
    private func difference() -> (isNegative: Bool, magnitude: [UInt64]) {
        let positive = limbs[..<ExactSum.limbCount], negative = limbs[ExactSum.limbCount...]
        let negativeIsLarger = ExactSum.compare(negative, positive) > 0
        let (large, small) = negativeIsLarger ? (Array(negative), Array(positive)) : (Array(positive), Array(negative))
        var result = large
        var borrow = false
        for index in result.indices {
            let (partial, overflowA) = result[index].subtractingReportingOverflow(small[index])
            let (total, overflowB) = partial.subtractingReportingOverflow(borrow ? 1 : 0)
            result[index] = total
            borrow = overflowA || overflowB
        }
        return (negativeIsLarger, result)
    }

    private static func compare(_ a: ArraySlice<UInt64>, _ b: ArraySlice<UInt64>) -> Int {
        for (x, y) in zip(a.reversed(), b.reversed()) where x != y { return x < y ? -1 : 1 }
        return 0
    }

    /// The index of the highest set bit, or -1 for zero.
    private static func highestBit(of limbs: [UInt64]) -> Int {
        for index in limbs.indices.reversed() where limbs[index] != 0 {
            return index * 64 + 63 - limbs[index].leadingZeroBitCount
        }
        return -1
    }

    /// `count` (≤ 64) bits starting at bit `from`, as an integer.
    private static func bits(of limbs: [UInt64], from start: Int, count: Int) -> UInt64 {
        let index = start / 64, offset = UInt64(start % 64)
        var word = index < limbs.count ? limbs[index] >> offset : 0
        if offset > 0, index + 1 < limbs.count { word |= limbs[index + 1] << (64 - offset) }
        return count >= 64 ? word : word & ((1 << UInt64(count)) - 1)
    }

    /// Whether any bit below `end` is set.
    private static func anyBit(of limbs: [UInt64], below end: Int) -> Bool {
        let whole = end / 64
        if limbs[..<whole].contains(where: { $0 != 0 }) { return true }
        let partial = end % 64
        return partial > 0 && limbs[whole] & ((1 << UInt64(partial)) - 1) != 0
    }
}
