/// Maps ids in pages to registered types: components, actions, validations, error handlers, and
/// the functions expressions may call. A value, passed to the engine; never a global table.
///
/// Start from `Registry.standard` (the built-ins, registered exactly like a host's types) and
/// register more; an entry with an existing id replaces the built-in.
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

    /// The advice an app's registry gives: register the missing type.
    public static let defaultUnknownAdvice = "register it with the engine's registry"

    /// An empty registry with the standard expression functions.
    public init(functions: FunctionLibrary = .standard) {
        self.functions = functions
    }

    /// Adds a component type, replacing one with its id.
    public mutating func register(_ type: ComponentType) { components.register(type) }
    /// Adds an action type, replacing one with its id.
    public mutating func register(_ type: ActionType) { actions.register(type) }
    /// Adds a validation type, replacing one with its id.
    public mutating func register(_ type: ValidationType) { validations.register(type) }
    /// Adds an error handler type, replacing one with its id.
    public mutating func register(_ type: ErrorHandlerType) { errorHandlers.register(type) }
    /// Adds a function, replacing one with its name.
    public mutating func register(_ function: ExpressionFunction) { functions.register(function) }

    /// "unknown action 'x'; …" for an id missing from `table`, with this registry's advice.
    public func unknownMessage<Entry>(_ table: TypeTable<Entry>, _ id: String) -> String {
        table.unknownMessage(id, advice: unknownAdvice)
    }

    /// Every built-in component, action, validation, error handler and function.
    public static let standard: Registry = {
        var registry = Registry()
        BuiltIns.register(in: &registry)
        return registry
    }()
}
