extension PageValue {
    /// Compact JSON with members in insertion order: `{"a":1,"b":[true,null]}`.
    public var jsonText: String {
        var out = ""
        _ = writeJSON(to: &out, indent: nil, level: 0, limit: .max)
        return out
    }

    /// JSON indented by two spaces per level, for files people read and diff.
    public var prettyJSONText: String {
        var out = ""
        _ = writeJSON(to: &out, indent: "  ", level: 0, limit: .max)
        return out
    }

    /// Compact JSON, or nil as soon as it would be longer than `maximumBytes` (UTF-8): the value
    /// is written only that far, never whole.
    func jsonText(maximumBytes: Int) -> String? {
        var out = ""
        return writeJSON(to: &out, indent: nil, level: 0, limit: maximumBytes) && out.utf8.count <= maximumBytes ? out : nil
    }

    /// At least the first `limit` bytes of the compact JSON (a little more when a piece ends past
    /// it), and whether that is all of it.
    func jsonPrefix(bytes limit: Int) -> (text: String, complete: Bool) {
        var out = ""
        let complete = writeJSON(to: &out, indent: nil, level: 0, limit: limit)
        return (out, complete)
    }

    /// Writes JSON to `out`, stopping (and returning false) once `out` holds more than `limit`
    /// bytes, so a huge value is never written whole when only its start is wanted.
    private func writeJSON(to out: inout String, indent: String?, level: Int, limit: Int) -> Bool {
        if out.utf8.count > limit { return false }
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
        case .string(let s): return PageValue.writeJSONString(s, to: &out, limit: limit)
        case .array(let items):
            if items.isEmpty { out += "[]"; return true }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent, level + 1)
                guard item.writeJSON(to: &out, indent: indent, level: level + 1, limit: limit) else { return false }
            }
            newline(&out, indent, level)
            out += "]"
        case .object(let object):
            if object.isEmpty { out += "{}"; return true }
            out += "{"
            for (i, entry) in object.enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent, level + 1)
                guard PageValue.writeJSONString(entry.key, to: &out, limit: limit) else { return false }
                out += indent == nil ? ":" : ": "
                guard entry.value.writeJSON(to: &out, indent: indent, level: level + 1, limit: limit) else { return false }
            }
            newline(&out, indent, level)
            out += "}"
        }
        return out.utf8.count <= limit
    }

    private func newline(_ out: inout String, _ indent: String?, _ level: Int) {
        guard let indent else { return }
        out += "\n"
        for _ in 0..<level { out += indent }
    }

    /// Writes `string` quoted and escaped; stops (returning false) past `limit` bytes of `out`.
    @discardableResult
    static func writeJSONString(_ string: String, to out: inout String, limit: Int = .max) -> Bool {
        out += "\""
        // NB: check the length only every so often, and only when the string could cross the limit.
        let checks = limit != .max && out.utf8.count + string.utf8.count * 6 > limit
        var written = 0
        for scalar in string.unicodeScalars {
            if checks {
                written += 1
                if written & 63 == 0, out.utf8.count > limit { return false }
            }
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
        return out.utf8.count <= limit
    }
}
