/// Turns a syntax tree into nested Swift closures, once. Evaluation then runs the closures
/// without re-walking the tree; subtrees whose inputs are all constant are folded to their value.
struct Compiler {
    /// A compiled node: the scope, and the stack of lambda parameters, in; a value out.
    typealias Evaluator = @Sendable (ExpressionScope, inout [PageValue]) throws -> PageValue
    /// A compiled lambda: scope, locals, and up to two arguments.
    typealias Lambda = @Sendable (ExpressionScope, inout [PageValue], PageValue, PageValue) throws -> PageValue

    struct Compiled {
        let evaluator: Evaluator
        /// Set when the node's value is known at compile time.
        let constant: PageValue?
    }

    let source: String

    func compile(_ expr: Expr) -> Compiled {
        compileNode(expr)
    }

    // MARK: - Nodes

    private func constant(_ value: PageValue) -> Compiled {
        Compiled(evaluator: { _, _ in value }, constant: value)
    }

    /// Evaluates a node whose inputs are all constant; keeps it for run time if it fails, so the
    /// error is reported when (and if) the expression actually runs.
    private func folded(_ evaluator: @escaping Evaluator) -> Compiled {
        var locals: [PageValue] = []
        var scope = ExpressionScope()
        scope.isFoldingConstants = true
        if let value = try? evaluator(scope, &locals) { return constant(value) }
        return Compiled(evaluator: evaluator, constant: nil)
    }

