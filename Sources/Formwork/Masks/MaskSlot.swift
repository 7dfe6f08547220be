/// What one slot of a mask pattern takes: `#` a digit, `@` a letter, `*` a letter or a digit.
///
/// ```swift
/// MaskSlot.digit.accepts("7")    // true
/// MaskSlot.letter.accepts("7")   // false
/// ```
public enum MaskSlot: String, Sendable, Equatable, CaseIterable {
    /// 0 to 9 (ASCII digits only: a keyboard's other digits are not what a server expects).
    case digit
    /// A letter of any script.
    case letter
    /// A letter or a digit.
    case any

    /// The character that stands for the slot in a pattern: `#`, `@` or `*`.
    public var character: Character {
        switch self {
        case .digit: return "#"
        case .letter: return "@"
        case .any: return "*"
        }
    }

    /// Whether `c` may fill the slot.
    public func accepts(_ c: Character) -> Bool {
        let isDigit = c.isASCII && c.isNumber
        switch self {
        case .digit: return isDigit
        case .letter: return c.isLetter
        case .any: return isDigit || c.isLetter
        }
    }

    /// The slot a pattern's character stands for, without custom slots.
    static func standard(_ c: Character) -> MaskSlot? {
        allCases.first { $0.character == c }
    }
}
