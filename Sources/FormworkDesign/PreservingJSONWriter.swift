import Formwork

/// Writes a changed JSON document so that only what changed is new text.
///
/// PLACEHOLDER: being written (prints the whole value canonically for now).
public enum PreservingJSONWriter {
    /// The text of `value`, keeping `original`'s bytes for every part of it that didn't change.
    public static func rewrite(_ original: [UInt8], to value: PageValue) -> [UInt8] {
        Array((value.prettyJSONText + "\n").utf8)
    }
}
