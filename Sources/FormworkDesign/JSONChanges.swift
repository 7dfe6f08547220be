import Formwork

/// What changed between two versions of a JSON document, as short sentences for a person.
///
/// `formwork design`'s publish summary lists, for each page, what changed since the version
/// last published. Paths are written as the engine writes them (`.name` for a member, `[n]` for
/// an element, no leading dot). Array elements are matched as `PreservingJSONWriter` matches
/// them (equal elements that stayed in order, then moves, then edits in place), so inserting one
/// component reports one line, not one for every component after it. Removed elements are
/// numbered as they were, added and changed ones as they are now.
///
/// ```swift
/// let old: PageValue = ["version": 1, "data": ["tip": 10], "components": [["id": "a"], ["id": "b"]]]
/// let new: PageValue = ["version": 2, "data": [:], "components": [["id": "b"], ["id": "a"], ["id": "c"]]]
/// JSONChanges.changes(from: old, to: new)
/// // ["version changed", "data.tip removed", "components[0] moved to components[1]", "components[2] added"]
/// ```
public enum JSONChanges {
    /// The most lines `changes(from:to:)` returns.
    ///
    /// A summary longer than this shows its first `maximumLines - 1` lines and then one that
    /// counts the rest, so a page rewritten whole doesn't fill the publish dialog:
    ///
    /// ```
    /// m0 changed
    /// …
    /// m48 changed
    /// … and 31 more
    /// ```
    public static let maximumLines = 50

    /// The changes from `old` to `new`, one short sentence each, in document order.
    ///
    /// Empty when the two are equal (`==`: `12` and `12.0` are the same, and member order
    /// doesn't count). A value whose type changed, or any scalar that changed, is one
    /// `… changed` line; objects and arrays are compared inside.
    ///
    /// ```swift
    /// JSONChanges.changes(from: ["tags": ["a", "b"]], to: ["tags": ["a", "B", "c"]])
    /// // ["tags[1] changed", "tags[2] added"]
    /// ```
    ///
    /// - Parameters:
    ///   - old: The document before.
    ///   - new: The document after.
    /// - Returns: Lines like `components[2] added`, `components[0].attributes.title changed`,
    ///   `data.tip removed`, `components[1] moved to components[3]`; at most `maximumLines`.
    public static func changes(from old: PageValue, to new: PageValue) -> [String] {
        var lines: [String] = []
        collect(old, new, path: "", into: &lines)
        guard lines.count > maximumLines else { return lines }
        let shown = maximumLines - 1
        return Array(lines.prefix(shown)) + ["… and \(lines.count - shown) more"]
    }

    private static func collect(_ old: PageValue, _ new: PageValue, path: String, into lines: inout [String]) {
        if old == new { return }
        switch (old, new) {
        case (.object(let before), .object(let after)):
            for member in before {
                let memberPath = path.isEmpty ? member.key : path + "." + member.key
                if let value = after[member.key] {
                    collect(member.value, value, path: memberPath, into: &lines)
                } else {
                    lines.append("\(memberPath) removed")
                }
            }
            for member in after where before[member.key] == nil {
                lines.append("\(path.isEmpty ? member.key : path + "." + member.key) added")
            }
        case (.array(let before), .array(let after)):
            let match = JSONArrayMatch(old: before, new: after)
            var removed = match.removed[...]
            for (position, source) in match.sources.enumerated() {
                // A removal is reported before the first element after it that stayed in place.
                if let anchor = inPlaceOldIndex(of: source) {
                    while let index = removed.first, index < anchor {
                        lines.append("\(path)[\(index)] removed")
                        removed = removed.dropFirst()
                    }
                }
                switch source {
                case .same:
                    break
                case .moved(let index):
                    lines.append("\(path)[\(index)] moved to \(path)[\(position)]")
                case .edited(let index):
                    collect(before[index], after[position], path: "\(path)[\(position)]", into: &lines)
                case .added:
                    lines.append("\(path)[\(position)] added")
                }
            }
            for index in removed { lines.append("\(path)[\(index)] removed") }
        default:
            lines.append(path.isEmpty ? "the document changed" : "\(path) changed")
        }
    }

    /// The old index of an element that kept its place among its neighbours (unchanged or
    /// changed inside); nil for one that moved or is new.
    private static func inPlaceOldIndex(of source: JSONArrayMatch.Source) -> Int? {
        switch source {
        case .same(let index), .edited(let index): return index
        case .moved, .added: return nil
        }
    }
}
