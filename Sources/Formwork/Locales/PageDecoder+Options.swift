/// A choice's `options` with translated titles: a literal list whose objects may give `title` as
/// a localized text (`{"text": KEY}` or per language in place), read as one expression that
/// builds the list, so each title is the person's language and follows a change of it.
///
/// ```json
/// "options": [{ "title": { "text": "visit.first" }, "value": "first" }, "Again"]
/// ```
/// reads as the expression `[{title: text('visit.first'), value: "first"}, "Again"]`.
extension PageDecoder {
    /// Whether `raw` is an options list with a localized title; a list of literals stays a literal.
    static func localizesOptions(_ raw: PageValue) -> Bool {
        guard case .array(let items) = raw else { return false }
        return items.contains { item in
            guard case .object(let object) = item, let title = object["title"] else { return false }
            return isLocalized(title)
        }
    }

    /// The attribute `name` at `path` from the list `items`: each localized title as its `text()`
    /// call, everything else as written, put together in one list expression. A title that fails
    /// is reported at its own path (`…options[1].title.text`) and the attribute is left invalid.
    mutating func decodeLocalizedOptions(name: String, items: [PageValue], path: String) -> AttributeNode {
        var elements: [Expr] = []
        var shown: [String] = []
        var failed = false
        for (index, item) in items.enumerated() {
            guard case .object(let object) = item, let title = object["title"], PageDecoder.isLocalized(title) else {
                elements.append(Expr(kind: .literal(item), range: SourceRange(start: 0, end: 0)))
                shown.append(item.jsonText)
                continue
            }
            let titlePath = "\(path)[\(index)].title"
            guard let source = localizedSource(title, path: titlePath) else { failed = true; continue }
            do {
                let tree = try CompiledExpression.parse(source, isTemplate: false, functions: registry.functions, limits: limits, block: blockScope)
                var members: [(key: String, value: Expr)] = []
                var parts: [String] = []
                for (member, value) in object {
                    if member == "title" {
                        members.append((member, tree))
                        parts.append("title: \(source)")
                    } else {
                        members.append((member, Expr(kind: .literal(value), range: SourceRange(start: 0, end: 0))))
                        parts.append("\(member): \(value.jsonText)")
                    }
                }
                elements.append(Expr(kind: .object(members), range: SourceRange(start: 0, end: 0)))
                shown.append("{" + parts.joined(separator: ", ") + "}")
            } catch {
                self.error("expression", titlePath, error.message, expression: error)
                failed = true
            }
        }
        guard !failed else { return AttributeNode(name: name, type: .array, mode: .expression, content: .invalid, path: path) }
        let source = "[" + shown.joined(separator: ", ") + "]"
        let tree = Expr(kind: .array(elements), range: SourceRange(start: 0, end: source.utf8.count))
        let compiled = CompiledExpression(source: source, tree: tree, isTemplate: false, folding: folding)
        return AttributeNode(name: name, type: .array, mode: .expression, content: .expression(compiled), path: path)
    }
}
