extension PageValue {
    /// Compact JSON cut to `limit` characters with an ellipsis, for messages and traces.
    ///
    /// Only the start of the value is written: a preview of a value of a million elements costs
    /// no more than one of ten.
    public func preview(limit: Int = 40) -> String {
        let limit = max(1, limit)
        // NB: a character usually takes at most 4 UTF-8 bytes, so this many hold `limit` of them.
        let (text, complete) = jsonPrefix(bytes: limit * 4 + 4)
        // NB: a character takes at least one byte, so text of at most `limit` bytes needs no
        // counting of characters (the common case: a number, a word).
        if complete && (text.utf8.count <= limit || text.count <= limit) { return text }
        return String(text.prefix(limit - 1)) + "…"
    }
}
