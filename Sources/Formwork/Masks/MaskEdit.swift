/// One edit a person makes in a masked field, as a text field reports it: the text before, where
/// the caret (or selection) was, the range replaced and what was typed or pasted into it.
/// Offsets count UTF-16 code units, as a browser's `selectionStart` and `NSRange` do.
///
/// ```swift
/// // "+7 (912" shown, the caret at the end, the person types 3:
/// MaskEdit(text: "+7 (912) ", selection: 9..<9, replaced: 9..<9, inserted: "3")
/// // backspace at the end deletes the character before the caret:
/// MaskEdit(text: "+7 (912) ", selection: 9..<9, replaced: 8..<9, inserted: "")
/// ```
public struct MaskEdit: Sendable, Equatable {
    /// Everything the field showed before the edit.
    public var text: String
    /// The caret (an empty range) or the selection before the edit; it tells backspace (the
    /// caret after the deleted range) from delete (the caret before it).
    public var selection: Range<Int>
    /// The range the edit replaces: empty when typing at the caret.
    public var replaced: Range<Int>
    /// What was typed or pasted; empty for a deletion.
    public var inserted: String

    /// An edit of `text`; see the properties.
    public init(text: String, selection: Range<Int>, replaced: Range<Int>, inserted: String) {
        self.text = text
        self.selection = selection
        self.replaced = replaced
        self.inserted = inserted
    }

    /// The whole text replaced by `text`, as `enterText(_:into:)` and a flow's `type` do.
    public static func replacingAll(of current: String, with text: String) -> MaskEdit {
        let end = current.utf16.count
        return MaskEdit(text: current, selection: end..<end, replaced: 0..<end, inserted: text)
    }
}

/// What a masked field shows after an edit, where its caret goes, and the value the store gets.
public struct MaskedText: Sendable, Equatable {
    /// The masked text: `+7 (912) 345-67-89`.
    public let text: String
    /// Where the caret goes, in UTF-16 code units: after the last character the edit put in and
    /// after the literals that follow it.
    public let caret: Int
    /// The value for the store: the slots' characters (`9123456789`), a phone number as
    /// `+79123456789`, or a number for a currency mask; `null` for an empty currency field.
    public let raw: PageValue

    /// See the properties.
    public init(text: String, caret: Int, raw: PageValue) {
        self.text = text
        self.caret = caret
        self.raw = raw
    }
}

/// UTF-16 offsets ↔ character offsets, for edits given in UTF-16.
enum TextOffsets {
    /// The character offset at (or just after) UTF-16 offset `utf16`.
    static func characterOffset(_ utf16: Int, in chars: [Character]) -> Int {
        var units = 0
        for (index, c) in chars.enumerated() {
            if units >= utf16 { return index }
            units += c.utf16.count
        }
        return chars.count
    }

    /// The UTF-16 offset of character offset `index`.
    static func utf16Offset(_ index: Int, in chars: [Character]) -> Int {
        chars.prefix(max(0, min(index, chars.count))).reduce(0) { $0 + $1.utf16.count }
    }

    /// `range` (UTF-16) as a character range of `chars`, clamped.
    static func characterRange(_ range: Range<Int>, in chars: [Character]) -> Range<Int> {
        let lower = characterOffset(max(0, range.lowerBound), in: chars)
        return lower..<max(lower, characterOffset(max(0, range.upperBound), in: chars))
    }
}
