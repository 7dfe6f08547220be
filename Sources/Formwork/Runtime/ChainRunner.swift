import Foundation

/// Runs interaction chains: each action gets the previous result as `$result`; a failure stops
/// the chain and goes to the failing action's `onError`, then to the `onError` of each action
/// enclosing it (an `if`, `all` or `trigger`), innermost first, then the page's `onError` (the
/// first handler whose `when` holds), then the host. Cancellation ends the chain quietly.
@MainActor
final class ChainRunner {
    /// A failure on its way out of (possibly nested) chains: `$error`, and the handlers of the
    /// action that failed followed by those of the actions enclosing it, innermost first.
    struct Failure: Error {
        let error: PageValue
        let handlers: [HandlerNode]
        /// Paths of handlers that already took this failure and retried (`retry`): not offered it again.
        var taken: Set<String> = []
    }

    /// Runs an interaction's chain: the start of a new `InteractionBudget`.
    func run(_ chain: [ActionNode], in session: PageSession, event: PageValue, component: PageComponent?) async -> ChainOutcome {
        let budget = InteractionBudget(limit: session.engine.limits.actionsPerInteraction)
        do {
            return .completed(try await runNested(chain, in: session, result: .null, event: event, component: component, budget: budget))
        } catch let failure as Failure {
            let handlers = (failure.handlers + session.document.onError).filter { !failure.taken.contains($0.path) }
            let handler = await handle(failure.error, handlers: handlers, in: session, component: component, budget: budget)
            return .failed(error: failure.error, handledBy: handler)
        } catch let handled as Handled {
            return .failed(error: handled.error, handledBy: handled.handler)
        } catch {
            return .cancelled
        }
    }

    /// Runs `chain` inside another action (or an error handler, which passes its `$error` on),
    /// counting its actions against the interaction's `budget`.
    func runNested(_ chain: [ActionNode], in session: PageSession, result initial: PageValue, event: PageValue, error: PageValue = .null, component: PageComponent?, budget: InteractionBudget, enclosing: [HandlerNode] = []) async throws -> PageValue {
        var result = initial
        for action in chain {
            if Task.isCancelled || session.isClosed { throw ChainCancelled() }
            do {
                try budget.start()
            } catch {
                throw Failure(error: ChainRunner.annotate(error.errorValue, typeID: action.typeID, path: action.path), handlers: action.onError)
            }
            guard let type = session.engine.registry.actions[action.typeID] else {
                // NB: the person reads $error.message; the technical reason goes to the host and $error.detail.
                let registry = session.engine.registry
                let technical = registry.unknownMessage(registry.actions, action.typeID)
                session.send(.diagnostic(.error("unknown-id", action.path, technical)))
                let failure = ActionFailure(kind: "unknown-action", message: ChainRunner.unavailableSentence, details: PageObject([("detail", .string(technical))]))
                throw Failure(error: ChainRunner.annotate(failure.errorValue, typeID: action.typeID, path: action.path), handlers: action.onError)
            }
            let batch = WriteBatch()
            let context = ActionContext(session: session, typeID: action.typeID, attributes: action.attributes, path: action.path, result: result, event: event, error: error, component: component, specs: type.attributes, batch: batch, budget: budget, enclosingHandlers: action.onError + enclosing)
            session.record(.action, action.typeID)
            do {
                result = try await type.run(context)
                try session.commit(batch)
            } catch {
                try? session.commit(batch)
                switch error {
                case is ChainCancelled, is CancellationError: throw ChainCancelled()
                case let handled as Handled: throw handled
                case let inner as Failure:
                    throw Failure(error: inner.error, handlers: inner.handlers + action.onError, taken: inner.taken)
                default:
                    let failure = ChainRunner.failure(from: error, typeID: action.typeID, path: action.path)
                    // A handler that recovers (`retry`) runs here, and the action once more.
                    if let retried = try await retry(action, type: type, failure: failure, context: context, handlers: context.enclosingHandlers + session.document.onError) {
                        result = retried
                        continue
                    }
                    throw Failure(error: failure, handlers: action.onError)
                }
            }
        }
        return result
    }

    /// What a person is told when the page uses something this app build doesn't have.
    static let unavailableSentence = "This part of the page isn't available in this version of the app."

