/// A small scanner over command-line arguments: `--name value`, `--name=value`, flags and
/// positionals, in any order. Commands pull what they know; `finish()` rejects leftovers.
struct ArgumentScanner {
    private var remaining: [String]
    private var consumed: [Bool]

    init(_ arguments: [String]) {
        remaining = arguments
        consumed = Array(repeating: false, count: arguments.count)
    }

    /// Whether `--name` is present (consumes it).
    mutating func flag(_ name: String) -> Bool {
        var found = false
        for i in remaining.indices where !consumed[i] && remaining[i] == "--\(name)" {
            consumed[i] = true
            found = true
        }
        return found
    }

    /// Every value given for `--name value` or `--name=value`, in order.
    mutating func options(_ name: String) throws(UsageError) -> [String] {
        var values: [String] = []
        var i = 0
        while i < remaining.count {
            defer { i += 1 }
            guard !consumed[i] else { continue }
            let argument = remaining[i]
            if argument == "--\(name)" {
                guard i + 1 < remaining.count, !consumed[i + 1] else {
                    throw UsageError("option --\(name) needs a value")
                }
                consumed[i] = true
                consumed[i + 1] = true
                values.append(remaining[i + 1])
                i += 1
            } else if argument.hasPrefix("--\(name)=") {
                consumed[i] = true
                values.append(String(argument.dropFirst(name.count + 3)))
            }
        }
        return values
    }

    /// The last value given for `--name`, if any.
    mutating func option(_ name: String) throws(UsageError) -> String? {
        try options(name).last
    }

    /// Arguments that aren't options, in order (consumes them). Call after pulling all options.
    mutating func positionals() -> [String] {
        var values: [String] = []
        for i in remaining.indices where !consumed[i] {
            let argument = remaining[i]
            if argument.hasPrefix("--") && argument.count > 2 { continue }
            consumed[i] = true
            values.append(argument)
        }
        return values
    }

    /// Fails on anything no one asked for, naming it.
    func finish() throws(UsageError) {
        if let i = remaining.indices.first(where: { !consumed[$0] }) {
            throw UsageError("unknown option '\(remaining[i])'")
        }
    }
}
