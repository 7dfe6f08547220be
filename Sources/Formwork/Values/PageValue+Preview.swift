extension PageValue {
    /// Compact JSON cut to `limit` characters with an ellipsis, for messages and traces.
    public func preview(limit: Int = 40) -> String {
        let text = jsonText
        return text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
    }
}
