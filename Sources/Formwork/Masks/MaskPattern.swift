/// A fixed mask, read from its pattern: each character is a slot (`#` a digit, `@` a letter, `*`
/// a letter or a digit, or a character the page names in `slots`) or a literal the field shows
/// itself; a backslash makes the next character a literal (`\#` shows `#`).
///
/// ```swift
/// let phone = try MaskPattern("+7 (###) ###-##-##")
/// phone.slotCount            // 10
/// phone.format(raw: "912")   // "+7 (912) "
/// ```
public struct MaskPattern: Sendable, Equatable {
    /// One position of the pattern.
    public enum Element: Sendable, Equatable {
        /// A position a typed character fills.
        case slot(MaskSlot)
        /// A character the field shows itself.
        case literal(Character)
    }

    /// The positions, in order.
    public let elements: [Element]
    /// The pattern as written.
    public let source: String

    /// The number of slots: the longest raw value.
    public var slotCount: Int { elements.reduce(0) { if case .slot = $1 { return $0 + 1 } else { return $0 } } }

    /// Reads `pattern`; `slots` names more slot characters (`["X": .letter]`).
    ///
    /// - Throws: `MaskProblem` for a pattern without slots, a backslash escaping nothing, or a
    ///   slot character that is one of the pattern's own (`#`, `@`, `*`, `\`) or not one character.
    public init(_ pattern: String, slots: [String: MaskSlot] = [:]) throws(MaskProblem) {
        var custom: [Character: MaskSlot] = [:]
        for (key, slot) in slots.sorted(by: { $0.key < $1.key }) {
            guard key.count == 1, let c = key.first else {
                throw MaskProblem("a slot is named by one character, like \"X\"; \"\(key)\" is \(key.count) characters")
            }
            guard MaskSlot.standard(c) == nil, c != "\\" else {
                throw MaskProblem("\"\(key)\" is already a slot character of every pattern (# a digit, @ a letter, * either); name another character")
            }
            custom[c] = slot
        }
        var elements: [Element] = []
        var escaped = false
        for c in pattern {
            if escaped {
                elements.append(.literal(c))
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if let slot = custom[c] ?? MaskSlot.standard(c) {
                elements.append(.slot(slot))
            } else {
                elements.append(.literal(c))
            }
        }
        if escaped { throw MaskProblem("the pattern \"\(pattern)\" ends with a backslash, which escapes nothing; write \\\\ for a backslash the field shows") }
        guard elements.contains(where: { if case .slot = $0 { return true } else { return false } }) else {
            throw MaskProblem("the pattern \"\(pattern)\" has no slots; write # for a digit, @ for a letter, * for either, like \"##.##.####\"")
        }
        self.elements = elements
        self.source = pattern
    }

    /// The slots in order.
    var slots: [MaskSlot] { elements.compactMap { if case .slot(let s) = $0 { return s } else { return nil } } }

    /// The masked text for `raw`: characters that don't fit their slot are dropped, extra ones
    /// too; the literals before the first slot show once a slot is filled, and the literals after
    /// the last filled slot show up to the next slot (so the caret goes past them).
    public func format(raw: String) -> String {
        String(format(fitting: fit(Array(raw))).text)
    }

    /// `chars` placed into the slots in order, dropping those that don't fit.
    func fit(_ chars: [Character]) -> [Character] {
        let slots = self.slots
        var out: [Character] = []
        for c in chars where out.count < slots.count && slots[out.count].accepts(c) { out.append(c) }
        return out
    }

    /// The text for raw characters that fit, and the offset (in characters) just after each filled
    /// slot, with the literals that follow it up to the next slot.
    func format(fitting raw: [Character]) -> (text: [Character], after: [Int]) {
        var text: [Character] = []
        var after: [Int] = []
        guard !raw.isEmpty else { return ([], []) }
        var next = 0
        for element in elements {
            switch element {
            case .literal(let c):
                text.append(c)
                if next > 0 { after[next - 1] = text.count }
            case .slot:
                if next == raw.count { return (text, after) }
                text.append(raw[next])
                next += 1
                after.append(text.count)
            }
        }
        return (text, after)
    }

    /// The offset (in characters) where the slot numbered `slot` is, in a text showing `filled` slots.
    func offset(ofSlot slot: Int) -> Int {
        var seen = 0
        for (index, element) in elements.enumerated() {
            if case .slot = element {
                if seen == slot { return index }
                seen += 1
            }
        }
        return elements.count
    }
}
