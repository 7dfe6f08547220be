/// What one evaluation carries while it runs: the lambda parameters in scope and what is left of
/// its two budgets, `PageLimits.evaluationSteps` and `PageLimits.evaluationBytes`.
///
/// Every compiled node takes it `inout`, so counting a step is a subtraction and a compare: no
/// allocation, no lock, nothing shared between evaluations.
///
/// What counts:
/// - a **step** for each operator, call, member access or index, each lambda call and each element
///   a function visits (`map`, `join`, `sum`, …); a call also counts one step per 64 bytes of text
///   it is given, since reading text takes time too.
/// - **bytes** for the text and arrays built: a string's UTF-8 length, 16 bytes per array element
///   or object member. Functions charge before they build (`replace` works out the size of its
///   answer first), so going over the budget fails before the memory is taken.
struct EvaluationState {
    /// Lambda parameters, at the slots the parser gave them.
    var locals: [PageValue] = []
    /// Steps left; the step that makes it negative fails.
    private(set) var steps: Int
    /// Bytes left to build.
    private(set) var bytes: Int
    /// Whether the evaluation built an array or object. Arrays share their elements, so a result
    /// built like `[x, x]` nested may be far bigger than what was charged: such results are
    /// measured before they leave the evaluation (see `CompiledExpression.evaluate`).
    private(set) var builtContainer = false
    /// The budgets it started with, for messages.
    let stepLimit: Int
    let byteLimit: Int

    @inline(__always)
    init(steps: Int, bytes: Int) {
        stepLimit = max(0, steps)
        byteLimit = max(0, bytes)
        self.steps = stepLimit
        self.bytes = byteLimit
    }

    init(limits: PageLimits) {
        self.init(steps: limits.evaluationSteps, bytes: limits.evaluationBytes)
    }

    /// A state with nothing left, to swap a real one into (see `FunctionInvocation`).
    static let placeholder = EvaluationState(steps: 0, bytes: 0)

    /// How many bytes of text count as one step when a function reads it.
    static let textBytesPerStep = 64
    /// What one array element or object member counts against `evaluationBytes`.
    static let elementBytes = 16

    // MARK: - Charging

    /// Counts `count` steps of work.
    @inline(__always)
    mutating func step(_ count: Int = 1) throws(FunctionFailure) {
        steps &-= count
        if steps < 0 || count < 0 { throw outOfSteps() }
    }

    /// Counts `count` steps already checked to be left (`steps >= count`): a fused fast path
    /// checks before it runs, then spends what the general path would have.
    @inline(__always)
    mutating func spend(_ count: Int) { steps &-= count }

    /// Counts reading `textBytes` bytes of text.
    @inline(__always)
    mutating func read(textBytes: Int) throws(FunctionFailure) {
        if textBytes >= EvaluationState.textBytesPerStep { try step(textBytes / EvaluationState.textBytesPerStep) }
    }

    /// Counts `count` bytes about to be built.
    @inline(__always)
    mutating func charge(bytes count: Int) throws(FunctionFailure) {
        bytes &-= count
        if bytes < 0 || count < 0 { throw outOfBytes() }
    }

    /// Counts an array or object of `count` elements about to be built.
    @inline(__always)
    mutating func charge(elements count: Int) throws(FunctionFailure) {
        builtContainer = true
        let (total, overflow) = count.multipliedReportingOverflow(by: EvaluationState.elementBytes)
        try charge(bytes: overflow ? Int.max : total)
    }

    /// Notes that the value being built holds arrays or objects (see `builtContainer`).
    @inline(__always)
    mutating func noteContainer() { builtContainer = true }

    /// Counts what `value`, just returned by a function that doesn't count for itself, holds at
    /// its top level.
    mutating func chargeResult(_ value: PageValue) throws(FunctionFailure) {
        switch value {
        case .string(let s): try charge(bytes: s.utf8.count)
        case .array(let items): try charge(elements: items.count)
        case .object(let object): try charge(elements: object.count)
        default: break
        }
    }

    private func outOfSteps() -> FunctionFailure {
        FunctionFailure("the expression does too much work: it went over \(PageLimits.grouped(stepLimit)) steps (the evaluationSteps limit); give it fewer items to go through, or split the work into several actions", kind: .limit)
    }

    private func outOfBytes() -> FunctionFailure {
        FunctionFailure("the expression builds too much: its text and arrays went over \(PageLimits.describe(bytes: byteLimit)) (the evaluationBytes limit); build smaller values", kind: .limit)
    }

    // MARK: - Work that counts as it goes

    /// The text `value` shows in a template, joined to a string or passed to `string()`, charged
    /// as built: an array or object is written as JSON only up to what is left of the budget.
    mutating func text(_ value: PageValue) throws(FunctionFailure) -> String {
        switch value {
        case .string(let s): return s
        case .array, .object:
            guard let json = value.jsonText(maximumBytes: bytes) else { throw outOfBytes() }
            try charge(bytes: json.utf8.count)
            try step(json.utf8.count / EvaluationState.textBytesPerStep)
            return json
        default:
            return value.displayText
        }
    }

    /// `a == b`, counting a step for each value compared (and the text read), so comparing two
    /// large values built from shared parts can't run away.
    mutating func equal(_ a: PageValue, _ b: PageValue) throws(FunctionFailure) -> Bool {
        try step()
        switch (a, b) {
        case (.string(let x), .string(let y)):
            try read(textBytes: min(x.utf8.count, y.utf8.count))
            return x == y
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return false }
            if x.withUnsafeBufferPointer({ p in y.withUnsafeBufferPointer { $0.baseAddress == p.baseAddress } }) { return true }
            for i in x.indices where !(try equal(x[i], y[i])) { return false }
            return true
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            for (key, value) in x {
                guard let other = y[key], try equal(value, other) else { return false }
            }
            return true
        default:
            return a == b
        }
    }
}
