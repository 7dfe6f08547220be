import Formwork

/// Writes a value that is new to a file (nothing of its old text can be kept) in the file's style.
///
/// Scalars and empty containers are written compactly. An object or array is written on one
/// line when its layout allows and it fits in `JSONText.maximumLineWidth` columns from where it
/// starts, else with one item per line, indented one unit more than the line it starts on;
/// its items then decide the same way on their own lines.
///
/// ```
///   "attributes": { "title": "Hi" },          fits: one line
///   "rows": [
///     { "id": "d1", "name": "Mapo tofu", "price": 28 },
///     { "id": "d2", "name": "Dan dan noodles", "price": 22 }
///   ]                                          too wide for one line: one item per line
/// ```
struct JSONFreshPrinter {
    /// How a new value may be laid out.
    enum Layout: Equatable {
        /// On one line whatever its width: it goes into a container written on one line.
        case oneLine
        /// On one line if that is allowed and fits, else one item per line.
        case fitting(oneLineAllowed: Bool)
    }

    /// The style of the file the value goes into.
    let style: JSONSourceStyle

    /// Appends `value` to `out`, which holds the text before it (for its column and indentation).
    func write(_ value: PageValue, layout: Layout, to out: inout [UInt8]) {
        switch value {
        case .object(let object) where !object.isEmpty:
            break
        case .array(let items) where !items.isEmpty:
            break
        default:
            out += scalarText(value)
            return
        }
        switch layout {
        case .oneLine:
            writeOneLine(value, to: &out, limit: nil)
            return
        case .fitting(let allowed):
            if allowed {
                let room = JSONText.maximumLineWidth - JSONText.column(atEndOf: out)
                var line: [UInt8] = []
                if room > 0, writeOneLine(value, to: &line, limit: room * 4), JSONText.width(line) <= room {
                    out += line
                    return
                }
            }
        }
        let indent = JSONText.indent(in: out, at: out.count)
        let inner = indent + style.indentUnit
        let childLayout = Layout.fitting(oneLineAllowed: style.allowsOneLine)
        switch value {
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (position, member) in object.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                out += style.newline + inner
                out += scalarText(.string(member.key)) + style.colon
                write(member.value, layout: childLayout, to: &out)
            }
            out += style.newline + indent + [UInt8(ascii: "}")]
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                out += style.newline + inner
                write(item, layout: childLayout, to: &out)
            }
            out += style.newline + indent + [UInt8(ascii: "]")]
        default:
            break
        }
    }

    /// The text of a member's key and the colon after it, ready for its value.
    func keyText(_ key: String, colon: [UInt8]? = nil) -> [UInt8] {
        scalarText(.string(key)) + (colon ?? style.colon)
    }

    /// Appends `value` written on one line; false (with `out` cut short) once that passes
    /// `limit` bytes, so a large value isn't written whole only to be refused.
    @discardableResult
    func writeOneLine(_ value: PageValue, to out: inout [UInt8], limit: Int?) -> Bool {
        if let limit, out.count > limit { return false }
        switch value {
        case .object(let object) where !object.isEmpty:
            out.append(UInt8(ascii: "{"))
            out += style.objectPadding
            for (position, member) in object.enumerated() {
                if position > 0 { out += style.comma }
                out += keyText(member.key)
                guard writeOneLine(member.value, to: &out, limit: limit) else { return false }
            }
            out += style.objectPadding
            out.append(UInt8(ascii: "}"))
        case .array(let items) where !items.isEmpty:
            out.append(UInt8(ascii: "["))
            out += style.arrayPadding
            for (position, item) in items.enumerated() {
                if position > 0 { out += style.comma }
                guard writeOneLine(item, to: &out, limit: limit) else { return false }
            }
            out += style.arrayPadding
            out.append(UInt8(ascii: "]"))
        default:
            out += scalarText(value)
        }
        if let limit { return out.count <= limit }
        return true
    }

    /// A scalar or an empty container as JSON: numbers in their shortest exact form (a whole
    /// `.number` keeps its `.0`, so it reads back as a number), strings escaped as Formwork
    /// writes them. A number that isn't finite has no JSON form and is written `null`.
    func scalarText(_ value: PageValue) -> [UInt8] {
        switch value {
        case .object: return JSONText.bytes("{}")
        case .array: return JSONText.bytes("[]")
        default: return JSONText.bytes(value.jsonText)
        }
    }
}
