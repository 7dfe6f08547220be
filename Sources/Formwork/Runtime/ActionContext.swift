import Foundation

/// What an action (or an error handler) sees while it runs: its attributes, `$result`, `$event`,
/// `$error`, the page, and the host. Writes made through it are committed together when the
/// action returns, so observers see one consistent update.
@MainActor
public struct ActionContext {
    /// The page the action runs on.
    public let session: PageSession
    /// The registered type id and the attributes as written.
    public let typeID: String
    /// The action's attributes as written.
    public let attributes: AttributeList
    /// JSON path of the action in the page, for messages.
    public let path: String
    /// `$result`: the previous action's output.
    public let result: PageValue
    /// `$event`: the payload of the event that started the chain.
    public let event: PageValue
    /// `$error`, inside error handlers.
    public let error: PageValue
    /// The component whose event started the chain, if any.
    public let component: PageComponent?
    let specs: [AttributeSpec]
    let batch: WriteBatch
    /// What the interaction this action is part of may still run.
    let budget: InteractionBudget
    /// The handlers of this action and of the actions enclosing it, innermost first: what a
    /// failure inside a chain it runs is offered after the failing action's own.
    var enclosingHandlers: [HandlerNode] = []

    /// The app around the page. Calls to its navigator, presenter and router count as waiting for
    /// the person or the app (the page is idle meanwhile, see `PageEngine.isIdle`); nothing else
    /// is needed for that.
    public var host: PageHost { session.engine.host.parking(in: session.engine.activity, for: session) }

    /// The scope attribute expressions are evaluated in.
    public var scope: ExpressionScope {
        var scope = session.scope(for: component)
        if component != nil, let row = ChainRow.current {
            scope.item = row.item
            scope.index = row.index
        }
        scope.result = result
        scope.event = event
        scope.error = error
        return scope
    }

    private var reader: AttributeReader { AttributeReader(attributes: attributes, specs: specs, scope: scope) }

    /// Whether the page gives the attribute (rather than relying on the default).
    public func has(_ name: String) -> Bool { attributes[name] != nil }

    /// The attribute's value now: evaluated if it is an expression or template, else the literal,
    /// else the registered default.
    public func value(_ name: String) throws -> PageValue { try reader.value(name) }

    /// The attribute's value as display text; nil when null.
    public func string(_ name: String) throws -> String? {
        let value = try value(name)
        return value.isNull ? nil : value.displayText
    }

    /// The attribute's value, as truthiness.
    public func bool(_ name: String) throws -> Bool { try value(name).isTruthy }

    /// A chain held by an `actions` attribute, like `if`'s `then`.
    public func actions(_ name: String) -> [ActionNode] { reader.actions(name) }

    /// Chains held by a `chains` attribute, like `all`'s `chains`.
    public func chains(_ name: String) -> [[ActionNode]] { reader.chains(name) }

    /// Runs a nested chain with `$result` starting at `result` (and this context's `$event` and
    /// `$error`). A failure inside propagates to the caller (so the enclosing action fails, and
    /// its `onError` is offered the failure after the inner action's); cancellation ends the
    /// whole chain quietly.
    public func run(_ chain: [ActionNode], result: PageValue) async throws -> PageValue {
        try await session.runner.runNested(chain, in: session, result: result, event: event, error: error, component: component, budget: budget, enclosing: enclosingHandlers)
    }

    /// Runs a chain on behalf of `component` with `$event` set to `event` (a block's `raise`
    /// runs the page's chain for the event on the component standing for the use).
    func run(_ chain: [ActionNode], result: PageValue, event: PageValue, component: PageComponent) async throws -> PageValue {
        try await session.runner.runNested(chain, in: session, result: result, event: event, error: error, component: component, budget: budget, enclosing: enclosingHandlers)
    }

    /// Runs `chains` at once, each with `$result` starting at `result`, and returns their results
    /// in order. The first failure cancels the others and propagates (as `run` does).
    ///
    /// Each chain counts as work of its own: the engine is idle only when every one of them has
    /// ended or waits for the person.
    public func runAll(_ chains: [[ActionNode]], result: PageValue) async throws -> [PageValue] {
        let activity = session.engine.activity
        let park = activity.park()   // this chain waits for its branches
        let left = BranchCount(chains.count)
        let tasks = chains.map { chain in
            let strand = activity.begin()
            return Task { @MainActor () throws -> PageValue in
                let outcome: Result<PageValue, any Error> = await activity.run(strand) {
                    do { return .success(try await self.run(chain, result: result)) } catch { return .failure(error) }
                }
                left.count -= 1
                // The waiting chain is woken by the last branch to end, or by the first to fail.
                if case .failure = outcome { activity.wake(park) } else if left.count == 0 { activity.wake(park) }
                activity.end(strand)
                return try outcome.get()
            }
        }
        return try await withTaskCancellationHandler {
            var results: [PageValue] = []
            do {
                for task in tasks { results.append(try await task.value) }
            } catch {
                for task in tasks { task.cancel() }
                activity.unpark(park)
                throw error
            }
            activity.unpark(park)
            return results
        } onCancel: {
            for task in tasks { task.cancel() }
        }
    }

    /// Writes a store path; committed with the action's other writes when it returns.
    public func write(_ value: PageValue, to path: StorePath) throws {
        try session.write(value, at: path, into: batch, from: component)
    }

    /// Waits on the person while the page counts as idle, so headless drivers know the page is
    /// waiting for an answer rather than working.
    ///
    /// Calls through `host` (its presenter, navigator and router) and `awaitResponse()` of a pushed
    /// page already count as waiting; use this only for a wait the engine can't see, such as your
    /// own screen reached some other way.
    public func waitingForPerson<T>(_ body: () async throws -> T) async throws -> T {
        try await session.waitingForPerson(body)
    }

    /// `waitingForPerson` for answers that can't fail.
    public func waitingForPerson<T>(_ body: () async -> T) async -> T {
        await session.waitingForPerson(body)
    }

    /// Records a line in the page's trace (shown by `formwork run` and kept by tests).
    public func trace(_ kind: PageTraceEvent.Kind, _ text: @autoclosure () -> String) {
        session.record(kind, text())
    }

    /// The start of `value` as a trace line shows it: at most `PageLimits.tracePreviewCharacters`,
    /// and only that much of the value is ever written.
    public func tracePreview(_ value: PageValue) -> String {
        session.tracePreview(value)
    }
}

/// How many branches of a `runAll` are still running.
@MainActor
private final class BranchCount {
    var count: Int
    init(_ count: Int) { self.count = count }
}

/// Writes collected while one action runs, committed when it returns.
@MainActor
final class WriteBatch {
    var paths: [StorePath] = []
}

/// `$item` and `$index` of the row whose component started the running chain, as they were when
/// it started: a chain keeps acting on the item the person tapped even if the list changes under
/// it meanwhile (its row moves, or, without an `itemKey`, takes another item).
enum ChainRow {
    @TaskLocal static var current: (item: PageValue, index: PageValue)?
}
