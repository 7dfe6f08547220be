/// What an app states, when it registers a type or function, about a name it shares with the
/// engine: that its type overrides the built-in of the same id, and which of the attributes every
/// type of its kind has (`ComponentType.commonAttributes`, …) it declares in place of the engine's.
///
/// Without a statement a shared name is a clash (`Registry.clashes`), and the engine refuses the
/// registry: the app never gets the engine's meaning, or loses it, by accident — also not when a
/// later engine adds a built-in or a common attribute with a name the app already uses.
///
/// ```swift
/// registry.register(discardDraft, overriding: .builtIn("discard-draft"))   // pages get the app's
/// registry.register(undo, replacing: ["retry"])                            // the app's 'retry'; the engine retries nothing for 'undo'
/// ```
///
/// The other choice, each time, is the app's to make in its own code: give its type another id,
/// or rename or drop its attribute, and the engine's stays.
public struct RegistrationChoice: Sendable, Equatable {
    /// The built-in this type takes the place of, stated with its id; nil when it overrides none.
    public var overriding: BuiltInOverride?
    /// The common attributes the type declares itself: its own, and the engine's feature of each
    /// name is off for the type (`RegisteredType.replacedCommonAttributes`).
    public var replacing: [String]

    /// A statement; the empty one says the type shares no name with the engine.
    public init(overriding: BuiltInOverride? = nil, replacing: [String] = []) {
        self.overriding = overriding
        self.replacing = replacing
    }

    /// Whether it states nothing.
    public var isEmpty: Bool { overriding == nil && replacing.isEmpty }
}

/// The built-in an app's type overrides, named as the engine names it: `.builtIn("discard-draft")`.
public enum BuiltInOverride: Sendable, Equatable, Hashable {
    /// The engine's built-in of this id (of the kind being registered).
    case builtIn(String)

    /// The built-in's id.
    public var id: String {
        switch self {
        case .builtIn(let id): return id
        }
    }
}
