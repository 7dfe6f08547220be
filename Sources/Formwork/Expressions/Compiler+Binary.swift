/// One binary operator applied to two values: the meaning is in `Operators`; each type here
/// picks one operator, so a compiled `a * b` calls its operator directly.
protocol BinaryOperation: Sendable {
    static func apply(_ a: PageValue, _ b: PageValue, _ state: inout EvaluationState) throws -> PageValue
}

extension Compiler {
    /// `left op right`. One closure per operator, specialized for it, and for a constant on
    /// either side (`$data.qty > 0`, `1 - $data.discount`) a closure that holds the constant
    /// instead of calling a closure that returns it.
    static func binary(_ op: BinaryOperator, _ left: Compiled, _ right: Compiled, _ range: SourceRange, _ source: String) -> Evaluator {
        switch op {
        case .add: return binary(AddOperation.self, left, right, range, source)
        case .subtract: return binary(SubtractOperation.self, left, right, range, source)
        case .multiply: return binary(MultiplyOperation.self, left, right, range, source)
        case .remainder: return binary(RemainderOperation.self, left, right, range, source)
        case .divide: return binary(DivideOperation.self, left, right, range, source)
        case .equal: return binary(EqualOperation.self, left, right, range, source)
        case .notEqual: return binary(NotEqualOperation.self, left, right, range, source)
        case .less: return binary(LessOperation.self, left, right, range, source)
        case .lessEqual: return binary(LessEqualOperation.self, left, right, range, source)
        case .greater: return binary(GreaterOperation.self, left, right, range, source)
        case .greaterEqual: return binary(GreaterEqualOperation.self, left, right, range, source)
        }
    }

    private static func binary<Operation: BinaryOperation>(_: Operation.Type, _ left: Compiled, _ right: Compiled, _ range: SourceRange, _ source: String) -> Evaluator {
        let l = left.evaluator, r = right.evaluator
        if let b = right.constant {
            return { scope, state in
                let a = try l(scope, &state)
                do {
                    try state.step()
                    return try Operation.apply(a, b, &state)
                } catch { throw convert(error, range, source) }
            }
        }
        if let a = left.constant {
            return { scope, state in
                let b = try r(scope, &state)
                do {
                    try state.step()
                    return try Operation.apply(a, b, &state)
                } catch { throw convert(error, range, source) }
            }
        }
        return { scope, state in
            let a = try l(scope, &state), b = try r(scope, &state)
            do {
                try state.step()
                return try Operation.apply(a, b, &state)
            } catch { throw convert(error, range, source) }
        }
    }
}

// MARK: - The operators

enum AddOperation: BinaryOperation {
    @inline(__always)
    static func apply(_ a: PageValue, _ b: PageValue, _ state: inout EvaluationState) throws -> PageValue { try Operators.add(a, b, &state) }
}

enum SubtractOperation: BinaryOperation {
    @inline(__always)
    static func apply(_ a: PageValue, _ b: PageValue, _ state: inout EvaluationState) throws -> PageValue { try Operators.arithmetic(.subtract, a, b) }
}

enum MultiplyOperation: BinaryOperation {
    @inline(__always)
    static func apply(_ a: PageValue, _ b: PageValue, _ state: inout EvaluationState) throws -> PageValue { try Operators.arithmetic(.multiply, a, b) }
}

enum RemainderOperation: BinaryOperation {
    @inline(__always)
    static func apply(_ a: PageValue, _ b: PageValue, _ state: inout EvaluationState) throws -> PageValue { try Operators.arithmetic(.remainder, a, b) }
}

enum DivideOperation: BinaryOperation {
    @inline(__always)
    static func apply(_ a: PageValue, _ b: PageValue, _ state: inout EvaluationState) throws -> PageValue { try Operators.divide(a, b) }
}

enum EqualOperation: BinaryOperation {
    @inline(__always)
    static func apply(_ a: PageValue, _ b: PageValue, _ state: inout EvaluationState) throws -> PageValue { .bool(try state.equal(a, b)) }
}

enum NotEqualOperation: BinaryOperation {
    @inline(__always)
    static func apply(_ a: PageValue, _ b: PageValue, _ state: inout EvaluationState) throws -> PageValue { .bool(!(try state.equal(a, b))) }
}

enum LessOperation: BinaryOperation {
    @inline(__always)
    static func apply(_ a: PageValue, _ b: PageValue, _ state: inout EvaluationState) throws -> PageValue { try Operators.ordered(.less, a, b, &state) }
}

enum LessEqualOperation: BinaryOperation {
    @inline(__always)
    static func apply(_ a: PageValue, _ b: PageValue, _ state: inout EvaluationState) throws -> PageValue { try Operators.ordered(.lessEqual, a, b, &state) }
}

enum GreaterOperation: BinaryOperation {
    @inline(__always)
    static func apply(_ a: PageValue, _ b: PageValue, _ state: inout EvaluationState) throws -> PageValue { try Operators.ordered(.greater, a, b, &state) }
}

enum GreaterEqualOperation: BinaryOperation {
    @inline(__always)
    static func apply(_ a: PageValue, _ b: PageValue, _ state: inout EvaluationState) throws -> PageValue { try Operators.ordered(.greaterEqual, a, b, &state) }
}
