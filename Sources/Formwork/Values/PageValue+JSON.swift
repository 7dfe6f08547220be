extension PageValue {
    /// Compact JSON with members in insertion order: `{"a":1,"b":[true,null]}`.
    public var jsonText: String {
        var out = ""
        writeJSON(to: &out, indent: nil, level: 0)
        return out
    }

    /// JSON indented by two spaces per level, for files people read and diff.
    public var prettyJSONText: String {
        var out = ""
        writeJSON(to: &out, indent: "  ", level: 0)
        return out
    }

    private func writeJSON(to out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .number(let d):
            // NB: JSON keeps full precision (shortest round-trip form); only display text rounds to 15 digits.
            if !d.isFinite {
                out += "null"
            } else if d.rounded() == d, abs(d) < 1e15 {
                out += (d.sign == .minus ? "-" : "") + String(Int64(d.magnitude)) + ".0"  // NB: keeps -0.0
            } else {
                out += "\(d)"
            }
        case .string(let s): PageValue.writeJSONString(s, to: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent, level + 1)
                item.writeJSON(to: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out += "]"
        case .object(let object):
            if object.isEmpty { out += "{}"; return }
            out += "{"
            for (i, entry) in object.enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent, level + 1)
                PageValue.writeJSONString(entry.key, to: &out)
                out += indent == nil ? ":" : ": "
                entry.value.writeJSON(to: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out += "}"
        }
    }

    private func newline(_ out: inout String, _ indent: String?, _ level: Int) {
        guard let indent else { return }
        out += "\n"
        for _ in 0..<level { out += indent }
    }

    static func writeJSONString(_ string: String, to out: inout String) {
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let s where s.value < 0x20:
                let hex = String(s.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
