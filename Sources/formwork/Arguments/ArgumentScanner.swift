/// A small scanner over command-line arguments: `--name value`, `--name=value`, flags and
/// positionals, in any order. Commands pull what they know; `finish()` rejects leftovers.
///
/// `--` ends the options, as in every POSIX tool: what follows it is positional even when it
/// starts with a dash, so `formwork eval -- '--5'` evaluates `--5` and `formwork check -- --odd.json`
/// checks a file named `--odd.json`. (To give an option the value `--`, write `--name=--`.)
struct ArgumentScanner {
    /// The arguments before `--`: options and positionals.
    private var remaining: [String]
    private var consumed: [Bool]
    /// The arguments after `--`: positionals only, never taken as options.
    private let operands: [String]
    private var operandsTaken = false

    init(_ arguments: [String]) {
        if let end = arguments.firstIndex(of: "--") {
            remaining = Array(arguments[..<end])
            operands = Array(arguments[(end + 1)...])
        } else {
            remaining = arguments
            operands = []
        }
        consumed = Array(repeating: false, count: remaining.count)
    }

    /// Whether `--name` is present (consumes it).
    mutating func flag(_ name: String) -> Bool {
        take("--\(name)")
    }

    /// Whether the exact argument `spelling` (such as `-h`) is present before `--` (consumes it).
    mutating func shortFlag(_ spelling: String) -> Bool {
        take(spelling)
    }

    private mutating func take(_ spelling: String) -> Bool {
        var found = false
        for i in remaining.indices where !consumed[i] && remaining[i] == spelling {
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

    /// Arguments that aren't options, in order, then everything after `--` (consumes them).
    /// Call after pulling all options.
    mutating func positionals() -> [String] {
        var values: [String] = []
        for i in remaining.indices where !consumed[i] {
            let argument = remaining[i]
            if argument.hasPrefix("--") && argument.count > 2 { continue }
            consumed[i] = true
            values.append(argument)
        }
        if !operandsTaken {
            operandsTaken = true
            values += operands
        }
        return values
    }

    /// Fails on anything no one asked for, naming it.
    func finish() throws(UsageError) {
        if let i = remaining.indices.first(where: { !consumed[$0] }) {
            throw UsageError("unknown option '\(remaining[i])'" + (remaining[i].hasPrefix("-") ? "; to give text that starts with a dash, put it after '--'" : ""))
        }
        if !operandsTaken, let first = operands.first {
            throw UsageError("unexpected argument '\(first)' after '--'; this command takes none")
        }
    }
}
