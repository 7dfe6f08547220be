/// Maps ids in pages to registered types: components, actions, validations, error handlers, and
/// the functions expressions may call. A value, passed to the engine; never a global table.
///
/// Start from `Registry.standard` (the built-ins, registered exactly like a host's types) and
/// register more; an entry with an existing id replaces the built-in.
public struct Registry: Sendable {
    public var components = TypeTable<ComponentType>()
    public var actions = TypeTable<ActionType>()
    public var validations = TypeTable<ValidationType>()
    public var errorHandlers = TypeTable<ErrorHandlerType>()
    public var functions: FunctionLibrary

    /// An empty registry with the standard expression functions.
    public init(functions: FunctionLibrary = .standard) {
        self.functions = functions
    }

    public mutating func register(_ type: ComponentType) { components.register(type) }
    public mutating func register(_ type: ActionType) { actions.register(type) }
    public mutating func register(_ type: ValidationType) { validations.register(type) }
    public mutating func register(_ type: ErrorHandlerType) { errorHandlers.register(type) }
    public mutating func register(_ function: ExpressionFunction) { functions.register(function) }

    /// Every built-in component, action, validation, error handler and function.
    public static let standard: Registry = {
        var registry = Registry()
        BuiltIns.register(in: &registry)
        return registry
    }()
}