    private func compileNode(_ expr: Expr) -> Compiled {
        let range = expr.range
        let source = self.source
        switch expr.kind {
        case .literal(let value):
            return constant(value)

        case .variable(let variable):
            return Compiled(evaluator: { scope, _ in scope.read(variable) }, constant: nil)

        case .local(let slot, _):
            return Compiled(evaluator: { _, locals in locals[slot] }, constant: nil)

        case .member(let base, let name):
            if let (root, keys, ranges) = Compiler.memberChain(expr) {
                // NB: one closure for the whole chain; the one-member forms ($data.price, x.price)
                // are the most common by far and skip the loop.
                if keys.count == 1, let key = keys.first, let keyRange = ranges.first {
                    switch root {
                    case .variable(let variable):
                        return Compiled(evaluator: { scope, _ in try Compiler.member(scope.read(variable), key, keyRange, source) }, constant: nil)
                    case .local(let slot):
                        return Compiled(evaluator: { _, locals in try Compiler.member(locals[slot], key, keyRange, source) }, constant: nil)
                    }
                }
                return Compiled(evaluator: { scope, locals in
                    var value: PageValue
                    switch root {
                    case .variable(let variable): value = scope.read(variable)
                    case .local(let slot): value = locals[slot]
                    }
                    for i in keys.indices { value = try Compiler.member(value, keys[i], ranges[i], source) }
                    return value
                }, constant: nil)
            }
            let b = compileNode(base)
            let baseEval = b.evaluator
            let evaluator: Evaluator = { scope, locals in
                let value = try baseEval(scope, &locals)
                do { return try Operators.member(value, name) } catch { throw Compiler.convert(error, range, source) }
            }
            return b.constant != nil ? folded(evaluator) : Compiled(evaluator: evaluator, constant: nil)

        case .index(let base, let index):
            let b = compileNode(base), i = compileNode(index)
            let baseEval = b.evaluator, indexEval = i.evaluator
            let evaluator: Evaluator = { scope, locals in
                let value = try baseEval(scope, &locals)
                let key = try indexEval(scope, &locals)
                do { return try Operators.index(value, key) } catch { throw Compiler.convert(error, range, source) }
            }
            return b.constant != nil && i.constant != nil ? folded(evaluator) : Compiled(evaluator: evaluator, constant: nil)

        case .unary(let op, let operand):
            let o = compileNode(operand)
            let eval = o.evaluator
            let evaluator: Evaluator
            switch op {
            case .not:
                evaluator = { scope, locals in .bool(!(try eval(scope, &locals)).isTruthy) }
            case .negate:
                evaluator = { scope, locals in
                    let value = try eval(scope, &locals)
                    do { return try Operators.negate(value) } catch { throw Compiler.convert(error, range, source) }
                }
            }
            return o.constant != nil ? folded(evaluator) : Compiled(evaluator: evaluator, constant: nil)

        case .binary(let op, let left, let right):
            let l = compileNode(left), r = compileNode(right)
            let evaluator = Compiler.binary(op, l.evaluator, r.evaluator, range, source)
            return l.constant != nil && r.constant != nil ? folded(evaluator) : Compiled(evaluator: evaluator, constant: nil)

        case .and(let left, let right):
            let l = compileNode(left), r = compileNode(right)
            if let value = l.constant {
                if !value.isTruthy { return constant(.bool(false)) }
                let rightEval = r.evaluator
                return r.constant.map { constant(.bool($0.isTruthy)) }
                    ?? Compiled(evaluator: { scope, locals in .bool(try rightEval(scope, &locals).isTruthy) }, constant: nil)
            }
            let leftEval = l.evaluator, rightEval = r.evaluator
            return Compiled(evaluator: { scope, locals in
                guard try leftEval(scope, &locals).isTruthy else { return .bool(false) }
                return .bool(try rightEval(scope, &locals).isTruthy)
            }, constant: nil)

        case .or(let left, let right):
            let l = compileNode(left), r = compileNode(right)
            if let value = l.constant {
                if value.isTruthy { return constant(.bool(true)) }
                let rightEval = r.evaluator
                return r.constant.map { constant(.bool($0.isTruthy)) }
                    ?? Compiled(evaluator: { scope, locals in .bool(try rightEval(scope, &locals).isTruthy) }, constant: nil)
            }
            let leftEval = l.evaluator, rightEval = r.evaluator
            return Compiled(evaluator: { scope, locals in
                if try leftEval(scope, &locals).isTruthy { return .bool(true) }
                return .bool(try rightEval(scope, &locals).isTruthy)
            }, constant: nil)

        case .coalesce(let left, let right):
            let l = compileNode(left), r = compileNode(right)
            if let value = l.constant { return value.isNull ? r : l }
            let leftEval = l.evaluator, rightEval = r.evaluator
            return Compiled(evaluator: { scope, locals in
                let value = try leftEval(scope, &locals)
                if case .null = value { return try rightEval(scope, &locals) }
                return value
            }, constant: nil)

        case .conditional(let condition, let then, let otherwise):
            let c = compileNode(condition), t = compileNode(then), e = compileNode(otherwise)
            if let value = c.constant { return value.isTruthy ? t : e }
            let condEval = c.evaluator, thenEval = t.evaluator, elseEval = e.evaluator
            return Compiled(evaluator: { scope, locals in
                try condEval(scope, &locals).isTruthy ? try thenEval(scope, &locals) : try elseEval(scope, &locals)
            }, constant: nil)

        case .array(let items):
            let compiled = items.map(compileNode)
            if compiled.allSatisfy({ $0.constant != nil }) { return constant(.array(compiled.compactMap(\.constant))) }
            let evaluators = compiled.map(\.evaluator)
            return Compiled(evaluator: { scope, locals in
                var values: [PageValue] = []
                values.reserveCapacity(evaluators.count)
                for evaluator in evaluators { values.append(try evaluator(scope, &locals)) }
                return .array(values)
            }, constant: nil)

        case .object(let members):
            let compiled = members.map { (key: $0.key, value: compileNode($0.value)) }
            if compiled.allSatisfy({ $0.value.constant != nil }) {
                return constant(.object(PageObject(compiled.map { ($0.key, $0.value.constant ?? .null) })))
            }
            let keys = compiled.map(\.key), evaluators = compiled.map(\.value.evaluator)
            return Compiled(evaluator: { scope, locals in
                var object = PageObject()
                for i in keys.indices { object[keys[i]] = try evaluators[i](scope, &locals) }
                return .object(object)
            }, constant: nil)

        case .template(let parts):
            let compiled = parts.map(compileNode)
            if compiled.allSatisfy({ $0.constant != nil }) {
                return constant(.string(compiled.map { ($0.constant ?? .null).displayText }.joined()))
            }
            let evaluators = compiled.map(\.evaluator)
            return Compiled(evaluator: { scope, locals in
                var text = ""
                for evaluator in evaluators { text += try evaluator(scope, &locals).displayText }
                return .string(text)
            }, constant: nil)

        case .call(let function, let arguments):
            return compileCall(function, arguments, range)
        }
    }

