#if canImport(Synchronization)
import Synchronization
#endif

/// How an expression that is one plain path, `$data.lines` or `$data.settings.acceptCash`, reads
/// its value: one object for the whole path, made by `PlainPathShortcut`.
///
/// It reads as `Compiler.memberChain` does — the same steps counted, the same `null` for a
/// missing member or a null base, the same errors at the same ranges — and remembers where it
/// found its first two members as `MemberRead` does (see there). What it saves is compiling:
/// the general form is a `MemberRead` object per member, an array of them and a closure context
/// around them; this is one object, and the evaluator's closure captures nothing else, so the
/// object is the closure's context. Members from the third on are `MemberRead`s.
final class PlainPathRead: Sendable {
    let variable: ScopeVariable
    let source: String
    /// How many members the path reads (0 for `$data` itself).
    let count: Int
    /// The first two member names ("" when there are fewer), each with the end of its name in the
    /// source: a read's range runs from the start of the expression to there.
    let first: String
    let firstEnd: Int
    let second: String
    let secondEnd: Int
    /// The members from the third on.
    let rest: [MemberRead]
    /// The end of the last member's name: the whole path's range, for counting steps.
    let end: Int

    #if canImport(Synchronization) && !canImport(Darwin)
    private let firstHint = Atomic<Int>(-1)
    private let secondHint = Atomic<Int>(-1)
    #elseif canImport(Synchronization)
    /// `MemberRead.Slot`s where `Atomic` is available (the system's version); nil elsewhere.
    private let firstSlot: (AnyObject & Sendable)?
    private let secondSlot: (AnyObject & Sendable)?
    #endif

    /// The read of `variable` along `keys` (every component a `.key`), written as `source`.
    init(_ variable: ScopeVariable, _ keys: [StorePath.Component], source: String) {
        self.variable = variable
        self.source = source
        count = keys.count
        var first = "", second = ""
        var firstEnd = 0, secondEnd = 0
        var rest: [MemberRead] = []
        if keys.count > 2 { rest.reserveCapacity(keys.count - 2) }
        // NB: `$` and the variable's name, then `.name` per key.
        var end = 1 + variable.rawValue.utf8.count
        for (position, component) in keys.enumerated() {
            guard case .key(let key) = component else { continue }
            end += 1 + key.utf8.count
            switch position {
            case 0: (first, firstEnd) = (key, end)
            case 1: (second, secondEnd) = (key, end)
            default: rest.append(MemberRead(key: key, range: SourceRange(start: 0, end: end), source: source))
            }
        }
        self.first = first
        self.firstEnd = firstEnd
        self.second = second
        self.secondEnd = secondEnd
        self.rest = rest
        self.end = end
        #if canImport(Synchronization) && canImport(Darwin)
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            firstSlot = keys.count > 0 ? MemberRead.Slot() : nil
            secondSlot = keys.count > 1 ? MemberRead.Slot() : nil
        } else {
            firstSlot = nil
            secondSlot = nil
        }
        #endif
    }

    /// The evaluator: for one member of `$data`, `$global` or `$item`, a closure that reads that
    /// variable where the scope keeps it, with nothing to decide at run time (as the compiler's).
    var evaluator: Compiler.Evaluator {
        guard count == 1 else {
            return { scope, state in try self.value(in: scope, &state) }
        }
        switch variable {
        case .data: return { scope, state in try self.member(of: scope.data, &state) }
        case .global: return { scope, state in try self.member(of: scope.global, &state) }
        case .item: return { scope, state in try self.member(of: scope.item, &state) }
        default: return { scope, state in try self.value(in: scope, &state) }
        }
    }

    /// The path's value in `scope`: `Compiler.memberChain`'s steps, reads and errors.
    func value(in scope: ExpressionScope, _ state: inout EvaluationState) throws(ExpressionError) -> PageValue {
        guard count > 0 else { return scope.read(variable) }
        try Compiler.step(&state, SourceRange(start: 0, end: end), source, count: count)
        var value: PageValue
        switch variable {
        case .data: value = try firstMember(of: scope.data)
        case .computed: value = try firstMember(of: scope.computed)
        case .page: value = try firstMember(of: scope.page)
        case .global: value = try firstMember(of: scope.global)
        case .param: value = try firstMember(of: scope.param)
        case .result: value = try firstMember(of: scope.result)
        case .event: value = try firstMember(of: scope.event)
        case .error: value = try firstMember(of: scope.error)
        case .value: value = try firstMember(of: scope.value)
        case .item: value = try firstMember(of: scope.item)
        case .index: value = try firstMember(of: scope.index)
        case .state: value = try firstMember(of: scope.state)
        }
        guard count > 1 else { return value }
        value = try secondMember(of: value)
        for read in rest { value = try read.value(of: value) }
        return value
    }

    /// `base.first` as the whole expression: one step, then the read.
    @inline(__always)
    private func member(of base: PageValue, _ state: inout EvaluationState) throws(ExpressionError) -> PageValue {
        try Compiler.step(&state, SourceRange(start: 0, end: firstEnd), source)
        return try firstMember(of: base)
    }

    @inline(__always)
    private func firstMember(of base: PageValue) throws(ExpressionError) -> PageValue {
        switch base {
        case .object(let object): return findFirst(in: object) ?? .null
        case .null: return .null
        default: throw MemberRead.notAnObject(base, key: first, range: SourceRange(start: 0, end: firstEnd), source: source)
        }
    }

    @inline(__always)
    private func secondMember(of base: PageValue) throws(ExpressionError) -> PageValue {
        switch base {
        case .object(let object): return findSecond(in: object) ?? .null
        case .null: return .null
        default: throw MemberRead.notAnObject(base, key: second, range: SourceRange(start: 0, end: secondEnd), source: source)
        }
    }

    @inline(__always)
    private func findFirst(in object: PageObject) -> PageValue? {
        #if canImport(Synchronization) && !canImport(Darwin)
        return MemberRead.find(first, in: object, remembering: firstHint)
        #elseif canImport(Synchronization)
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), let firstSlot {
            return MemberRead.find(first, in: object, remembering: unsafeDowncast(firstSlot, to: MemberRead.Slot.self).position)
        }
        return object[first]
        #else
        return object[first]
        #endif
    }

    @inline(__always)
    private func findSecond(in object: PageObject) -> PageValue? {
        #if canImport(Synchronization) && !canImport(Darwin)
        return MemberRead.find(second, in: object, remembering: secondHint)
        #elseif canImport(Synchronization)
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), let secondSlot {
            return MemberRead.find(second, in: object, remembering: unsafeDowncast(secondSlot, to: MemberRead.Slot.self).position)
        }
        return object[second]
        #else
        return object[second]
        #endif
    }
}
