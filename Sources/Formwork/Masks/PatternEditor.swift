/// How an edit changes a fixed mask's text (`MaskPattern`), as DivKit's `fixed_length` mask does:
/// typed characters fill slots and skip literals, a character that fits no slot is dropped,
/// deleting only literals deletes the slot before them (backspace) or after them (delete), and
/// pasted formatted text (`+7 912 345-67-89`) matches its literals to the pattern's.
enum PatternEditor {
    /// The text, caret (character offsets) and raw characters after `edit` (character offsets).
    static func apply(_ pattern: MaskPattern, text: [Character], selection: Range<Int>, replaced: Range<Int>, inserted: [Character]) -> (text: [Character], caret: Int, raw: [Character]) {
        let elements = pattern.elements
        guard isAligned(text, with: elements) else {
            // NB: text the mask didn't write (a host's own, or a field set by hand) is read
            // afresh, as if pasted whole into an empty field.
            let whole = Array(text[..<replaced.lowerBound]) + inserted + Array(text[replaced.upperBound...])
            return apply(pattern, text: [], selection: 0..<0, replaced: 0..<0, inserted: whole)
        }
        let raw = rawCharacters(text, elements)
        func slotsBefore(_ offset: Int) -> Int {
            elements.prefix(min(offset, elements.count)).reduce(0) { if case .slot = $1 { return $0 + 1 } else { return $0 } }
        }
        var rawStart = min(slotsBefore(replaced.lowerBound), raw.count)
        var rawEnd = min(slotsBefore(replaced.upperBound), raw.count)
        if inserted.isEmpty, !replaced.isEmpty, rawStart == rawEnd {
            // Only literals deleted: backspace deletes the slot before them, delete the one after.
            if selection.isEmpty, selection.lowerBound == replaced.lowerBound {
                rawEnd = min(raw.count, rawEnd + 1)
            } else {
                rawStart = max(0, rawStart - 1)
            }
        }
        let head = Array(raw[..<rawStart]), tail = Array(raw[rawEnd...])
        let slots = pattern.slots
        let room = slots.count - head.count - tail.count
        // NB: a paste with more characters than the free slots carries the pattern's own literal
        // characters (the 7 of +7): only then may a character that fits a slot match a literal.
        let matchFitting = inserted.filter { c in slots.contains { $0.accepts(c) } }.count > room
        var added: [Character] = []
        var position = min(replaced.lowerBound, elements.count)
        for c in inserted {
            var next = position
            var matched = false
            while next < elements.count, case .literal(let literal) = elements[next] {
                if literal == c {
                    matched = true
                    break
                }
                next += 1
            }
            var slotIndex = next
            while slotIndex < elements.count, case .literal = elements[slotIndex] { slotIndex += 1 }
            let fitsSlot: Bool
            if slotIndex < elements.count, case .slot(let slot) = elements[slotIndex], head.count + added.count < slots.count { fitsSlot = slot.accepts(c) } else { fitsSlot = false }
            if matched, matchFitting || !fitsSlot {
                position = next + 1
            } else if fitsSlot {
                added.append(c)
                position = slotIndex + 1
            }
        }
        let newRaw = pattern.fit(head + added + tail)
        let (newText, after) = pattern.format(fitting: newRaw)
        let before = min(head.count + added.count, newRaw.count)
        let caret = before == 0 ? (newText.isEmpty ? 0 : min(pattern.offset(ofSlot: 0), newText.count)) : after[before - 1]
        return (newText, caret, newRaw)
    }

    /// Whether `text` is what the pattern writes: each character a literal in its place or a
    /// character its slot takes.
    static func isAligned(_ text: [Character], with elements: [MaskPattern.Element]) -> Bool {
        guard text.count <= elements.count else { return false }
        for (c, element) in zip(text, elements) {
            switch element {
            case .literal(let literal): if c != literal { return false }
            case .slot(let slot): if !slot.accepts(c) { return false }
            }
        }
        return true
    }

    /// The slots' characters of an aligned text.
    static func rawCharacters(_ text: [Character], _ elements: [MaskPattern.Element]) -> [Character] {
        zip(text, elements).compactMap { c, element in
            if case .slot = element { return c } else { return nil }
        }
    }
}
