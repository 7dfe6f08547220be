#if canImport(Synchronization)
import Synchronization
#endif

/// How a compiled `$data.price` (or `x.price`, `$global.user.name`) reads its member without
/// hashing the name on every evaluation: each member access in a compiled expression remembers
/// where it found its key last time, and tries that position first.
///
/// This is the one place the scheme lives: the compiler makes one `MemberRead` per `.name` in a
/// member chain, and every such read goes through `value(of:)`.
///
/// - An object keeps its members in one array in insertion order (`PageObject`). A member's
///   position is where it sits in that array.
/// - The first evaluation searches for the key as any lookup does (comparing keys in a small
///   object, hashing in a large one) and remembers the position it found.
/// - Later evaluations look at the remembered position and check that the member there has this
///   key. Keys in an object are unique, so when it does, it is the member: no hash is computed,
///   and comparing two equal short keys is one comparison of their bits. When it doesn't — the
///   store changed shape (a key added before it, removed, a different object such as another
///   element of a `map`) — the read searches again and remembers the new position.
///
/// A wrong guess costs one key comparison and the search the read would have done anyway, so the
/// answer never depends on the guess: reads stay correct whatever happens to the store between
/// evaluations, and `$global`, shared by every page, is read the same way. The tests compare a
/// long-lived expression against a freshly compiled one over stores whose shape keeps changing.
///
/// NB: a compiled expression is `Sendable` and may be evaluated on several threads at once, so the
/// remembered position is an atomic integer (relaxed: any value read is a valid guess). Where the
/// Synchronization module's `Atomic` isn't available (Apple systems before macOS 15 and iOS 18)
/// nothing is remembered and every read searches.
final class MemberRead: Sendable {
    /// The member's name.
    let key: String
    /// Where `.key` is in the expression, for errors.
    let range: SourceRange
    let source: String

    #if canImport(Synchronization) && !canImport(Darwin)
    private let remembered = Atomic<Int>(-1)
    #elseif canImport(Synchronization)
    /// A `Slot` where `Atomic` is available (the system's version); nil elsewhere.
    private let slot: (AnyObject & Sendable)?
    #endif

    init(key: String, range: SourceRange, source: String) {
        self.key = key
        self.range = range
        self.source = source
        #if canImport(Synchronization) && canImport(Darwin)
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            slot = Slot()
        } else {
            slot = nil
        }
        #endif
    }

    /// `base.key`: null on null or a missing key; a type error on anything but an object.
    @inline(__always)
    func value(of base: PageValue) throws(ExpressionError) -> PageValue {
        switch base {
        case .object(let object): return find(in: object) ?? .null
        case .null: return .null
        default: throw notAnObject(base)
        }
    }

    /// `base.key` when it is an int or a number; nil for anything else, or when `base` isn't an
    /// object (the fast path of `FusedArithmetic`, which leaves errors to `value(of:)`).
    @inline(__always)
    func number(of base: PageValue) -> FusedArithmetic.Number? {
        guard case .object(let object) = base else { return nil }
        switch find(in: object) {
        case .int(let x): return .int(x)
        case .number(let x): return .number(x)
        default: return nil
        }
    }

    /// `$variable.key`, reading the variable where the scope keeps it rather than a copy of it.
    @inline(__always)
    func value(of variable: ScopeVariable, in scope: ExpressionScope) throws(ExpressionError) -> PageValue {
        switch variable {
        case .data: return try value(of: scope.data)
        case .computed: return try value(of: scope.computed)
        case .page: return try value(of: scope.page)
        case .global: return try value(of: scope.global)
        case .param: return try value(of: scope.param)
        case .result: return try value(of: scope.result)
        case .event: return try value(of: scope.event)
        case .error: return try value(of: scope.error)
        case .value: return try value(of: scope.value)
        case .item: return try value(of: scope.item)
        case .index: return try value(of: scope.index)
        case .state: return try value(of: scope.state)
        }
    }

    @inline(never)
    private func notAnObject(_ base: PageValue) -> ExpressionError {
        MemberRead.notAnObject(base, key: key, range: range, source: source)
    }

    /// The error of reading `.key` of `base`, which isn't an object (nor null).
    @inline(never)
    static func notAnObject(_ base: PageValue, key: String, range: SourceRange, source: String) -> ExpressionError {
        ExpressionError(.type, "cannot read '.\(key)' of \(base.typeName); only objects have members", range: range, source: source)
    }

    /// The member `key` of `object`, or nil when it has none.
    @inline(__always)
    private func find(in object: PageObject) -> PageValue? {
        #if canImport(Synchronization) && !canImport(Darwin)
        return find(in: object, remembering: remembered)
        #elseif canImport(Synchronization)
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), let slot {
            return find(in: object, remembering: unsafeDowncast(slot, to: Slot.self).position)
        }
        return object[key]
        #else
        return object[key]
        #endif
    }

    #if canImport(Synchronization)
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @inline(__always)
    private func find(in object: PageObject, remembering position: borrowing Atomic<Int>) -> PageValue? {
        MemberRead.find(key, in: object, remembering: position)
    }

    /// The member `key` of `object`, trying the position remembered in `position` first and
    /// remembering where it was found (the scheme above, for a read kept elsewhere).
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @inline(__always)
    static func find(_ key: String, in object: PageObject, remembering position: borrowing Atomic<Int>) -> PageValue? {
        let hint = position.load(ordering: .relaxed)
        guard let found = object.position(of: key, hint: hint) else { return nil }
        if found != hint { position.store(found, ordering: .relaxed) }
        return object.value(at: found)
    }
    #endif

    #if canImport(Synchronization) && canImport(Darwin)
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    final class Slot: Sendable {
        let position = Atomic<Int>(-1)
    }
    #endif
}
