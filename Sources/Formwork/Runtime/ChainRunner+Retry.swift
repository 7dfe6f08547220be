/// Recovering from a failure: an error handler with `"retry": true` runs where the action
/// failed, and when it finishes (a login page pushed with `waitForResult` answered, say) the
/// action runs once more. If that succeeds the chain goes on as if nothing had failed, and its
/// outcome is a success. If the action fails again, the failure goes on its way as usual, except
/// that the handler that retried isn't offered it again.
extension ChainRunner {
    /// A failure already handled inside a chain: a retrying handler's own work failed (and was
    /// handled or reported). The chain ends, failed, handled by `handler`.
    struct Handled: Error {
        let error: PageValue
        let handler: String?
    }

    /// Whether `handler` takes `error`: its type is registered and its `when` holds. Returns the
    /// context it runs in. A `when` that can't be computed doesn't take it (and is reported when
    /// `reporting`).
    func takes(_ handler: HandlerNode, _ error: PageValue, in session: PageSession, component: PageComponent?, budget: InteractionBudget, reporting: Bool = false) -> (type: ErrorHandlerType, context: ActionContext)? {
        guard let type = session.engine.registry.errorHandlers[handler.typeID] else { return nil }
        let context = ActionContext(session: session, typeID: handler.typeID, attributes: handler.attributes, path: handler.path, result: .null, event: .null, error: error, component: component, specs: type.attributes, batch: WriteBatch(), budget: budget)
        do {
            // NB: a handler declaring its own `when` takes every error (the engine doesn't read it).
            return try !type.engineReads("when") || context.bool("when") ? (type, context) : nil
        } catch {
            if reporting { session.send(.diagnostic(.error("expression", handler.path, "the 'when' of this error handler can't be computed: \(error)"))) }
            return nil
        }
    }

    /// Runs the handler that takes `failure` when it says `retry`, then `action` once more.
    /// Returns the action's result, or nil when the handler taking the failure doesn't retry
    /// (the failure then goes on its way as usual).
    func retry(_ action: ActionNode, type: ActionType, failure: PageValue, context: ActionContext, handlers: [HandlerNode]) async throws -> PageValue? {
        let session = context.session
        var taker: (node: HandlerNode, type: ErrorHandlerType, context: ActionContext)?
        for handler in handlers {
            if let found = takes(handler, failure, in: session, component: context.component, budget: context.budget) {
                taker = (handler, found.type, found.context)
                break
            }
        }
        guard let taker, taker.type.engineReads("retry"), (try? taker.context.bool("retry")) == true else { return nil }
        session.record(.error, failure["message"]?.displayText ?? "something went wrong")
        session.record(.error, "handled by \(taker.node.typeID), then \(action.typeID) again")
        do {
            try await taker.type.handle(taker.context)
            try session.commit(taker.context.batch)
        } catch {
            try? session.commit(taker.context.batch)
            switch error {
            case is ChainCancelled, is CancellationError: throw ChainCancelled()   // e.g. the person backed out of the login page
            case let handled as Handled: throw handled
            case let inner as Failure:
                _ = await handle(inner.error, handlers: inner.handlers + session.document.onError, in: session, component: context.component, budget: context.budget, depth: 1)
                throw Handled(error: failure, handler: taker.node.typeID)
            default:
                let text = "the error handler '\(taker.node.typeID)' failed too: \(error)"
                session.record(.error, text)
                session.send(.diagnostic(.error("handler", taker.node.path, text)))
                throw Handled(error: failure, handler: taker.node.typeID)
            }
        }
        let again = ActionContext(session: session, typeID: context.typeID, attributes: context.attributes, path: context.path, result: context.result, event: context.event, error: context.error, component: context.component, specs: context.specs, batch: WriteBatch(), budget: context.budget, enclosingHandlers: context.enclosingHandlers)
        session.record(.action, action.typeID)
        do {
            try context.budget.start()
            let result = try await type.run(again)
            try session.commit(again.batch)
            return result
        } catch {
            try? session.commit(again.batch)
            switch error {
            case is ChainCancelled, is CancellationError: throw ChainCancelled()
            case let handled as Handled: throw handled
            case let inner as Failure: throw Failure(error: inner.error, handlers: inner.handlers + action.onError, taken: inner.taken.union([taker.node.path]))
            default: throw Failure(error: ChainRunner.failure(from: error, typeID: action.typeID, path: action.path), handlers: action.onError, taken: [taker.node.path])
            }
        }
    }
}
