import Formwork

/// Writes a changed JSON document so that only what changed is new text.
///
/// `formwork design` holds a page in the browser as plain JSON and sends the whole document back
/// on save; written over the file as it is, every save would reformat the file and make its diff
/// unreadable. This writer compares the new value with what the file's text reads as, and keeps
/// the file's own bytes for everything that is still equal:
///
/// - An unchanged document is the original bytes, exactly: whitespace, member order, number
///   spellings (`12.0`, `1e3`), string escapes (`\u00e9`, `\/`), line endings, final newline.
/// - A changed scalar is replaced in place. Equal values keep their text, numbers by value
///   (`12.0` in the file and `12` from the browser's `JSON.stringify` are the same), strings as
///   Swift strings (escapes are kept).
/// - An object's members stay where they are. A removed member goes with its comma and its line.
///   A new member goes after the member before it in the new value's order that was already
///   there (first, when none was), on its own line indented like its siblings in a multi-line
///   object, on the same line with the same separators in a one-line object. A member the page
///   format places (`JSONMemberOrder`: a page's `title`, a section's `attributes`) goes before
///   the first member that comes after it there, so it never lands after `components`.
/// - An array's elements are matched to the old ones by equality (their longest common
///   subsequence, then moves), so inserting, removing or moving one keeps every other element's
///   text; an element that changed in place is rewritten inside, recursively.
/// - New values are written in the file's style (its indentation unit, `": "` or `":"`, padding
///   inside one-line braces, line endings): on one line when their siblings mostly are and the
///   line stays within 100 columns, else one item per line. A one-line container that grows
///   past 100 columns (when its line didn't before) is laid out one item per line.
/// - Text that isn't JSON is replaced by the value, pretty-printed with two spaces and a final
///   newline.
///
/// The result always reads back (with `JSONReader`) as a value `==` to the one written, except
/// for a number that isn't finite, which JSON can't hold (it is written `null`).
///
/// ```swift
/// let file = Array("{\n  \"page\": \"tip\",\n  \"version\": 1.0\n}\n".utf8)
/// let saved = PreservingJSONWriter.rewrite(file, to: ["page": "tip", "version": 1, "title": "Tip"])
/// print(String(decoding: saved, as: UTF8.self))
/// // {
/// //   "page": "tip",
/// //   "version": 1.0,
/// //   "title": "Tip"
/// // }
/// ```
public enum PreservingJSONWriter {
    /// The text of `value`, keeping `original`'s bytes for every part of it that didn't change.
    ///
    /// Reads `original` with `JSONReader` (within its standard nesting limit) and walks its text
    /// beside the old and the new value; a file that can't be read is written afresh.
    ///
    /// ```swift
    /// let file = Array(#"{ "id": "text", "attributes": { "value": "caf\u00e9" } }"#.utf8)
    /// let saved = PreservingJSONWriter.rewrite(file, to: ["id": "text", "attributes": ["value": "café", "bold": true]])
    /// // { "id": "text", "attributes": { "value": "caf\u00e9", "bold": true } }
    /// ```
    ///
    /// - Parameters:
    ///   - original: The file's bytes as they are (UTF-8, optionally with a byte order mark).
    ///   - value: The new document.
    /// - Returns: `original` itself when it already reads as `value`; else the new text.
    public static func rewrite(_ original: [UInt8], to value: PageValue) -> [UInt8] {
        guard let old = try? JSONReader.parse(bytes: original) else { return fresh(value) }
        if old == value { return original }
        guard let root = JSONSourceScanner.scan(original, maximumDepth: JSONReader.maximumDepth + 1) else { return fresh(value) }
        let rewrite = JSONRewrite(bytes: original, style: JSONSourceStyle(bytes: original, root: root))
        var out = Array(original[..<root.start])
        rewrite.write(root, old: old, new: value, layout: .fitting(oneLineAllowed: false), to: &out)
        out += original[root.end...]
        return out
    }

    /// `value` as a new file: pretty, two spaces, a final newline.
    private static func fresh(_ value: PageValue) -> [UInt8] {
        var out: [UInt8] = []
        JSONFreshPrinter(style: .standard).write(value, layout: .fitting(oneLineAllowed: false), to: &out)
        out.append(0x0A)
        return out
    }
}
