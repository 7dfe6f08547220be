import Foundation

/// One check in an `expect` step: a path and what its value must be.
///
/// ```json
/// {"expect": {"data.dish.price": 12.5, "toast": {"$contains": "Saved"}, "requests": {"$count": 1}}}
/// ```
/// A plain JSON value must be equal (an int equals the same number). An object with one `$` member
/// is a matcher: `$contains`, `$count`, `$matches`, `$not`, `$exists`, `$equals`.
public struct FlowExpectation: Sendable, Equatable {
    /// What the value at the path must be.
    public enum Matcher: Sendable, Equatable {
        /// Equal (ints and numbers of the same value are equal).
        case equals(PageValue)
        /// A string holding this text, an array holding an element equal to it, or an object
        /// holding these members with equal values.
        case contains(PageValue)
        /// An array, object or string of this many elements, members or characters.
        case count(Int)
        /// A string in which this regular expression finds a match.
        case matches(String)
        /// Anything but this value.
        case not(PageValue)
        /// Not null (true) or null (false).
        case exists(Bool)
    }

    /// Where the value is read.
    public let path: FlowPath
    /// What it must be.
    public let matcher: Matcher

    /// A check that the value at `path` satisfies `matcher`.
    public init(_ path: FlowPath, _ matcher: Matcher) {
        self.path = path
        self.matcher = matcher
    }

    static let matcherNames = ["$equals", "$contains", "$count", "$matches", "$not", "$exists"]

    /// Reads the expected side; `path` is its JSON path, for errors.
    static func matcher(from value: PageValue, path: String) throws(FlowFileError.Problem) -> Matcher {
        guard case .object(let object) = value, object.count == 1, let key = object.keys.first, key.hasPrefix("$") else {
            return .equals(value)
        }
        let argument = object[key] ?? .null
        let at = path + "." + key
        switch key {
        case "$equals": return .equals(argument)
        case "$contains": return .contains(argument)
        case "$not": return .not(argument)
        case "$count":
            guard let n = argument.intValue, n >= 0 else { throw .init(at, "$count takes a whole number of 0 or more, not \(argument.jsonText)") }
            return .count(Int(n))
        case "$matches":
            guard case .string(let pattern) = argument else { throw .init(at, "$matches takes a regular expression as a string") }
            do { _ = try PageRegex(pattern, mode: .search) } catch { throw .init(at, error.description) }
            return .matches(pattern)
        case "$exists":
            guard case .bool(let flag) = argument else { throw .init(at, "$exists takes true or false") }
            return .exists(flag)
        default:
            let hint = Suggestions.nearest(to: key, in: matcherNames).map { "; did you mean '\($0)'?" } ?? "; use one of " + matcherNames.joined(separator: ", ") + " (or {\"$equals\": …} to compare an object with such a member)"
            throw .init(at, "unknown matcher '\(key)'" + hint)
        }
    }

    /// Nil when `actual` satisfies the expectation, else why not: `expected 12.5, got null`.
    public func failure(for actual: PageValue) -> String? {
        switch matcher {
        case .equals(let expected):
            if expected == actual { return nil }
            var message = "expected \(expected.jsonText), got \(actual.jsonText)"
            // NB: for objects, name the leaves that differ, so a long value needn't be compared by eye.
            if case .object = expected, case .object = actual {
                let differences = FlowRecorder.changes(from: expected, to: actual, at: path)
                message += "; " + differences.prefix(3).map { at, value in
                    "at \(at): expected \(FlowPath.read(at.segments.dropFirst(path.segments.count)[...], in: expected).jsonText), got \(value.jsonText)"
                }.joined(separator: "; ") + (differences.count > 3 ? "; and \(differences.count - 3) more" : "")
            }
            return message
        case .not(let unwanted):
            return unwanted == actual ? "expected anything but \(unwanted.jsonText), got it" : nil
        case .exists(let wanted):
            if wanted == !actual.isNull { return nil }
            return wanted ? "expected a value, got null" : "expected null, got \(actual.jsonText)"
        case .count(let n):
            let count: Int?
            switch actual {
            case .array(let items): count = items.count
            case .object(let object): count = object.count
            case .string(let text): count = text.count
            default: count = nil
            }
            guard let count else { return "expected \(n) element\(n == 1 ? "" : "s"), got \(actual.jsonText), which has no count" }
            return count == n ? nil : "expected \(n) element\(n == 1 ? "" : "s"), got \(count): \(actual.jsonText)"
        case .matches(let pattern):
            guard case .string(let text) = actual else { return "expected text matching /\(pattern)/, got \(actual.jsonText)" }
            do {
                // NB: the same regular expressions, and the same step limit, as matches() in a page.
                let found = try PageRegex(pattern, mode: .search).matches(text)
                return found ? nil : "expected text matching /\(pattern)/, got \(actual.jsonText)"
            } catch {
                return "can't tell whether \(actual.jsonText) matches /\(pattern)/: \(error)"
            }
        case .contains(let part):
            return FlowExpectation.contains(actual, part) ? nil : "expected something containing \(part.jsonText), got \(actual.jsonText)"
        }
    }

    private static func contains(_ whole: PageValue, _ part: PageValue) -> Bool {
        switch (whole, part) {
        case (.string(let text), .string(let piece)): return text.contains(piece)
        case (.array(let items), _): return items.contains(part)
        case (.object(let object), .object(let wanted)):
            return wanted.allSatisfy { key, value in
                guard let have = object[key] else { return false }
                if case .object = value { return contains(have, value) }
                return have == value
            }
        default: return false
        }
    }

    /// The expected side as written in a flow file.
    public var expectedJSON: PageValue {
        switch matcher {
        case .equals(let value):
            if case .object(let object) = value, object.count == 1, object.keys.first?.hasPrefix("$") == true {
                return .object(PageObject([("$equals", value)]))
            }
            return value
        case .contains(let value): return .object(PageObject([("$contains", value)]))
        case .count(let n): return .object(PageObject([("$count", .int(Int64(n)))]))
        case .matches(let pattern): return .object(PageObject([("$matches", .string(pattern))]))
        case .not(let value): return .object(PageObject([("$not", value)]))
        case .exists(let flag): return .object(PageObject([("$exists", .bool(flag))]))
        }
    }
}
