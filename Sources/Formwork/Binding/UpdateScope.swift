/// The scope the bindings of one update are evaluated in, built once for the update instead of
/// once per binding.
///
/// The page-wide part (`$data`, `$global`, `$param`, `$computed`, `$page`, the settings) is the
/// same for every binding of an update, so it is built at the first evaluation; before each
/// evaluation only the component's own part (`$item`, `$index`, `$value`, `$state`) is put in.
/// A write made while the update runs (a host answering a report by writing, a `$global` write
/// of another page) moves `PageSession.storeGeneration`, and the next evaluation builds the
/// scope again, so every binding sees the stores as they are when it is evaluated, as before.
///
/// NB: building a whole scope per binding was about 1,400 of the 2,000 instructions of an
/// edit's evaluations (twelve values copied, then destroyed); putting four in is a few dozen.
struct UpdateScope {
    var scope: ExpressionScope
    /// `PageSession.storeGeneration` when `scope` was built; nil before the first evaluation.
    var generation: Int?

    /// A scope not built yet: the update's first evaluation builds it.
    init() {
        scope = ExpressionScope()
        generation = nil
    }

    @MainActor
    init(_ session: PageSession) {
        scope = session.scope(for: nil, blockState: false)
        generation = session.storeGeneration
    }
}

extension PageSession {
    /// `evaluate(_:)`, in `reused` with `binding`'s component's variables put in (see `UpdateScope`).
    func evaluate(_ binding: Binding, reusing reused: inout UpdateScope) -> PageValue {
        if reused.generation != storeGeneration { reused = UpdateScope(self) }
        let component = binding.component
        reused.scope.item = component.item
        reused.scope.index = component.index
        reused.scope.value = component.scopeValue
        reused.scope.state = binding.expression.readsBlockState && component.isInBlock ? component.visibleBlockState : .null
        do {
            return binding.type.coerce(try binding.expression.evaluate(in: reused.scope))
        } catch {
            return report(error, evaluating: binding)
        }
    }
}
