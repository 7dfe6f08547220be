extension PageValue {
    /// How deeply a value nests and about how long its compact JSON is, found by a walk that stops
    /// as soon as either passes its limit, so measuring a huge value costs no more than the limit.
    struct Size: Equatable {
        /// Arrays and objects nested inside each other (a scalar is 0, `[[1]]` is 2); at most one
        /// past the limit given.
        var depth = 0
        /// About the length of the compact JSON, in bytes (string escapes aren't counted).
        var bytes = 0
        /// Whether the walk stopped at a limit.
        var exceeded = false
    }

    /// The value's size, walking only as far as `maximumDepth` levels and `maximumBytes` bytes.
    func measure(maximumDepth: Int, maximumBytes: Int) -> Size {
        var size = Size()
        size.exceeded = !walk(level: 0, maximumDepth: maximumDepth, maximumBytes: maximumBytes, into: &size)
        return size
    }

    private func walk(level: Int, maximumDepth: Int, maximumBytes: Int, into size: inout Size) -> Bool {
        switch self {
        case .null: size.bytes += 4
        case .bool(let b): size.bytes += b ? 4 : 5
        case .int(let i): size.bytes += PageValue.digits(i)
        case .number: size.bytes += 24
        case .string(let s): size.bytes += s.utf8.count + 2
        case .array(let items):
            guard level < maximumDepth else { size.depth = level + 1; return false }
            size.depth = max(size.depth, level + 1)
            size.bytes += 2 + max(0, items.count - 1)
            for item in items {
                guard size.bytes <= maximumBytes, item.walk(level: level + 1, maximumDepth: maximumDepth, maximumBytes: maximumBytes, into: &size) else { return false }
            }
        case .object(let object):
            guard level < maximumDepth else { size.depth = level + 1; return false }
            size.depth = max(size.depth, level + 1)
            size.bytes += 2 + max(0, object.count - 1)
            for (key, value) in object {
                size.bytes += key.utf8.count + 3
                guard size.bytes <= maximumBytes, value.walk(level: level + 1, maximumDepth: maximumDepth, maximumBytes: maximumBytes, into: &size) else { return false }
            }
        }
        return size.bytes <= maximumBytes
    }

    private static func digits(_ value: Int64) -> Int {
        var count = value < 0 ? 2 : 1
        var rest = value.magnitude
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// Why the value can't be kept under `limits` (`valueDepth`, `valueBytes`), or nil when it
    /// can. `nesting` is how many levels already hold it (the path it is written at).
    func sizeProblem(_ limits: PageLimits, what: @autoclosure () -> String, nesting: Int = 0) -> String? {
        let allowedDepth = max(0, limits.valueDepth - nesting)
        let size = measure(maximumDepth: allowedDepth, maximumBytes: limits.valueBytes)
        guard size.exceeded else { return nil }
        if size.depth > allowedDepth {
            let place = nesting > 0 ? " where it is written (\(nesting) level\(nesting == 1 ? "" : "s") down)" : ""
            return "\(what()) nests arrays and objects more than \(allowedDepth) levels deep\(place); values may nest at most \(PageLimits.grouped(limits.valueDepth)) levels (the valueDepth limit), as JSON files can"
        }
        return "\(what()) is larger than \(PageLimits.describe(bytes: limits.valueBytes)) as JSON (the valueBytes limit); keep large data on the server and load what the page shows"
    }
}
