import Formwork

/// A hash of a value that agrees with `PageValue.==`: equal values have equal fingerprints, so
/// comparing fingerprints first rules out most unequal pairs without walking them.
///
/// Ints and numbers hash as the number they stand for (`12` and `12.0` alike), strings as Swift
/// strings (so canonically equivalent spellings agree), objects without regard to member order.
///
/// ```
/// JSONFingerprint.of(["a": 1, "b": 2.0]) == JSONFingerprint.of(["b": 2, "a": 1.0])   // true
/// ```
enum JSONFingerprint {
    /// The fingerprint of `value`, for this process (Swift seeds its hashes per process).
    static func of(_ value: PageValue) -> Int {
        var hasher = Hasher()
        combine(value, into: &hasher)
        return hasher.finalize()
    }

    private static func combine(_ value: PageValue, into hasher: inout Hasher) {
        switch value {
        case .null:
            hasher.combine(0)
        case .bool(let bool):
            hasher.combine(1)
            hasher.combine(bool)
        case .int(let int):
            // NB: `==` holds an int equal to a number only when the int is exactly a Double.
            if let double = Double(exactly: int) {
                hasher.combine(2)
                hasher.combine(double)
            } else {
                hasher.combine(3)
                hasher.combine(int)
            }
        case .number(let double):
            hasher.combine(2)
            hasher.combine(double)
        case .string(let string):
            hasher.combine(4)
            hasher.combine(string)
        case .array(let items):
            hasher.combine(5)
            hasher.combine(items.count)
            for item in items { combine(item, into: &hasher) }
        case .object(let object):
            // Members in any order: a sum of each member's own hash.
            var sum = 0
            for member in object {
                var memberHasher = Hasher()
                memberHasher.combine(member.key)
                combine(member.value, into: &memberHasher)
                sum = sum &+ memberHasher.finalize()
            }
            hasher.combine(6)
            hasher.combine(object.count)
            hasher.combine(sum)
        }
    }
}
