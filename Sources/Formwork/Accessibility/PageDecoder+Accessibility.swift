/// The page's `accessibility` object with members written like attributes' values — a literal,
/// `{"expr": …}`, `{"template": …}`, a localized `{"text": …}` — read as one expression that
/// builds the object, so it binds and stays current like any attribute.
///
/// ```json
/// "accessibility": { "label": { "template": "Row ${$index + 1}" }, "hint": { "text": "row.hint" }, "group": true }
/// ```
/// reads as the expression `{label: `Row ${$index + 1}`, hint: text('row.hint'), group: true}`.
extension PageDecoder {
    /// Whether `raw` is an `accessibility` object with a member to compute; an object of
    /// literals stays a literal.
    static func computesAccessibility(_ raw: PageValue) -> Bool {
        guard case .object(let object) = raw, object.count != 1 || (object["expr"] == nil && object["template"] == nil && object["mode"] == nil) else { return false }
        return object.values.contains { member in
            guard case .object(let inner) = member else { return false }
            return inner["expr"] != nil || inner["template"] != nil || isLocalized(member)
        }
    }

    /// The attribute `name` at `path`, from the members of `object`: each one's tree, put
    /// together in one object expression. Members that fail to compile are reported at their
    /// own paths and the attribute is left invalid.
    mutating func decodeAccessibility(name: String, object: PageObject, path: String) -> AttributeNode {
        if let problem = AccessibilityAttribute.problem(.object(object)) {
            error("value", path, "the attribute '\(name)': \(problem)")
            return AttributeNode(name: name, type: .object, mode: .expression, content: .invalid, path: path)
        }
        var members: [(key: String, value: Expr)] = []
        var shown: [String] = []
        var failed = false
        for (member, raw) in object {
            let memberPath = PageDecoder.join(path, member)
            let type = AccessibilityAttribute.members.first { $0.name == member }?.type ?? .any
            var source: String?
            var isTemplate = false
            var at = memberPath
            if PageDecoder.isLocalized(raw) {
                source = localizedSource(raw, path: memberPath)
                if source == nil { failed = true; continue }
            } else if case .object(let inner) = raw, inner.count == 1, let key = inner.keys.first, key == "expr" || key == "template", let text = inner[key] {
                at = PageDecoder.join(memberPath, key)
                guard case .string(let written) = text else {
                    error("type", at, "\(Wording.withArticle(key == "expr" ? "expression" : "template")) must be written as a string, like \"$data.name\"")
                    failed = true
                    continue
                }
                source = written
                isTemplate = key == "template"
            }
            guard let source else {
                members.append((member, Expr(kind: .literal(type.coerce(raw)), range: SourceRange(start: 0, end: 0))))
                shown.append("\(member): \(raw.jsonText)")
                continue
            }
            do {
                let tree = try CompiledExpression.parse(source, isTemplate: isTemplate, functions: registry.functions, limits: limits, block: blockScope)
                if blocks.context == nil, tree.reads(.state) { error("expression", at, PageDecoder.stateOutsideBlock) }
                members.append((member, tree))
                shown.append("\(member): " + (isTemplate ? "`\(source)`" : source))
            } catch {
                self.error("expression", at, error.message, expression: error)
                failed = true
            }
        }
        guard !failed else { return AttributeNode(name: name, type: .object, mode: .expression, content: .invalid, path: path) }
        let source = "{" + shown.joined(separator: ", ") + "}"
        let tree = Expr(kind: .object(members), range: SourceRange(start: 0, end: source.utf8.count))
        let compiled = CompiledExpression(source: source, tree: tree, isTemplate: false, folding: folding)
        return AttributeNode(name: name, type: .object, mode: .expression, content: .expression(compiled), path: path)
    }
}
