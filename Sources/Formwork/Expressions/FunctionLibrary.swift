/// The functions an expression may call, by name. A value: copy `FunctionLibrary.standard`,
/// register more (a host's entry shadows a built-in of the same name), pass it to the compiler.
public struct FunctionLibrary: Sendable {
    private var functions: [String: ExpressionFunction] = [:]

    /// A library of `functions`; a later one replaces an earlier one of the same name.
    public init(_ functions: [ExpressionFunction] = []) {
        for function in functions { register(function) }
    }

    /// Adds `function`, replacing any function with the same name.
    public mutating func register(_ function: ExpressionFunction) {
        functions[function.name] = function
    }

    /// The function called `name`, if any.
    public subscript(name: String) -> ExpressionFunction? { functions[name] }

    /// Every function's name, sorted.
    public var names: [String] { functions.keys.sorted() }

    /// Every built-in function: text, numbers, collections, conversion and time.
    public static let standard = FunctionLibrary(BuiltInFunctions.all)
}
