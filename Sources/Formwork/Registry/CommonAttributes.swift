/// The rule for a type's attribute named like a common one: the type's declaration wins, and the
/// engine's feature of that name is off for the type. So a host type never has an attribute read
/// by both sides, including when a later engine adds a common attribute the type already has.
/// A declaration exactly like the engine's (same type, default, summary, …) is the engine's.
enum CommonAttributes {
    /// The attributes of a type: its own, then the common ones it doesn't declare; and the
    /// common ones it declares itself.
    ///
    /// NB: a declaration exactly like the common one (as in `type.attributes`, when a type is
    /// wrapped and registered again) is the common one, not a replacement.
    static func merge(_ own: [AttributeSpec], common: [AttributeSpec]) -> (attributes: [AttributeSpec], replaced: [String]) {
        let names = Set(own.map(\.name))
        let replaced = common.filter { spec in own.contains { $0.name == spec.name && RegistryCoding.value(of: $0) != RegistryCoding.value(of: spec) } }
        return (own + common.filter { !names.contains($0.name) }, replaced.map(\.name))
    }

    /// What `check` adds to a problem with an attribute the type declares in place of a common
    /// one: `NB: the error handler 'undo' declares its own 'retry' (string: …), so the engine's
    /// 'retry' (bool: …) is off for it`. Nil for any other attribute.
    static func note(_ name: String, of type: some RegisteredType, owner: String, common: [AttributeSpec]) -> String? {
        guard type.replacedCommonAttributes.contains(name), let own = type.attribute(name), let engine = common.first(where: { $0.name == name }) else { return nil }
        func described(_ spec: AttributeSpec) -> String { spec.type.rawValue + (spec.summary.isEmpty ? "" : ": " + spec.summary) }
        return "NB: \(owner) declares its own '\(name)' (\(described(own))), so the engine's '\(name)' (\(described(engine))) is off for it"
    }
}

extension [PageDiagnostic] {
    /// Adds `CommonAttributes.note` to the errors from `start` on about an attribute of the node
    /// at `owner` that `type` declares in place of a common one.
    mutating func explainReplaced(from start: Int, owner: String, type: (some RegisteredType)?, what: @autoclosure () -> String, common: [AttributeSpec]) {
        // NB: `what` is built only when there is something to explain: this runs for every node.
        guard let type, !type.replacedCommonAttributes.isEmpty, start < count else { return }
        let prefix = owner + ".attributes."
        for index in start..<count where self[index].severity == .error && self[index].path.hasPrefix(prefix) {
            let rest = self[index].path.dropFirst(prefix.count)
            let name = String(rest.prefix { $0 != "." && $0 != "[" })
            // NB: the attribute's own value, not a node nested in it.
            guard ["", ".expr", ".template", ".value", ".mode", ".type"].contains(String(rest.dropFirst(name.count))),
                  let note = CommonAttributes.note(name, of: type, owner: what(), common: common) else { continue }
            let old = self[index]
            var new = PageDiagnostic(.error, code: old.code, path: old.path, old.message + "; " + note, expressionError: old.expressionError)
            new.file = old.file
            new.line = old.line
            new.column = old.column
            self[index] = new
        }
    }
}
