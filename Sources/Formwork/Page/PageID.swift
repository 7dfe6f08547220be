/// What may name a page: the one rule every place that takes a page id checks — a manifest's
/// entries, the files of a cache or a bundle, and the engine opening a page by id (a `push` whose
/// id an expression computes included).
///
/// Ids become file names in caches and folders, so only `A–Z a–z 0–9 - _ .` are allowed, never
/// starting with `.`: no `/`, no `..`, nothing that leads outside the folder.
///
/// ```swift
/// PageID.isValid("dish-edit")              // true
/// PageID.isValid("../outside/secret")      // false
/// ```
public enum PageID {
    /// The rule, as messages state it.
    public static let rule = "a page id is 1 to 100 letters, digits, '-', '_' or '.', not starting with '.'"

    /// Whether `id` can name a page.
    public static func isValid(_ id: String) -> Bool {
        guard (1...100).contains(id.utf8.count), !id.hasPrefix(".") else { return false }
        return id.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }
}
