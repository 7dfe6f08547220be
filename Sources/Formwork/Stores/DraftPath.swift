/// A path into `$data` that may say "every element" (`[*]`): what a draft leaves out.
struct DraftPath: Sendable, Equatable {
    enum Step: Sendable, Equatable {
        case key(String)
        case index(Int)
        case everyElement
    }

    var steps: [Step]

    /// Reads `$data.a.b`, `$data.lines[*].note`, `$data.lines[0].note`, `$data["odd key"]`.
    static func parse(_ text: String) -> Result<DraftPath, DraftPathError> {
        guard text.hasPrefix("$data") else {
            let fix = text.hasPrefix("$") || text.isEmpty ? "like $data.cardNumber" : "write '$data.\(text)'"
            return .failure(DraftPathError("a path to leave out of the draft starts with $data (only $data is saved); \(fix), not '\(text)'"))
        }
        // NB: `[*]` is read by replacing it with an index no page writes, then parsing a plain path.
        let marker = Int(Int32.max)
        let plain = text.replacingOccurrences(of: "[*]", with: "[\(marker)]")
        guard let path = StorePath(plain), path.root == .data, !path.components.isEmpty else {
            return .failure(DraftPathError("'\(text)' is not a path into $data; write it like $data.cardNumber or $data.lines[*].note ([*] for every element of a list)"))
        }
        return .success(DraftPath(steps: path.components.map {
            switch $0 {
            case .key(let key): return .key(key)
            case .index(let index): return index == marker ? .everyElement : .index(index)
            }
        }))
    }

    /// `value` without what this path names.
    func removing(from value: PageValue) -> PageValue {
        DraftPath.remove(steps[...], from: value)
    }

    private static func remove(_ steps: ArraySlice<Step>, from value: PageValue) -> PageValue {
        guard let step = steps.first else { return value }
        let rest = steps.dropFirst()
        switch (step, value) {
        case (.key(let key), .object(var object)):
            guard let member = object[key] else { return value }
            if rest.isEmpty { object[key] = nil } else { object[key] = remove(rest, from: member) }
            return .object(object)
        case (.index(let index), .array(var items)) where items.indices.contains(index):
            if rest.isEmpty { items[index] = .null } else { items[index] = remove(rest, from: items[index]) }
            return .array(items)
        case (.everyElement, .array(let items)):
            return .array(items.map { rest.isEmpty ? .null : remove(rest, from: $0) })
        default:
            return value
        }
    }

    /// `value` with what this path names put back where a draft left it out, as the page's
    /// initial `data` starts it: `$data.cards[*].cvv` missing from a restored row takes that row's
    /// initial value (`""`); a row the initial data doesn't have (one the person added) takes the
    /// empty value of the kind the first row has there (`""`, `0`, `false`, `[]`), as fitting a
    /// draft reads the first row as every row's shape. What the draft holds is never changed.
    func restoring(from initial: PageValue, into value: PageValue) -> PageValue {
        DraftPath.restore(steps[...], from: initial, into: value)
    }

    private static func restore(_ steps: ArraySlice<Step>, from initial: PageValue, into value: PageValue) -> PageValue {
        guard let step = steps.first else { return value }
        let rest = steps.dropFirst()
        /// The initial row for row `index`.
        func start(_ rows: [PageValue], _ index: Int) -> PageValue? {
            rows.indices.contains(index) ? rows[index] : rows.first.map(blank)
        }
        switch (step, value, initial) {
        case (.key(let key), .object(var object), .object(let initialObject)):
            guard let initialMember = initialObject[key] else { return value }
            if rest.isEmpty {
                if object[key] == nil { object[key] = initialMember }
            } else if let member = object[key] {
                object[key] = restore(rest, from: initialMember, into: member)
            }
            return .object(object)
        case (.index(let index), .array(var items), .array(let initialRows)) where items.indices.contains(index):
            guard let row = start(initialRows, index) else { return value }
            items[index] = rest.isEmpty ? (items[index] == .null ? row : items[index]) : restore(rest, from: row, into: items[index])
            return .array(items)
        case (.everyElement, .array(let items), .array(let initialRows)):
            return .array(items.enumerated().map { index, item in
                guard let row = start(initialRows, index) else { return item }
                return rest.isEmpty ? (item == .null ? row : item) : restore(rest, from: row, into: item)
            })
        default:
            return value
        }
    }

    /// An empty value of `value`'s kind: an object of the same members, each blank.
    private static func blank(_ value: PageValue) -> PageValue {
        switch value {
        case .string: return ""
        case .int: return 0
        case .number: return .number(0)
        case .bool: return false
        case .array: return []
        case .object(let object): return .object(PageObject(object.entries.map { ($0.0, blank($0.1)) }))
        default: return value
        }
    }

    /// As a page writes it: `$data.lines[*].note`.
    var description: String {
        var text = "$data"
        for step in steps {
            switch step {
            case .key(let key): text += StorePath(.data, [.key(key)]).description.dropFirst(5)
            case .index(let index): text += "[\(index)]"
            case .everyElement: text += "[*]"
            }
        }
        return text
    }
}

/// Why a path in `"exclude"` can't be read.
struct DraftPathError: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
