/// A name an app's registered type or function shares with the engine, without the app saying
/// which one pages mean; or a statement that no longer matches what it is about.
///
/// ```
/// the app's action 'discard-draft' has the id of the engine's built-in action 'discard-draft'; say which one pages mean: register it with `overriding: .builtIn("discard-draft")` (pages get the app's action, not the engine's), or give the app's action another id (pages keep the engine's)
/// ```
public struct RegistryClash: Sendable, Equatable, CustomStringConvertible {
    /// The kind, as in messages: "component", "action", "validation", "error handler", "function".
    public let kind: String
    /// The app's type or function.
    public let id: String
    /// The attribute shared with a common one; nil when the id is shared with a built-in.
    public let attribute: String?
    /// Both names, and the two choices.
    public let message: String

    /// The message.
    public var description: String { message }
}

extension Registry {
    /// Every name the app's types and functions share with the engine without saying which one
    /// pages mean, and every statement that no longer matches (`overriding:` a built-in the
    /// engine doesn't have, `replacing:` an attribute the type doesn't declare). Empty for a
    /// registry the engine accepts.
    ///
    /// `PageEngine.open`, `PageDocument.load`/`decode` (so `check` and `test`) and
    /// `writeDescription(to:)` refuse a registry with a clash, naming it. NB: registering doesn't
    /// trap or throw: a registry stays a value built step by step, and the first page opened,
    /// checked or written out with it says what to decide.
    public var clashes: [RegistryClash] {
        // NB: the engine's names at the app's level: a built-in or a common attribute a later
        // level brings isn't the engine's for this app, so an app's type with its name is the app's.
        let engine = Registry.standard(behavior: behavior, changes: changes)
        return clashes(in: components, builtIns: engine.components) + clashes(in: actions, builtIns: engine.actions)
            + clashes(in: validations, builtIns: engine.validations) + clashes(in: errorHandlers, builtIns: engine.errorHandlers)
            + functionClashes(builtIns: engine.functions)
    }

    /// The clashes as one message, for a refusal; nil without any.
    var clashMessage: String? {
        let all = clashes
        guard !all.isEmpty else { return nil }
        return "the app's registry can't be used until it says which names are whose: " + all.map(\.message).joined(separator: "; and ")
    }

    // NB: the one place that decides what counts as the engine's names: the ids of the built-ins
    // and the common attributes of each kind, at the app's behaviour level (`BehaviorChange.all`).
    private func clashes<Entry: RegisteredType>(in table: TypeTable<Entry>, builtIns: TypeTable<Entry>) -> [RegistryClash] {
        var found: [RegistryClash] = []
        let kind = Entry.kindName
        for id in table.ids where table.isApps(id) {
            guard let type = table[id] else { continue }
            let choice = table.choice(id)
            if let stated = choice.overriding {
                if stated.id != id {
                    found.append(RegistryClash(kind: kind, id: id, attribute: nil, message: "the app's \(kind) '\(id)' is registered `overriding: .builtIn(\"\(stated.id)\")`, but a type overrides only the built-in of its own id: write `overriding: .builtIn(\"\(id)\")`" + (builtIns[id] == nil ? ", or leave it out: the engine has no built-in \(kind) '\(id)'" : "")))
                } else if builtIns[id] == nil {
                    found.append(RegistryClash(kind: kind, id: id, attribute: nil, message: "the app's \(kind) '\(id)' is registered `overriding: .builtIn(\"\(id)\")`, but the engine has no built-in \(kind) '\(id)': leave `overriding:` out"))
                }
            } else if builtIns[id] != nil {
                found.append(RegistryClash(kind: kind, id: id, attribute: nil, message: Registry.idClashMessage(kind: kind, id: id)))
            }
            let common = Entry.commonAttributes.filter { hasCommonAttribute($0.name, kind: kind) }
            let declared = type.replacedCommonAttributes.filter { name in common.contains { $0.name == name } }
            for name in declared where !choice.replacing.contains(name) {
                let engine = common.first { $0.name == name }
                found.append(RegistryClash(kind: kind, id: id, attribute: name, message: Registry.attributeClashMessage(kind: kind, id: id, name: name, summary: engine?.summary ?? "")))
            }
            for name in choice.replacing where !declared.contains(name) {
                let names = common.map(\.name)
                let later = Entry.commonAttributes.contains { $0.name == name } && !names.contains(name) ? " at \(behavior) (a later behaviour level brings it)" : ""
                let why = names.contains(name) ? "it declares no '\(name)' of its own (or one exactly like the engine's)" : "'\(name)' is not an attribute every \(kind) has" + later + (names.isEmpty ? " (\(kind)s have none)" : " (those are \(names.joined(separator: ", ")))")
                found.append(RegistryClash(kind: kind, id: id, attribute: name, message: "the app's \(kind) '\(id)' is registered `replacing: [\"\(name)\"]`, but \(why): leave '\(name)' out of `replacing:`"))
            }
        }
        return found
    }

    private func functionClashes(builtIns: FunctionLibrary) -> [RegistryClash] {
        var found: [RegistryClash] = []
        for name in functions.names where functions.isApps(name) {
            if let stated = functions.choice(name).overriding {
                if stated.id != name || builtIns[name] == nil {
                    found.append(RegistryClash(kind: "function", id: name, attribute: nil, message: "the app's function '\(name)' is registered `overriding: .builtIn(\"\(stated.id)\")`, but " + (builtIns[name] == nil ? "the engine has no built-in function '\(name)': leave `overriding:` out" : "a function overrides only the built-in of its own name: write `overriding: .builtIn(\"\(name)\")`")))
                }
            } else if builtIns[name] != nil {
                found.append(RegistryClash(kind: "function", id: name, attribute: nil, message: Registry.idClashMessage(kind: "function", id: name)))
            }
        }
        return found
    }

    static func idClashMessage(kind: String, id: String) -> String {
        let word = kind == "function" ? "name" : "id"
        return "the app's \(kind) '\(id)' has the \(word) of the engine's built-in \(kind) '\(id)'; say which one pages mean: register it with `overriding: .builtIn(\"\(id)\")` (pages get the app's \(kind), not the engine's), or give the app's \(kind) another \(word) (pages keep the engine's)"
    }

    static func attributeClashMessage(kind: String, id: String, name: String, summary: String) -> String {
        "the app's \(kind) '\(id)' declares an attribute '\(name)', and the engine gives every \(kind) a '\(name)'" + (summary.isEmpty ? "" : " (\(summary))")
            + "; say which one pages mean: register it with `replacing: [\"\(name)\"]` (the app's '\(name)'; the engine's is off for '\(id)'), or rename or drop the app's '\(name)' (the engine's stays)"
    }
}

/// A registry that can't be used or written out: its clashes, each naming both names and the
/// two choices.
public struct RegistryClashError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What to decide.
    public let clashes: [RegistryClash]

    /// The clashes, one a line.
    public var description: String { clashes.map(\.message).joined(separator: "\n") }
}