    /// How deeply a failure inside an error handler's chain (`run`) may be handled by another
    /// handler that fails in turn, before it is reported instead (a page-level `run` whose chain
    /// always fails would otherwise handle its own failure forever). The engine reads
    /// `PageLimits.handlerDepth`; this is the standard one.
    static var maxHandlerDepth: Int { PageLimits.standard.handlerDepth }

    /// Offers `error` to `handlers` in order; returns the id of the one that took it, or nil after
    /// reporting it to the host. A failure inside the chosen handler's own chain (a `run`) is a
    /// failure like any other: it goes to the failing action's `onError`, those of the actions
    /// enclosing it in that chain, then the page's `onError`, then the host. What handlers run
    /// counts against the interaction's `budget`.
    func handle(_ error: PageValue, handlers: [HandlerNode], in session: PageSession, component: PageComponent?, budget: InteractionBudget, depth: Int = 0) async -> String? {
        let maximumDepth = session.engine.limits.handlerDepth
        let message = error["message"]?.displayText ?? "something went wrong"
        session.record(.error, message)
        // A page that goes over a budget has a bug even when a handler takes the failure: tell the host.
        if error["kind"] == "limit" {
            session.send(.diagnostic(.error("limit", error["path"]?.stringValue ?? "", message)))
        }
        for handler in handlers {
            guard session.engine.registry.errorHandlers[handler.typeID] != nil else {
                session.send(.diagnostic(.error("unknown-id", handler.path, session.engine.registry.unknownMessage(session.engine.registry.errorHandlers, handler.typeID))))
                continue
            }
            guard let taker = takes(handler, error, in: session, component: component, budget: budget, reporting: true) else { continue }
            let (type, context, batch) = (taker.type, taker.context, taker.context.batch)
            session.record(.error, "handled by \(handler.typeID)")
            do {
                try await type.handle(context)
                try session.commit(batch)
            } catch is ChainCancelled {
                try? session.commit(batch)   // e.g. a declined confirm inside a `run` handler: quiet
            } catch is Handled {
                try? session.commit(batch)   // a failure inside its chain was handled there
            } catch let inner as Failure where depth < maximumDepth {
                try? session.commit(batch)
                _ = await handle(inner.error, handlers: inner.handlers + session.document.onError, in: session, component: component, budget: budget, depth: depth + 1)
            } catch {
                try? session.commit(batch)
                let why = (error as? Failure)?.error["message"]?.displayText ?? "\(error)"
                let text = "the error handler '\(handler.typeID)' failed too: \(why)"
                    + (error is Failure ? " (failures inside error handlers were handled \(maximumDepth) levels deep, the handlerDepth limit, so this one is not)" : "")
                session.record(.error, text)
                session.send(.diagnostic(.error("handler", handler.path, text)))
            }
            return handler.typeID
        }
        session.send(.unhandledFailure(page: session.document.id, error: error))
        if session.engine.host.alertsUnhandledFailures {
            session.record(.present, "alert \"Something went wrong\" \(message)")
            await session.waitingForPerson { await session.engine.host.presenter.alert(title: "Something went wrong", message: message) }
        }
        return nil
    }

    /// The `$error` object for any error an action throws.
    static func failure(from error: any Error, typeID: String, path: String) -> PageValue {
        let failure: ActionFailure
        switch error {
        case let e as ActionFailure: failure = e
        case let e as AttributeFailure:
            failure = ActionFailure(kind: e.error.kind == .limit ? "limit" : "expression", message: "the attribute '\(e.attribute)' of '\(typeID)' can't be computed: \(e.error.message)")
        case let e as ExpressionError: failure = ActionFailure(kind: e.kind == .limit ? "limit" : "expression", message: e.message)
        case let e as PageError:
            let overLimit = !e.diagnostics.isEmpty && e.diagnostics.allSatisfy { $0.code == "limit" }
            failure = ActionFailure(kind: overLimit ? "limit" : "page", message: e.diagnostics.map(\.message).joined(separator: "; "))
        case let e as TransportError: failure = ActionFailure(kind: "network", message: e.description)
        default: failure = ActionFailure(kind: "error", message: String(describing: error))
        }
        return annotate(failure.errorValue, typeID: typeID, path: path)
    }

    static func annotate(_ value: PageValue, typeID: String, path: String) -> PageValue {
        guard case .object(var object) = value else { return value }
        object["action"] = .string(typeID)
        object["path"] = .string(path)
        return .object(object)
    }
}
