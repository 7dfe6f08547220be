/// Turns a syntax tree into nested Swift closures, once. Evaluation then runs the closures
/// without re-walking the tree; subtrees whose inputs are all constant are folded to their value.
struct Compiler {
    /// A compiled node: the scope, and the evaluation's state (lambda parameters, budgets), in; a value out.
    typealias Evaluator = @Sendable (ExpressionScope, inout EvaluationState) throws -> PageValue
    /// A compiled lambda: scope, state, and up to two arguments.
    typealias Lambda = @Sendable (ExpressionScope, inout EvaluationState, PageValue, PageValue) throws -> PageValue

    /// An evaluator kept in an array (a call's arguments, a template's parts, an array's items).
    ///
    /// NB: a struct around the closure, not the closure itself: an array holds a bare closure in
    /// its most general form (every argument passed in memory), so each call went through a
    /// thunk that copied the whole scope into memory first. A struct's closure keeps its own form.
    struct Stored: Sendable {
        let run: Evaluator
    }

    /// A compiled lambda, kept in a call's list of arguments (a struct for the same reason as `Stored`).
    struct StoredLambda: Sendable {
        let run: Lambda
    }

    struct Compiled {
        /// NB: nil for a constant: its closure (`{ _, _ in value }`) is made only when something
        /// asks for it — most parents of a constant hold its value instead (`$data.qty > 0`, a
        /// folded call), so building it for every literal was work thrown away.
        private let built: Evaluator?
        /// Set when the node's value is known at compile time.
        let constant: PageValue?
        /// What the node is to a fused arithmetic chain, when it can be part of one (a member read,
        /// a number constant, arithmetic over those); see `FusedArithmetic`.
        var operand: FusedArithmetic.Operand? = nil
        /// The node without a fused fast path in front, for a fused parent to fall back on.
        var unfused: Evaluator? = nil
        /// What the node is to `FusedLogic` when it isn't an operand: a comparison, a constant
        /// other than a number, or `&&`, `||`, `!`, `?:` over such nodes.
        var logic: FusedLogic.Shape? = nil

        /// What the node is to `FusedLogic`, when it can be part of a fused program.
        var shape: FusedLogic.Shape? { logic ?? operand.map { .operand($0) } }

        init(evaluator: @escaping Evaluator, constant: PageValue?, operand: FusedArithmetic.Operand? = nil, unfused: Evaluator? = nil, logic: FusedLogic.Shape? = nil) {
            built = evaluator
            self.constant = constant
            self.operand = operand
            self.unfused = unfused
            self.logic = logic
        }

        /// A node whose value is known at compile time; its closure is made when asked for.
        init(constant value: PageValue) {
            built = nil
            constant = value
            operand = FusedArithmetic.Operand(constant: value)
            logic = operand == nil ? .constant(value) : nil
        }

        private init(built: Evaluator?, constant: PageValue?) {
            self.built = built
            self.constant = constant
        }

        /// The compiled node.
        var evaluator: Evaluator {
            if let built { return built }
            let value = constant ?? .null
            return { _, _ in value }
        }

        /// The node as a general-path child of a fused node: without its own fast path, so a
        /// fallback doesn't try the fast path again at every level.
        ///
        /// NB: no `unfused ?? evaluator`: `??` is generic, so it wrapped both closures in
        /// reabstraction thunks — two allocations per use, and two more calls on every fallback.
        var general: Compiled {
            if let unfused { return Compiled(built: unfused, constant: constant) }
            return Compiled(built: built, constant: constant)
        }
    }

    let source: String
    /// What constant folding may still spend; shared by every expression of a page.
    let folding: FoldingBudget
    /// The store paths and calls met on the way, collected by the compile walk itself.
    let findings = Findings()

    func compile(_ expr: Expr) -> Compiled {
        compileNode(expr)
    }

    // MARK: - Nodes

    private func constant(_ value: PageValue) -> Compiled {
        Compiled(constant: value)
    }

    /// Evaluates a node whose inputs are all constant; keeps it for run time if it fails, so the
    /// error is reported when (and if) the expression actually runs. Folding spends the same
    /// budgets as an evaluation, shared by the whole page: a constant too costly to fold is left
    /// to run time, where it fails with a `limit` error if it runs.
    func folded(_ evaluator: @escaping Evaluator) -> Compiled {
        if let value = folding.evaluate(evaluator) { return constant(value) }
        return Compiled(evaluator: evaluator, constant: nil)
    }

