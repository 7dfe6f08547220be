import Formwork

/// One rewrite of a JSON text to a new value: walks the old text's nodes beside the old and the
/// new value, copying the text of what didn't change and writing only what did.
///
/// A container's items are laid out by what surrounded them before: a kept item keeps its text,
/// and between two items that were neighbours the text between them is kept too. Where an item
/// is new or the order changed, the separator is the container's own (the one after the item
/// before, normalized to a comma and the last line break with its indentation), so a new member
/// of a multi-line object gets its own line, indented like its siblings, and one in a one-line
/// object stays on that line. See `PreservingJSONWriter` for the rules as a whole.
///
/// ```
/// {                        {
///   "a": 1,       a → 2      "a": 2,
///   "b": [1, 2]   c added    "b": [1, 2],
/// }                          "c": true
///                          }
/// ```
struct JSONRewrite {
    /// The old text.
    let bytes: [UInt8]
    /// How the old text is written.
    let style: JSONSourceStyle

    private var printer: JSONFreshPrinter { JSONFreshPrinter(style: style) }

    /// One item of a rewritten container, in its new order.
    private enum Piece {
        /// The old item at this index, unchanged.
        case kept(Int)
        /// The old item at this index, changed from `old` to `new`.
        case edited(Int, old: PageValue, new: PageValue)
        /// A new item (with its key, in an object).
        case added(key: String?, value: PageValue)

        var oldIndex: Int? {
            switch self {
            case .kept(let index), .edited(let index, _, _): return index
            case .added: return nil
            }
        }
    }

    /// Appends the text of `new` in place of `node`, whose value was `old`; `layout` is how a
    /// value written afresh in its place may be laid out.
    func write(_ node: JSONSourceNode, old: PageValue, new: PageValue, layout: JSONFreshPrinter.Layout, to out: inout [UInt8]) {
        if old == new {
            out += bytes[node.start..<node.end]
            return
        }
        switch (node.content, old, new) {
        case (.object(let members), .object(let oldObject), .object(let newObject)) where members.count == oldObject.count:
            writeContainer(node, pieces: pieces(oldObject, newObject), old: old, new: new, layout: layout, to: &out)
        case (.array(let elements), .array(let oldItems), .array(let newItems)) where elements.count == oldItems.count:
            let match = JSONArrayMatch(old: oldItems, new: newItems)
            let pieces: [Piece] = match.sources.enumerated().map { position, source in
                switch source {
                case .same(let index), .moved(let index): return .kept(index)
                case .edited(let index): return .edited(index, old: oldItems[index], new: newItems[position])
                case .added: return .added(key: nil, value: newItems[position])
                }
            }
            writeContainer(node, pieces: pieces, old: old, new: new, layout: layout, to: &out)
        default:
            printer.write(new, layout: layout, to: &out)
        }
    }

    /// The members of the new object in their place: the old ones where they were (unless
    /// removed), each new one after the member before it in the new order that was already
    /// there, or first when none was.
    private func pieces(_ old: PageObject, _ new: PageObject) -> [Piece] {
        let oldEntries = old.entries
        var oldPositions: [String: Int] = [:]
        for (position, entry) in oldEntries.enumerated() { oldPositions[entry.key] = position }
        var first: [Piece] = []
        var after = [[Piece]](repeating: [], count: oldEntries.count)
        var before = [[Piece]](repeating: [], count: oldEntries.count)
        var anchor: Int?
        var order: [String: Int]?
        for member in new {
            if let position = oldPositions[member.key] {
                anchor = position
                continue
            }
            // NB: a member with a place in the page format goes before the first kept member
            // that comes after it there (`JSONMemberOrder`), when it would otherwise follow it.
            let ranks = order ?? JSONMemberOrder.order(for: new)
            order = ranks
            if let rank = ranks[member.key],
               let later = oldEntries.indices.first(where: { new[oldEntries[$0].key] != nil && (ranks[oldEntries[$0].key] ?? -1) > rank }),
               anchor.map({ $0 >= later }) ?? false {
                before[later].append(.added(key: member.key, value: member.value))
            } else if let anchor {
                after[anchor].append(.added(key: member.key, value: member.value))
            } else {
                first.append(.added(key: member.key, value: member.value))
            }
        }
        var pieces = first
        for (position, entry) in oldEntries.enumerated() {
            pieces += before[position]
            guard let value = new[entry.key] else { continue }
            pieces.append(entry.value == value ? .kept(position) : .edited(position, old: entry.value, new: value))
            pieces += after[position]
        }
        return pieces
    }