    private func compileCall(_ function: ExpressionFunction, _ arguments: [Expr.Argument], _ range: SourceRange) -> Compiled {
        let source = self.source
        var valueEvaluators: [Evaluator] = []
        var lambdas: [Lambda?] = Array(repeating: nil, count: arguments.count)
        var allConstant = true
        for (position, argument) in arguments.enumerated() {
            switch argument {
            case .value(let expr):
                let compiled = compileNode(expr)
                if compiled.constant == nil { allConstant = false }
                valueEvaluators.append(compiled.evaluator)
            case .lambda(let count, let firstSlot, let body):
                allConstant = false
                valueEvaluators.append({ _, _ in .null })
                let bodyEval = compileNode(body).evaluator
                lambdas[position] = { scope, locals, first, second in
                    // NB: parameters live at fixed slots; trim anything a failed call left behind.
                    if locals.count != firstSlot {
                        if locals.count > firstSlot { locals.removeLast(locals.count - firstSlot) }
                        while locals.count < firstSlot { locals.append(.null) }
                    }
                    locals.append(first)
                    if count > 1 { locals.append(second) }
                    defer {
                        locals.removeLast()
                        if count > 1 { locals.removeLast() }
                    }
                    return try bodyEval(scope, &locals)
                }
            }
        }
        let body = function.body
        let name = function.name
        let capturedLambdas = lambdas
        let argumentEvaluators = valueEvaluators
        let evaluator: Evaluator = { scope, locals in
            var values: [PageValue] = []
            values.reserveCapacity(argumentEvaluators.count)
            for evaluator in argumentEvaluators { values.append(try evaluator(scope, &locals)) }
            var invocation = FunctionInvocation(arguments: values, scope: scope, lambdas: capturedLambdas, locals: [])
            swap(&invocation.locals, &locals)
            defer { swap(&invocation.locals, &locals) }
            do {
                return try body(&invocation)
            } catch let error as ExpressionError {
                throw error
            } catch {
                throw Compiler.convert(error, range, source, function: name)
            }
        }
        return allConstant && function.isPure ? folded(evaluator) : Compiled(evaluator: evaluator, constant: nil)
    }

    private static func binary(_ op: BinaryOperator, _ l: @escaping Evaluator, _ r: @escaping Evaluator, _ range: SourceRange, _ source: String) -> Evaluator {
        switch op {
        case .add:
            return { scope, locals in
                let a = try l(scope, &locals), b = try r(scope, &locals)
                do { return try Operators.add(a, b) } catch { throw convert(error, range, source) }
            }
        case .subtract, .multiply, .remainder:
            return { scope, locals in
                let a = try l(scope, &locals), b = try r(scope, &locals)
                do { return try Operators.arithmetic(op, a, b) } catch { throw convert(error, range, source) }
            }
        default:
            return { scope, locals in
                let a = try l(scope, &locals), b = try r(scope, &locals)
                do { return try Operators.apply(op, a, b) } catch { throw convert(error, range, source) }
            }
        }
    }

    // MARK: - Helpers

    /// Where a member chain starts: a `$` variable or a lambda parameter.
    enum ChainRoot {
        case variable(ScopeVariable)
        case local(Int)
    }

    /// `base.name`: null on null or a missing key; a type error (at `range`) on anything but an object.
    @inline(__always)
    static func member(_ base: PageValue, _ name: String, _ range: SourceRange, _ source: String) throws -> PageValue {
        switch base {
        case .object(let object): return object[name] ?? .null
        case .null: return .null
        default:
            let failure = FunctionFailure("cannot read '.\(name)' of \(base.typeName); only objects have members", kind: .type)
            throw convert(failure, range, source)
        }
    }

    /// `$var.a.b.c` or `x.a.b` as one root and a list of keys, so it compiles to a single closure.
    private static func memberChain(_ expr: Expr) -> (ChainRoot, [String], [SourceRange])? {
        var keys: [String] = []
        var ranges: [SourceRange] = []
        var node = expr
        while case .member(let base, let name) = node.kind {
            keys.append(name)
            ranges.append(node.range)
            node = base
        }
        switch node.kind {
        case .variable(let variable): return (.variable(variable), keys.reversed(), ranges.reversed())
        case .local(let slot, _): return (.local(slot), keys.reversed(), ranges.reversed())
        default: return nil
        }
    }

    /// Turns any error raised while evaluating a node into an `ExpressionError` at that node.
    static func convert(_ error: any Error, _ range: SourceRange, _ source: String, function: String? = nil) -> ExpressionError {
        if let error = error as? ExpressionError { return error }
        if let failure = error as? FunctionFailure {
            let kind: ExpressionError.Kind
            switch failure.kind {
            case .type: kind = .type
            case .conversion: kind = .conversion
            case .overflow: kind = .overflow
            case .divisionByZero: kind = .divisionByZero
            case .other: kind = .function
            case .limit: kind = .limit
            }
            return ExpressionError(kind, failure.message, range: range, source: source)
        }
        let prefix = function.map { "\($0)() failed: " } ?? ""
        return ExpressionError(.function, prefix + String(describing: error), range: range, source: source)
    }
}