    func compileNode(_ expr: Expr) -> Compiled {
        let range = expr.range
        let source = self.source
        switch expr.kind {
        case .literal(let value):
            return constant(value)

        case .variable(let variable):
            if !findings.insidePath, let root = variable.storeRoot { findings.reads.append(StorePath(root)) }
            return Compiler.variable(variable)

        case .local(let slot, _):
            return Compiled(evaluator: { _, state in state.locals[slot] }, constant: nil)

        case .member(let base, let name):
            if let (root, reads) = memberChain(expr) {
                return Compiler.memberChain(root, reads, range, source)
            }
            let wasInside = enterPath(expr)
            defer { findings.insidePath = wasInside }
            let b = compileNode(base)
            let baseEval = b.evaluator
            let evaluator: Evaluator = { scope, state in
                let value = try baseEval(scope, &state)
                do {
                    try state.step()
                    return try Operators.member(value, name)
                } catch { throw Compiler.convert(error, range, source) }
            }
            return b.constant != nil ? folded(evaluator) : Compiled(evaluator: evaluator, constant: nil)

        case .index(let base, let index):
            let wasInside = enterPath(expr)
            defer { findings.insidePath = wasInside }
            let b = compileNode(base), i = compileNode(index)
            let baseEval = b.evaluator, indexEval = i.evaluator
            let evaluator: Evaluator = { scope, state in
                let value = try baseEval(scope, &state)
                let key = try indexEval(scope, &state)
                do {
                    try state.step()
                    if case .string(let text) = key { try state.read(textBytes: text.utf8.count) }
                    return try Operators.index(value, key)
                } catch { throw Compiler.convert(error, range, source) }
            }
            return b.constant != nil && i.constant != nil ? folded(evaluator) : Compiled(evaluator: evaluator, constant: nil)

        case .unary(let op, let operand):
            let o = compileNode(operand)
            let eval = o.evaluator
            let evaluator: Evaluator
            switch op {
            case .not:
                if o.constant == nil, let shape = o.shape {
                    return Compiler.fused(.not(shape), general: Compiler.not(o.general.evaluator, range, source))
                }
                evaluator = Compiler.not(eval, range, source)
            case .negate:
                evaluator = { scope, state in
                    let value = try eval(scope, &state)
                    do {
                        try state.step()
                        return try Operators.negate(value)
                    } catch { throw Compiler.convert(error, range, source) }
                }
            }
            return o.constant != nil ? folded(evaluator) : Compiled(evaluator: evaluator, constant: nil)

        case .binary(let op, let left, let right):
            if op.isArithmetic { return compileArithmetic(expr) }
            let l = compileNode(left), r = compileNode(right)
            if l.constant != nil && r.constant != nil { return folded(Compiler.binary(op, l, r, range, source)) }
            return Compiler.fusedComparison(op, l, r, range, source) ?? Compiled(evaluator: Compiler.binary(op, l, r, range, source), constant: nil)

        case .and(let left, let right):
            let l = compileNode(left), r = compileNode(right)
            if let value = l.constant {
                if !value.isTruthy { return constant(.bool(false)) }
                let rightEval = r.evaluator
                return r.constant.map { constant(.bool($0.isTruthy)) }
                    ?? Compiled(evaluator: { scope, state in .bool(try rightEval(scope, &state).isTruthy) }, constant: nil)
            }
            if let left = l.shape, let right = r.shape {
                return Compiler.fused(.and(left, right), general: Compiler.and(l.general.evaluator, r.general.evaluator, range, source))
            }
            return Compiled(evaluator: Compiler.and(l.evaluator, r.evaluator, range, source), constant: nil)

        case .or(let left, let right):
            let l = compileNode(left), r = compileNode(right)
            if let value = l.constant {
                if value.isTruthy { return constant(.bool(true)) }
                let rightEval = r.evaluator
                return r.constant.map { constant(.bool($0.isTruthy)) }
                    ?? Compiled(evaluator: { scope, state in .bool(try rightEval(scope, &state).isTruthy) }, constant: nil)
            }
            if let left = l.shape, let right = r.shape {
                return Compiler.fused(.or(left, right), general: Compiler.or(l.general.evaluator, r.general.evaluator, range, source))
            }
            return Compiled(evaluator: Compiler.or(l.evaluator, r.evaluator, range, source), constant: nil)

        case .coalesce(let left, let right):
            let l = compileNode(left), r = compileNode(right)
            if let value = l.constant { return value.isNull ? r : l }
            let leftEval = l.evaluator, rightEval = r.evaluator
            return Compiled(evaluator: { scope, state in
                try Compiler.step(&state, range, source)
                let value = try leftEval(scope, &state)
                if case .null = value { return try rightEval(scope, &state) }
                return value
            }, constant: nil)

        case .conditional(let condition, let then, let otherwise):
            let c = compileNode(condition), t = compileNode(then), e = compileNode(otherwise)
            if let value = c.constant { return value.isTruthy ? t : e }
            if let condition = c.shape, let then = t.shape, let otherwise = e.shape {
                let general = Compiler.conditional(c.general.evaluator, t.general.evaluator, e.general.evaluator, range, source)
                return Compiler.fused(.conditional(condition, then, otherwise), general: general)
            }
            return Compiled(evaluator: Compiler.conditional(c.evaluator, t.evaluator, e.evaluator, range, source), constant: nil)

        case .array(let items):
            let compiled = items.map(compileNode)
            if compiled.allSatisfy({ $0.constant != nil }) { return constant(.array(compiled.compactMap(\.constant))) }
            let evaluators = compiled.map { Stored(run: $0.evaluator) }
            let count = evaluators.count
            return Compiled(evaluator: { scope, state in
                do {
                    try state.step()
                    try state.charge(elements: count)
                } catch { throw Compiler.convert(error, range, source) }
                var values: [PageValue] = []
                values.reserveCapacity(count)
                for evaluator in evaluators { values.append(try evaluator.run(scope, &state)) }
                return .array(values)
            }, constant: nil)

        case .object(let members):
            let compiled = members.map { (key: $0.key, value: compileNode($0.value)) }
            if compiled.allSatisfy({ $0.value.constant != nil }) {
                return constant(.object(PageObject(compiled.map { ($0.key, $0.value.constant ?? .null) })))
            }
            let keys = compiled.map(\.key), evaluators = compiled.map { Stored(run: $0.value.evaluator) }
            return Compiled(evaluator: { scope, state in
                do {
                    try state.step()
                    try state.charge(elements: keys.count)
                } catch { throw Compiler.convert(error, range, source) }
                var object = PageObject()
                for i in keys.indices { object[keys[i]] = try evaluators[i].run(scope, &state) }
                return .object(object)
            }, constant: nil)

        case .template(let parts):
            // NB: one array of evaluators; the constants' text is joined only while every part so far is one.
            var stored: [Stored] = []
            stored.reserveCapacity(parts.count)
            var constantText: String? = ""
            for part in parts {
                let compiled = compileNode(part)
                if let value = compiled.constant { constantText? += value.displayText } else { constantText = nil }
                stored.append(Stored(run: compiled.evaluator))
            }
            if let constantText { return constant(.string(constantText)) }
            let evaluators = stored
            return Compiled(evaluator: { scope, state in
                try Compiler.step(&state, range, source)
                var text = ""
                for evaluator in evaluators {
                    let value = try evaluator.run(scope, &state)
                    do {
                        let part = try state.text(value)
                        try state.charge(bytes: part.utf8.count)
                        text += part
                    } catch { throw Compiler.convert(error, range, source) }
                }
                return .string(text)
            }, constant: nil)

        case .call(let function, let arguments):
            return compileCall(function, arguments, range)
        }
    }