    // MARK: - Containers

    private func writeContainer(_ node: JSONSourceNode, pieces: [Piece], old: PageValue, new: PageValue, layout: JSONFreshPrinter.Layout, to out: inout [UInt8]) {
        let items = node.itemRanges
        guard pieces.contains(where: { $0.oldIndex != nil }), let first = items.first, let last = items.last,
              node.end - node.start >= 2 else {
            printer.write(new, layout: layout, to: &out)
            return
        }
        let start = out.count
        let oneLine = !JSONText.hasNewline(bytes[node.start..<node.end])
        let childLayout: JSONFreshPrinter.Layout = oneLine
            ? .oneLine : .fitting(oneLineAllowed: style.allowsOneLine && siblingsAreMostlyOneLine(node))
        out.append(bytes[node.start])
        out += bytes[(node.start + 1)..<first.lowerBound]
        var lastOld: Int?
        for (position, piece) in pieces.enumerated() {
            if position > 0 {
                var separator = separator(after: pieces[position - 1], before: piece, lastOld: lastOld, in: node, items: items)
                // NB: in a multi-line container with several items to a line, a new item that
                // would pass the line width starts a line of its own, like a text editor wraps.
                if !oneLine, !JSONText.hasNewline(separator), case .added(let key, let value) = piece,
                   !fits(key: key, value: value, after: separator, in: node, at: JSONText.column(atEndOf: out)) {
                    separator = [UInt8(ascii: ",")] + style.newline + JSONText.indent(in: out, at: out.count)
                }
                out += separator
            }
            writePiece(piece, of: node, items: items, layout: childLayout, to: &out)
            if let index = piece.oldIndex { lastOld = index }
        }
        out += bytes[last.upperBound..<(node.end - 1)]
        out.append(bytes[node.end - 1])
        if oneLine, Self.nodeCount(new) > Self.nodeCount(old), needsBreaking(node, written: start, in: out) {
            out.removeSubrange(start...)
            writeBroken(node, pieces: pieces, items: items, to: &out)
        }
    }

    private func writePiece(_ piece: Piece, of node: JSONSourceNode, items: [Range<Int>], layout: JSONFreshPrinter.Layout, to out: inout [UInt8]) {
        switch piece {
        case .kept(let index):
            out += bytes[items[index]]
        case .edited(let index, let old, let new):
            switch node.content {
            case .object(let members):
                out += bytes[members[index].keyStart..<members[index].value.start]
                write(members[index].value, old: old, new: new, layout: layout, to: &out)
            case .array(let elements):
                write(elements[index], old: old, new: new, layout: layout, to: &out)
            case .scalar:
                break
            }
        case .added(let key, let value):
            if let key { out += printer.keyText(key, colon: colon(of: node)) }
            printer.write(value, layout: layout, to: &out)
        }
    }

