/// What a function takes and gives, for tools: `check` uses it to check argument types, the
/// registry description and the JSON Schema print it, and docs list it. Optional: a function
/// without one still works, only its arguments are not type-checked before the page runs.
///
/// ```swift
/// let currency = ExpressionFunction("currency", signature: FunctionSignature(
///     [.value("amount", .number), .value("code", .string, optional: true)],
///     result: [.string], summary: "the amount formatted as money, like €12.50")) { args in … }
/// currency.arity   // 1...2, from the signature
/// ```
public struct FunctionSignature: Sendable, Equatable {
    /// One parameter: a value of some types, or a lambda.
    public struct Parameter: Sendable, Equatable {
        /// The parameter's name, for messages and docs.
        public var name: String
        /// The value types accepted; empty means any value. Only value types (not `actions`,
        /// `chains` or `components`) make sense here.
        public var types: [AttributeType]
        /// For a lambda parameter (`x => …`), the most parameters the lambda may declare; nil for a value.
        public var lambdaParameters: Int?
        /// Whether a call may leave it out (only trailing parameters may be optional).
        public var isOptional: Bool

        /// A parameter called `name` accepting `types` (empty: any), a lambda of up to `lambdaParameters` parameters when set.
        public init(_ name: String, types: [AttributeType], lambdaParameters: Int? = nil, isOptional: Bool = false) {
            self.name = name
            self.types = types
            self.lambdaParameters = lambdaParameters
            self.isOptional = isOptional
        }

        /// A value parameter of one of `types` (none: any value).
        public static func value(_ name: String, _ types: AttributeType..., optional: Bool = false) -> Parameter {
            Parameter(name, types: types, isOptional: optional)
        }

        /// A lambda parameter, like `map`'s `x => …` (`parameters`: how many it may declare).
        public static func lambda(_ name: String, parameters: Int, optional: Bool = false) -> Parameter {
            Parameter(name, types: [], lambdaParameters: parameters, isOptional: optional)
        }

        /// Whether a value of `type` may be passed here.
        public func accepts(_ type: AttributeType) -> Bool {
            guard lambdaParameters == nil else { return false }
            return types.isEmpty || types.contains(.any) || types.contains(type) || (type == .int && types.contains(.number))
        }

        /// `number`, `string or array`, `any value`, `a lambda`.
        public var typeText: String {
            if lambdaParameters != nil { return "a lambda" }
            if types.isEmpty || types.contains(.any) { return "any value" }
            return FunctionSignature.list(types.map(\.rawValue))
        }
    }

    /// The parameters, in order.
    public var parameters: [Parameter]
    /// Whether the last parameter may be repeated (`min(a, b, …)`).
    public var isVariadic: Bool
    /// The types the result may have; empty means any value.
    public var result: [AttributeType]
    /// One line for docs and tools.
    public var summary: String

    /// A signature of `parameters` (the last repeatable when `variadic`) giving `result`.
    public init(_ parameters: [Parameter], variadic: Bool = false, result: [AttributeType], summary: String = "") {
        self.parameters = parameters
        self.isVariadic = variadic
        self.result = result
        self.summary = summary
    }

    /// How many arguments a call may pass: the non-optional parameters up to all of them (no
    /// upper bound when variadic).
    public var arity: ClosedRange<Int> {
        let required = parameters.filter { !$0.isOptional }.count
        return required...(isVariadic ? Int.max : max(required, parameters.count))
    }

    /// The parameter that argument `position` (from 0) is passed to.
    public func parameter(at position: Int) -> Parameter? {
        if parameters.indices.contains(position) { return parameters[position] }
        return isVariadic ? parameters.last : nil
    }

    /// Argument positions that are lambdas, with the most parameters each may declare.
    public var lambdaPositions: [Int: Int] {
        var positions: [Int: Int] = [:]
        for (index, parameter) in parameters.enumerated() {
            if let count = parameter.lambdaParameters { positions[index] = count }
        }
        return positions
    }

    /// `currency(amount: number, code?: string) -> string`.
    public func text(name: String) -> String {
        let parts = parameters.enumerated().map { index, parameter in
            let type = parameter.lambdaParameters.map { $0 == 1 ? "x => …" : "(x, i) => …" } ?? (parameter.types.isEmpty ? "any" : parameter.types.map(\.rawValue).joined(separator: "|"))
            return parameter.name + (parameter.isOptional ? "?" : "") + ": " + type + (isVariadic && index == parameters.count - 1 ? ", …" : "")
        }
        return "\(name)(\(parts.joined(separator: ", "))) -> " + (result.isEmpty ? "any" : result.map(\.rawValue).joined(separator: "|"))
    }

    static func list(_ words: [String], _ conjunction: String = "or") -> String {
        guard words.count > 1, let last = words.last else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
