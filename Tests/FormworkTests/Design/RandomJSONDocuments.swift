import Formwork

/// Random documents, random edits of them, and random ways of writing them as JSON text, for
/// the writer's property tests. Everything comes from one `SeededRandom`.
struct RandomJSONDocuments {
    var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    private static let keys = ["id", "key", "title", "value", "items", "a", "b", "c", "é", "x/y", "quote\"d", "n"]
    private static let strings = ["", "tofu", "café", "a/b", "say \"hi\"", "line\nbreak", "tab\there", "中文", "\u{1F600}", "$data.name"]

    // MARK: - Values

    /// A random value nested at most `depth` deep.
    mutating func value(depth: Int) -> PageValue {
        let kind = Int.random(in: 0..<(depth > 0 ? 9 : 6), using: &random)
        switch kind {
        case 0: return .null
        case 1: return .bool(random.chance(50))
        case 2: return .int(Int64.random(in: -1000...1000, using: &random))
        case 3: return .number(random.pick([0.5, 12.0, -3.25, 1e21, 0.1, 100.0, 2.5e-8]))
        case 4, 5: return .string(random.pick(Self.strings))
        case 6, 7:
            var object = PageObject()
            for _ in 0..<Int.random(in: 0...4, using: &random) { object[random.pick(Self.keys)] = value(depth: depth - 1) }
            return .object(object)
        default:
            return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth - 1) })
        }
    }

    /// A random document: an object of a few members (as pages are) or, now and then, an
    /// array or a scalar.
    mutating func document(depth: Int) -> PageValue {
        if random.chance(10) { return value(depth: depth) }
        var object = PageObject()
        for _ in 0..<Int.random(in: 1...6, using: &random) { object[random.pick(Self.keys)] = value(depth: depth - 1) }
        return .object(object)
    }

    /// `document` with one random change somewhere in it: a value replaced, a member added or
    /// removed, an element inserted, removed or moved.
    mutating func edit(_ document: PageValue) -> PageValue {
        if random.chance(25) { return change(document) }
        switch document {
        case .object(var object) where !object.isEmpty:
            let key = random.pick(object.keys)
            if let member = object[key] { object[key] = edit(member) }
            return .object(object)
        case .array(var items) where !items.isEmpty:
            let index = Int.random(in: 0..<items.count, using: &random)
            items[index] = edit(items[index])
            return .array(items)
        default:
            return change(document)
        }
    }

    private mutating func change(_ value: PageValue) -> PageValue {
        switch value {
        case .object(var object):
            if !object.isEmpty, random.chance(40) {
                object[random.pick(object.keys)] = nil
            } else {
                let key = random.pick(Self.keys) + (random.chance(50) ? "" : "2")
                let after = object.isEmpty || random.chance(30) ? nil : random.pick(object.keys)
                if object[key] == nil, random.chance(50) {
                    object = JSONEditSupport.inserting(key, self.value(depth: 2), after: after, in: object)
                } else {
                    object[key] = self.value(depth: 2)
                }
            }
            return .object(object)
        case .array(var items):
            let choice = Int.random(in: 0..<3, using: &random)
            if choice == 0 || items.isEmpty {
                items.insert(self.value(depth: 2), at: Int.random(in: 0...items.count, using: &random))
            } else if choice == 1 {
                items.remove(at: Int.random(in: 0..<items.count, using: &random))
            } else {
                let moved = items.remove(at: Int.random(in: 0..<items.count, using: &random))
                items.insert(moved, at: Int.random(in: 0...items.count, using: &random))
            }
            return .array(items)
        default:
            return self.value(depth: 2)
        }
    }

    // MARK: - Text

    /// `value` written as JSON in a random style: indentation, line endings, one-line or
    /// multi-line containers, spacing, number spellings and string escapes all vary.
    mutating func text(_ value: PageValue) -> [UInt8] {
        var style = Style()
        style.indent = random.pick(["  ", "    ", "\t", " "])
        style.newline = random.chance(30) ? "\r\n" : "\n"
        style.colon = random.pick([": ", ":", " : "])
        style.comma = random.pick([", ", ","])
        oneLinePercent = random.pick([0, 30, 70, 100])
        var out = random.chance(10) ? "\u{FEFF}" : ""
        if random.chance(10) { out += style.newline }
        write(value, level: 0, style: style, to: &out)
        if random.chance(70) { out += style.newline }
        return Array(out.utf8)
    }

    private struct Style {
        var indent = "  "
        var newline = "\n"
        var colon = ": "
        var comma = ", "
    }

    /// How often a container of the text being written is on one line, in percent.
    private var oneLinePercent = 30

    private mutating func write(_ value: PageValue, level: Int, style: Style, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let bool): out += bool ? "true" : "false"
        case .int(let int): out += String(int)
        case .number(let double):
            if double == double.rounded(), abs(double) < 1e6 {
                out += random.pick(["\(Int64(double)).0", "\(Int64(double)).00", "\(Int64(double))e0", "\(Int64(double))E+0"])
            } else {
                out += "\(double)"
            }
        case .string(let string): writeString(string, to: &out)
        case .object(let object):
            let members = object.entries
            guard let layout = openContainer("{", "}", count: members.count, to: &out) else { return }
            for (position, member) in members.enumerated() {
                separate(position, layout.oneLine, level: level, style: style, to: &out)
                writeString(member.key, to: &out)
                out += style.colon
                write(member.value, level: level + 1, style: style, to: &out)
            }
            out += layout.oneLine ? layout.pad + "}" : style.newline + String(repeating: style.indent, count: level) + "}"
        case .array(let items):
            guard let layout = openContainer("[", "]", count: items.count, to: &out) else { return }
            for (position, item) in items.enumerated() {
                separate(position, layout.oneLine, level: level, style: style, to: &out)
                write(item, level: level + 1, style: style, to: &out)
            }
            out += layout.oneLine ? layout.pad + "]" : style.newline + String(repeating: style.indent, count: level) + "]"
        }
    }

    /// Writes an empty container whole (and answers nil), or the opening of a non-empty one
    /// and how it is laid out.
    private mutating func openContainer(_ open: String, _ close: String, count: Int, to out: inout String) -> (oneLine: Bool, pad: String)? {
        if count == 0 {
            out += open + (random.chance(20) ? " " : "") + close
            return nil
        }
        let oneLine = random.chance(oneLinePercent)
        let pad = oneLine && random.chance(50) ? " " : ""
        out += open + pad
        return (oneLine, pad)
    }

    private func separate(_ position: Int, _ oneLine: Bool, level: Int, style: Style, to out: inout String) {
        if position > 0 { out += oneLine ? style.comma : "," }
        if !oneLine { out += style.newline + String(repeating: style.indent, count: level + 1) }
    }

    private mutating func writeString(_ string: String, to out: inout String) {
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += random.chance(50) ? "\\n" : "\\u000a"
            case "\t": out += "\\t"
            case "/": out += random.chance(50) ? "\\/" : "/"
            case "é": out += random.chance(50) ? "\\u00e9" : "é"
            case "\u{1F600}": out += random.chance(50) ? "\\ud83d\\ude00" : "\u{1F600}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