    /// The text between two items: what was there when they were neighbours in this order (the
    /// one with a line break, of those between them, when items between were removed), else the
    /// container's usual separator at that place.
    private func separator(after previous: Piece, before next: Piece, lastOld: Int?, in node: JSONSourceNode, items: [Range<Int>]) -> [UInt8] {
        if let a = previous.oldIndex, let b = next.oldIndex, b > a {
            let between = (a..<b).map { bytes[items[$0].upperBound..<items[$0 + 1].lowerBound] }
            return Array(between.first(where: JSONText.hasNewline) ?? between[0])
        }
        if items.count >= 2 {
            var index = lastOld ?? 0
            if index >= items.count - 1 { index = items.count - 2 }
            return JSONText.normalizedSeparator(bytes[items[index].upperBound..<items[index + 1].lowerBound])
        }
        let lead = bytes[(node.start + 1)..<items[0].lowerBound]
        if let indent = JSONText.textAfterLastNewline(lead) {
            return [UInt8(ascii: ",")] + JSONText.newline(endingLastLineOf: lead) + indent
        }
        return style.comma
    }

    /// Whether a new item written on one line after `separator`, from `column`, stays within
    /// the line width.
    private func fits(key: String?, value: PageValue, after separator: [UInt8], in node: JSONSourceNode, at column: Int) -> Bool {
        let room = JSONText.maximumLineWidth - column - JSONText.width(separator)
        guard room > 0 else { return false }
        var text = key.map { printer.keyText($0, colon: colon(of: node)) } ?? []
        return printer.writeOneLine(value, to: &text, limit: room * 4) && JSONText.width(text) <= room
    }

    /// What this object puts between a key and its value, for a new member.
    private func colon(of node: JSONSourceNode) -> [UInt8] {
        guard case .object(let members) = node.content, let member = members.first else { return style.colon }
        let colon = bytes[member.keyEnd..<member.value.start]
        return JSONText.hasNewline(colon) ? style.colon : Array(colon)
    }

    /// Whether at least half of the non-empty containers among the items are on one line (or
    /// there are none): then a new item may be too.
    private func siblingsAreMostlyOneLine(_ node: JSONSourceNode) -> Bool {
        let values: [JSONSourceNode]
        switch node.content {
        case .object(let members): values = members.map(\.value)
        case .array(let elements): values = elements
        case .scalar: return true
        }
        var containers = 0
        var oneLine = 0
        for value in values where !value.itemRanges.isEmpty {
            containers += 1
            if !JSONText.hasNewline(bytes[value.start..<value.end]) { oneLine += 1 }
        }
        return oneLine * 2 >= containers
    }

    // MARK: - Breaking a one-line container

    /// Whether a container that was on one line, and has more in it (more values, at any depth),
    /// now passes the line width its line kept before: then it is written one item per line
    /// instead. (A scalar that only changed is replaced in place, however long.)
    private func needsBreaking(_ node: JSONSourceNode, written start: Int, in out: [UInt8]) -> Bool {
        let written = out[start...]
        guard !JSONText.hasNewline(written), written.count > node.end - node.start else { return false }
        let lineStart = JSONText.lineStart(in: bytes, before: node.start)
        let lineEnd = JSONText.lineEnd(in: bytes, after: node.end)
        guard JSONText.width(bytes[lineStart..<lineEnd]) <= JSONText.maximumLineWidth else { return false }
        return JSONText.column(atEndOf: out) + JSONText.width(bytes[node.end..<lineEnd]) > JSONText.maximumLineWidth
    }

    /// How many values `value` holds, itself included.
    private static func nodeCount(_ value: PageValue) -> Int {
        switch value {
        case .array(let items): return items.reduce(1) { $0 + nodeCount($1) }
        case .object(let object): return object.reduce(1) { $0 + nodeCount($1.value) }
        default: return 1
        }
    }

    private func writeBroken(_ node: JSONSourceNode, pieces: [Piece], items: [Range<Int>], to out: inout [UInt8]) {
        let indent = JSONText.indent(in: out, at: out.count)
        let inner = indent + style.indentUnit
        out.append(bytes[node.start])
        for (position, piece) in pieces.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            out += style.newline + inner
            writePiece(piece, of: node, items: items, layout: .fitting(oneLineAllowed: true), to: &out)
        }
        out += style.newline + indent
        out.append(bytes[node.end - 1])
    }
}
