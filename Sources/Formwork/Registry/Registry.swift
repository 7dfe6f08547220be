/// Maps ids in pages to registered types: components, actions, validations, error handlers, and
/// the functions expressions may call. A value, passed to the engine; never a global table.
///
/// Start from `Registry.standard(behavior:)` (the built-ins, registered exactly like a host's
/// types, at the behaviour level the app was tested against) and register more. An app's type
/// with a built-in's id, or declaring an attribute every type of its kind has, must say which one
/// it means (`overriding:`, `replacing:`): see `clashes`.
public struct Registry: Sendable {
    /// The component types, by id.
    public var components = TypeTable<ComponentType>()
    /// The action types, by id.
    public var actions = TypeTable<ActionType>()
    /// The validation types, by id.
    public var validations = TypeTable<ValidationType>()
    /// The error handler types, by id.
    public var errorHandlers = TypeTable<ErrorHandlerType>()
    /// The functions expressions may call.
    public var functions: FunctionLibrary
    /// What messages about an id this registry lacks advise, when no registered id is close:
    /// `unknown action 'analytics'; ADVICE, or use one of: …`. The CLI says how to give it the
    /// app's registry file; an app keeps the default.
    public var unknownAdvice = Registry.defaultUnknownAdvice
    /// The Formwork behaviour the app was written and tested against (`BehaviorLevel`): level 1
    /// unless the app states one with `Registry.standard(behavior:)`.
    public internal(set) var behavior: BehaviorLevel = .v1
    /// NB: the behaviour table the level is read in: `BehaviorChange.all`, or a test's own.
    var changes: [BehaviorChange] = BehaviorChange.all

    /// The advice an app's registry gives: register the missing type.
    public static let defaultUnknownAdvice = "register it with the engine's registry"

    /// An empty registry with the standard expression functions.
    public init(functions: FunctionLibrary = .standard) {
        self.functions = functions
    }

    // MARK: - Registering
    //
    // One call for every kind. A name the app's type shares with the engine — a built-in's id, or
    // an attribute every type of its kind has — must be stated, else `clashes` lists it and the
    // engine refuses the registry:
    //
    //     registry.register(discardDraft, overriding: .builtIn("discard-draft"))
    //     registry.register(undo, replacing: ["retry"])

    /// Adds the app's component type, replacing one with its id.
    ///
    /// - Parameters:
    ///   - type: the app's component type.
    ///   - overriding: `.builtIn(id)` when the type takes the place of the built-in component of
    ///     its id: pages get the app's.
    ///   - replacing: the common attributes (`ComponentType.commonAttributes`) the type declares
    ///     itself: the engine's feature of each is off for it.
    public mutating func register(_ type: ComponentType, overriding: BuiltInOverride? = nil, replacing: [String] = []) {
        components.register(atLevel(type), overriding: overriding, replacing: replacing)
    }
    /// Adds the app's action type, replacing one with its id; see `register(_:overriding:replacing:)`
    /// for components.
    public mutating func register(_ type: ActionType, overriding: BuiltInOverride? = nil, replacing: [String] = []) {
        actions.register(type, overriding: overriding, replacing: replacing)
    }
    /// Adds the app's validation type, replacing one with its id; see
    /// `register(_:overriding:replacing:)` for components.
    public mutating func register(_ type: ValidationType, overriding: BuiltInOverride? = nil, replacing: [String] = []) {
        validations.register(type, overriding: overriding, replacing: replacing)
    }
    /// Adds the app's error handler type, replacing one with its id; see
    /// `register(_:overriding:replacing:)` for components.
    public mutating func register(_ type: ErrorHandlerType, overriding: BuiltInOverride? = nil, replacing: [String] = []) {
        errorHandlers.register(type, overriding: overriding, replacing: replacing)
    }
    /// Adds the app's function, replacing one with its name; `overriding: .builtIn(name)` when it
    /// takes the place of the built-in function of its name.
    public mutating func register(_ function: ExpressionFunction, overriding: BuiltInOverride? = nil) {
        functions.register(function, overriding: overriding)
    }

    /// "unknown action 'x'; …" for an id missing from `table`, with this registry's advice.
    public func unknownMessage<Entry>(_ table: TypeTable<Entry>, _ id: String) -> String {
        table.unknownMessage(id, advice: unknownAdvice)
    }

    /// Every built-in component, action, validation, error handler and function at behaviour
    /// level 1: what an app that states no level gets, forever (`BehaviorLevel`).
    public static let standard: Registry = standard(behavior: .v1)

    /// Every built-in at `behavior`, the level the app was written and tested against: a built-in
    /// a later level brings isn't there, and the app's rules and defaults are those of that level
    /// (`BehaviorChange.all`).
    ///
    /// ```swift
    /// let registry = Registry.standard(behavior: .v2)
    /// ```
    public static func standard(behavior: BehaviorLevel) -> Registry {
        levels[behavior.number - 1]
    }

    /// NB: the built-ins at each level, built once.
    private static let levels: [Registry] = BehaviorLevel.all.map { builtIns(behavior: $0, changes: BehaviorChange.all) }

    /// The built-ins at `behavior`, levels read in `changes` (the engine's table, or a test's).
    static func standard(behavior: BehaviorLevel, changes: [BehaviorChange]) -> Registry {
        changes == BehaviorChange.all ? standard(behavior: behavior) : builtIns(behavior: behavior, changes: changes)
    }

    private static func builtIns(behavior: BehaviorLevel, changes: [BehaviorChange]) -> Registry {
        var registry = Registry()
        // NB: the level first: a type registered gets the common attributes of the level.
        registry.behavior = behavior
        registry.changes = changes
        BuiltIns.register(in: &registry)
        // NB: the built-ins are registered like an app's types, then marked as the engine's.
        registry.claimForEngine()
        for change in changes where change.level > behavior {
            guard case .builtIn(let kind, let id) = change.subject else { continue }
            registry.removeBuiltIn(kind: kind, id: id)
        }
        return registry
    }

    /// Whether the engine reads the common attribute `name` of `type` for a feature of its own:
    /// the type doesn't declare it (`RegisteredType.engineReads(_:)`), and the app's level has it.
    /// NB: the engine's code for a common attribute a later level brings asks this, not the type.
    public func engineReads<Entry: RegisteredType>(_ name: String, of entry: Entry) -> Bool {
        entry.engineReads(name) && hasCommonAttribute(name, kind: Entry.kindName)
    }

    /// Whether every type of `kind` has the common attribute `name` at this registry's level.
    func hasCommonAttribute(_ name: String, kind: String) -> Bool {
        changes.level(of: .commonAttribute(kind: kind, name: name)) <= behavior
    }

    private mutating func removeBuiltIn(kind: String, id: String) {
        switch kind {
        case ComponentType.kindName: components.remove(id)
        case ActionType.kindName: actions.remove(id)
        case ValidationType.kindName: validations.remove(id)
        case ErrorHandlerType.kindName: errorHandlers.remove(id)
        default: functions.remove(id)
        }
    }

    /// Makes every entry the engine's own.
    mutating func claimForEngine() {
        components.claimForEngine()
        actions.claimForEngine()
        validations.claimForEngine()
        errorHandlers.claimForEngine()
        functions.claimForEngine()
    }
}
