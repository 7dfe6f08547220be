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