    // MARK: - Helpers

    /// Counts `count` steps, failing at `range` when the evaluation is out of them.
    @inline(__always)
    static func step(_ state: inout EvaluationState, _ range: SourceRange, _ source: String, count: Int = 1) throws(ExpressionError) {
        do { try state.step(count) } catch { throw convert(error, range, source) }
    }

    /// Where a member chain starts: a `$` variable or a lambda parameter.
    enum ChainRoot: Sendable {
        case variable(ScopeVariable)
        case local(Int)
    }

    /// `root.reads[0].reads[1]…`, the whole chain at `range`, as one closure.
    ///
    /// NB: one closure for the whole chain; the one-member forms ($data.price, x.price) are the
    /// most common by far and skip the loop. Each read remembers where it found its key last time
    /// (see `MemberRead`). `CompiledExpression`'s shortcut for a plain path comes here too.
    static func memberChain(_ root: ChainRoot, _ reads: [MemberRead], _ range: SourceRange, _ source: String) -> Compiled {
        if reads.count == 1, let read = reads.first {
            return Compiled(evaluator: Compiler.memberEvaluator(root, read), constant: nil, operand: .read(root, reads))
        }
        let steps = reads.count
        return Compiled(evaluator: { scope, state in
            try Compiler.step(&state, range, source, count: steps)
            return try Compiler.read(root, reads, scope, &state)
        }, constant: nil, operand: .read(root, reads))
    }

