/// The functions an expression may call, by name. A value: copy `FunctionLibrary.standard`,
/// register more, pass it to the compiler. An app's function named like a built-in one is a
/// clash unless the app says it overrides it (`register(_:overriding:)`, `Registry.clashes`).
public struct FunctionLibrary: Sendable {
    private var functions: [String: ExpressionFunction] = [:]
    /// NB: the names whose function is the engine's own; every other one is the app's.
    private var engine: Set<String> = []
    private var choices: [String: RegistrationChoice] = [:]

    /// A library of the app's `functions`; a later one replaces an earlier one of the same name.
    public init(_ functions: [ExpressionFunction] = []) {
        for function in functions { register(function) }
    }

    /// The engine's own `functions`.
    init(engine functions: [ExpressionFunction]) {
        for function in functions { registerEngine(function) }
    }

    /// Adds the app's `function`, replacing any function with the same name, with what the app
    /// states about a name it shares with the engine (`overriding: .builtIn("formatMoney")`).
    public mutating func register(_ function: ExpressionFunction, overriding: BuiltInOverride? = nil) {
        let choice = RegistrationChoice(overriding: overriding)
        functions[function.name] = function
        engine.remove(function.name)
        choices[function.name] = choice.isEmpty ? nil : choice
    }

    /// Adds the engine's own `function`, replacing any function with the same name.
    mutating func registerEngine(_ function: ExpressionFunction) {
        functions[function.name] = function
        engine.insert(function.name)
        choices[function.name] = nil
    }

    /// Makes every function the engine's own: the built-ins, once registered.
    mutating func claimForEngine() {
        engine = Set(functions.keys)
        choices = [:]
    }

    /// Takes the function `name` out: a built-in a later behaviour level brings.
    mutating func remove(_ name: String) {
        functions[name] = nil
        engine.remove(name)
        choices[name] = nil
    }

    /// The function called `name`, if any.
    public subscript(name: String) -> ExpressionFunction? { functions[name] }

    /// Every function's name, sorted.
    public var names: [String] { functions.keys.sorted() }

    /// Whether the function `name` is the app's own (registered by the app, not built in).
    public func isApps(_ name: String) -> Bool { functions[name] != nil && !engine.contains(name) }

    /// What the app stated when it registered the function `name`; empty for the engine's.
    public func choice(_ name: String) -> RegistrationChoice { choices[name] ?? RegistrationChoice() }

    /// Every built-in function: text, numbers, collections, conversion and time.
    public static let standard = FunctionLibrary(engine: BuiltInFunctions.all)
}
