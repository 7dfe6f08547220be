/// One function call in an expression, with what is known about its arguments before it runs:
/// what `check` type-checks against the function's signature, and how a page's needs
/// (`PageDocument.requirements`) learn the functions it calls.
///
/// ```swift
/// try CompiledExpression("currency(len($data.name) > 3, 'EUR')").calls.map(\.name)   // ["currency", "len"]
/// // the first argument of currency is known to be a bool: a comparison
/// ```
public struct FunctionCallSite: Sendable, Equatable {
    /// The function called.
    public let name: String
    /// The whole call, `name(…)`.
    public let range: SourceRange
    /// Per argument: its type when known without evaluating (a literal, a comparison, a template,
    /// a call whose signature names one result type); nil when it depends on values, and for lambdas.
    public let argumentTypes: [AttributeType?]
    /// Per argument: where it is (a lambda's body for a lambda).
    public let argumentRanges: [SourceRange]
}

/// Finds the calls in a syntax tree, outermost first.
///
/// NB: compiling collects the same list on its way (`Compiler.Findings`); this separate walk is
/// the definition, kept for the test that holds the two equal.
enum CallAnalysis {
    static func calls(in expr: Expr) -> [FunctionCallSite] {
        var found: [FunctionCallSite] = []
        collect(expr, into: &found)
        return found
    }

    private static func collect(_ expr: Expr, into found: inout [FunctionCallSite]) {
        if case .call(let function, let arguments) = expr.kind {
            found.append(site(function, arguments, expr.range))
        }
        expr.forEachChild { collect($0, into: &found) }
    }

    /// The call of `function` with `arguments` at `range`, with what is known of its arguments.
    static func site(_ function: ExpressionFunction, _ arguments: [Expr.Argument], _ range: SourceRange) -> FunctionCallSite {
        var types: [AttributeType?] = []
        var ranges: [SourceRange] = []
        types.reserveCapacity(arguments.count)
        ranges.reserveCapacity(arguments.count)
        for argument in arguments {
            switch argument {
            case .value(let e):
                types.append(staticType(of: e))
                ranges.append(e.range)
            case .lambda(_, _, let body):
                types.append(nil)
                ranges.append(body.range)
            }
        }
        return FunctionCallSite(name: function.name, range: range, argumentTypes: types, argumentRanges: ranges)
    }

    /// A literal's type (none for null): what a call site records for a literal argument.
    static func staticType(of value: PageValue) -> AttributeType? {
        switch value {
        case .string: return .string
        case .int: return .int
        case .number: return .number
        case .bool: return .bool
        case .array: return .array
        case .object: return .object
        case .null: return nil
        }
    }

    /// The type of `expr`'s value when it is known before evaluation.
    static func staticType(of expr: Expr) -> AttributeType? {
        switch expr.kind {
        case .literal(let value):
            return staticType(of: value)
        case .array: return .array
        case .object: return .object
        case .template: return .string
        case .unary(.not, _), .and, .or: return .bool
        case .binary(let op, let a, let b):
            switch op {
            case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual: return .bool
            case .add where staticType(of: a) == .string || staticType(of: b) == .string: return .string
            default: return nil
            }
        case .call(let function, _):
            guard let result = function.signature?.result, result.count == 1 else { return nil }
            return result.first
        default:
            return nil
        }
    }
}