    /// `root.reads[0].reads[1]…` read, each member failing at its own range: what a chain does
    /// once its steps are counted (`memberChain`'s closure, `ArithmeticRun`'s reads).
    @inline(__always)
    static func read(_ root: ChainRoot, _ reads: [MemberRead], _ scope: ExpressionScope, _ state: inout EvaluationState) throws(ExpressionError) -> PageValue {
        var value: PageValue
        switch root {
        case .variable(let variable): value = try reads[0].value(of: variable, in: scope)
        case .local(let slot): value = try reads[0].value(of: state.locals[slot])
        }
        for read in reads.dropFirst() { value = try read.value(of: value) }
        return value
    }

    /// `$variable` alone.
    static func variable(_ variable: ScopeVariable) -> Compiled {
        Compiled(evaluator: { scope, _ in scope.read(variable) }, constant: nil)
    }

    /// `$variable.name` or `x.name`: one closure per kind of root, so the common `$data.name`
    /// reads the store where the scope keeps it, with nothing to decide at run time.
    private static func memberEvaluator(_ root: ChainRoot, _ read: MemberRead) -> Evaluator {
        let range = read.range, source = read.source
        switch root {
        case .variable(.data):
            return { scope, state in
                try Compiler.step(&state, range, source)
                return try read.value(of: scope.data)
            }
        case .variable(.global):
            return { scope, state in
                try Compiler.step(&state, range, source)
                return try read.value(of: scope.global)
            }
        case .variable(.item):
            return { scope, state in
                try Compiler.step(&state, range, source)
                return try read.value(of: scope.item)
            }
        case .variable(let variable):
            return { scope, state in
                try Compiler.step(&state, range, source)
                return try read.value(of: variable, in: scope)
            }
        case .local(let slot):
            return { _, state in
                try Compiler.step(&state, range, source)
                return try read.value(of: state.locals[slot])
            }
        }
    }

    /// `expr` as a member chain (see below), noted as a read when it is a store path below no
    /// other one: what compiling it finds, before any closure is made for it.
    func memberChain(_ expr: Expr) -> (ChainRoot, [MemberRead])? {
        guard let (root, reads) = Compiler.memberChain(expr, source) else { return nil }
        if !findings.insidePath, case .variable(let variable) = root, let storeRoot = variable.storeRoot {
            findings.reads.append(StorePath(storeRoot, reads.map { .key($0.key) }))
        }
        return (root, reads)
    }

    /// `$var.a.b.c` or `x.a.b` as one root and a read per key, in source order, so it compiles to
    /// a single closure.
    ///
    /// NB: one array, filled from the outermost member inwards and turned around in place: the
    /// root is checked first, so a chain that doesn't start at a variable costs one walk and
    /// no allocation.
    private static func memberChain(_ expr: Expr, _ source: String) -> (ChainRoot, [MemberRead])? {
        var count = 0
        var node = expr
        while case .member(let base, _) = node.kind {
            count += 1
            node = base
        }
        let root: ChainRoot
        switch node.kind {
        case .variable(let variable): root = .variable(variable)
        case .local(let slot, _): root = .local(slot)
        default: return nil
        }
        var reads: [MemberRead] = []
        reads.reserveCapacity(count)
        node = expr
        while case .member(let base, let name) = node.kind {
            reads.append(MemberRead(key: name, range: node.range, source: source))
            node = base
        }
        reads.reverse()
        return (root, reads)
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
            case .limit: kind = .limit
            case .other: kind = .function
            }
            return ExpressionError(kind, failure.message, range: range, source: source)
        }
        let prefix = function.map { "\($0)() failed: " } ?? ""
        return ExpressionError(.function, prefix + String(describing: error), range: range, source: source)
    }
}
