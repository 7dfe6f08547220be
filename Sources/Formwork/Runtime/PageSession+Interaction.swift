/// What a person (or a host acting for them) does to a page: edit an input, tap, trigger a
/// named interaction, validate.
extension PageSession {
    // MARK: - Lifecycle

    /// Runs `appear` (the page became visible). Hosts call this; `loaded` runs by itself at open.
    @discardableResult
    public func appear() async -> ChainOutcome { await trigger("appear") }

    /// Writes the page's draft if edits wait (`flushDraft()`), then runs `disappear`.
    @discardableResult
    public func disappear() async -> ChainOutcome {
        flushDraft()
        return await trigger("disappear")
    }

    // MARK: - Events

    /// Runs the page-level interaction `name` (`onSave` from a nav-bar button, …) with `$event`.
    @discardableResult
    public func trigger(_ name: String, event: PageValue = .null) async -> ChainOutcome {
        await engine.activity.entering { await self.run(interaction: name, event: event) }
    }

    private func run(interaction name: String, event: PageValue) async -> ChainOutcome {
        guard let chain = document.interactions[name] else {
            if PageDocument.lifecycleInteractions.contains(name) { return .completed(.null) }
            let hint = Suggestions.nearest(to: name, in: document.interactions.keys).map { "; did you mean '\($0)'?" } ?? ""
            return .ignored("the page '\(document.id)' has no interaction '\(name)'" + hint)
        }
        let (ticket, refusal) = await enterInteraction(name, component: nil, submits: !PageDocument.lifecycleInteractions.contains(name))
        guard let ticket else { return refusal ?? .cancelled }
        let outcome = await launch(chain, event: event, component: nil, name: name, ticket: ticket)
        ticket.end()
        return outcome
    }

    /// Fires `event` on `component`: its type's built-in behaviour first (a `select` presents its
    /// picker), then the page's chain for that event.
    @discardableResult
    public func fire(_ event: String, on component: PageComponent, payload: PageValue = .null) async -> ChainOutcome {
        await engine.activity.entering { await self.run(event, on: component, payload: payload) }
    }

    private func run(_ event: String, on component: PageComponent, payload: PageValue) async -> ChainOutcome {
        if component.isHidden { return .ignored("'\(component.key ?? component.type.id)' is hidden") }
        if !component.isEnabled { return .ignored("'\(component.key ?? component.type.id)' is disabled") }
        let behaviour = component.type.eventHandlers[event], chain = component.node.interactions[event]
        guard behaviour != nil || chain != nil else { return .ignored("'\(component.key ?? component.type.id)' has no \(event) interaction") }
        draftPersonActed()
        let (ticket, refusal) = await enterInteraction("\(component.key ?? component.type.id).\(event)", component: component, submits: event == "onTap")
        guard let ticket else { return refusal ?? .cancelled }
        let outcome = await run(event, on: component, payload: payload, behaviour: behaviour, chain: chain, ticket: ticket)
        ticket.end()
        return outcome
    }

    /// `fire` once the run is let in: the behaviour, then the chain.
    private func run(_ event: String, on component: PageComponent, payload: PageValue, behaviour: ComponentEventHandler?, chain: [ActionNode]?, ticket: InteractionTicket) async -> ChainOutcome {
        var payload = payload
        if let behaviour {
            do {
                guard let value = try await behaviour(ComponentEventContext(session: self, component: component, event: event)) else { return .cancelled }
                payload = value
            } catch is ChainCancelled {
                return .cancelled
            } catch {
                let failure = ChainRunner.failure(from: error, typeID: component.type.id, path: component.node.path)
                return await launchFailure(failure, component: component)
            }
        }
        guard let chain else { return .completed(payload) }
        return await launch(chain, event: payload, component: component, name: "\(component.key ?? component.type.id).\(event)", ticket: ticket)
    }

    private func launchFailure(_ failure: PageValue, component: PageComponent) async -> ChainOutcome {
        let handler = await runner.handle(failure, handlers: document.onError, in: self, component: component, budget: InteractionBudget(limit: engine.limits.actionsPerInteraction))
        return .failed(error: failure, handledBy: handler)
    }

    /// Taps `component` (fires `onTap`).
    @discardableResult
    public func tap(_ component: PageComponent) async -> ChainOutcome {
        await fire("onTap", on: component)
    }

    // MARK: - Edits

    /// A person changed an input: writes through a two-way binding (or the component's own state
    /// when the attribute is a literal), validates if the component says `validateOn: change`,
    /// then fires `onChange` with `$event` = `{value, oldValue}`.
    ///
    /// Throws `PageError` when the attribute can't be edited: not editable for its type, computed
    /// by an expression (one-way), or the component is disabled.
    @discardableResult
    public func edit(_ component: PageComponent, _ attribute: String? = nil, to value: PageValue) async throws(PageError) -> ChainOutcome {
        let result: Result<ChainOutcome, PageError> = await engine.activity.entering {
            do throws(PageError) {
                return .success(try await self.apply(edit: value, to: component, attribute))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func apply(edit value: PageValue, to component: PageComponent, _ attribute: String?) async throws(PageError) -> ChainOutcome {
        let label = component.key.map { "'\($0)'" } ?? component.type.id
        guard let name = attribute ?? component.type.valueAttribute else {
            throw PageError(.error("edit", component.node.path, "\(label) (\(component.type.id)) has no value a person can edit"))
        }
        guard let spec = component.type.attribute(name), spec.twoWay else {
            throw PageError(.error("edit", component.node.path, "the attribute '\(name)' of \(label) can't be edited by a person; only two-way attributes such as an input's value can"))
        }
        if !component.isEnabled { throw PageError(.error("edit", component.node.path, "\(label) is disabled, so it can't be edited")) }
        let oldValue = component.attributes[name] ?? .null
        var newValue = spec.type.coerce(value)
        if let coercion = component.type.valueCoercion, name == component.type.valueAttribute {
            do throws(ComponentValueRefusal) {
                newValue = try coercion(newValue, component.attributes)
            } catch {
                throw PageError(.error("edit", component.node.path, "\(label) \(error.message)"))
            }
        }
        if !spec.type.accepts(newValue) {
            throw PageError(.error("edit", component.node.path, "\(label) takes \(Wording.withArticle(spec.type.rawValue)), not \(newValue.typeName) \(newValue.preview())"))
        }
        let attributeNode = component.node.attributes[name]
        draftPersonActed()
        switch attributeNode?.content {
        case .expression(let expression)?:
            guard let path = expression.assignablePath ?? expression.itemPath.flatMap({ component.itemPath?.appending(contentsOf: $0) }) else {
                let why: String
                switch expression.plainPath?.root {
                case _ where expression.itemPath != nil:
                    why = "it reads \(expression.source), but the list it is in takes its items from an expression, not a plain path, so there is no element to write"
                    throw PageError(.error("edit", attributeNode?.path ?? component.node.path, "\(label) can't be edited because \(why); bind the list's items to a plain path such as $data.lines"))
                case .param?: why = "it reads $param, which is read-only"
                case .computed?: why = "it reads \(expression.source), which the page computes under \"computed\""
                case .page?: why = "it reads \(expression.source), which is the page's own state"
                default: why = "it is computed by the expression \(expression.source), which binds one way"
                }
                throw PageError(.error("edit", attributeNode?.path ?? component.node.path, "\(label) can't be edited because \(why); bind it to a plain path such as $data.\(component.key ?? "value")"))
            }
            do {
                let batch = WriteBatch()
                try write(newValue, at: path, into: batch, from: component)
                try commit(batch)
            } catch {
                throw PageError(.error("edit", attributeNode?.path ?? component.node.path, "writing \(path) failed: \(error)"))
            }
        case .template?:
            throw PageError(.error("edit", attributeNode?.path ?? component.node.path, "\(label) shows a template, which binds one way; bind it to a plain path such as $data.\(component.key ?? "value")"))
        default:
            component.setAttribute(name, to: newValue)
            component.notify(PageComponentChange(attributes: [name], childrenChanged: false, validationChanged: false))
        }
        record(.event, assigning: newValue, to: .edit(component: component.key ?? component.type.id, attribute: name))
        // The server's message on this field was about the old value.
        if component.errorIsFromServer { component.showError(nil, fromServer: false) }
        // Re-check the other live-validated fields already checked once, whatever was edited, so
        // a rule across fields (threshold ≥ minimum order) follows an edit of either side, even
        // when that side is only validated on submit.
        // NB: only the components validated so far are considered (a list kept by `validate`), so an
        // edit doesn't walk the whole page.
        liveValidated.removeAll { $0.isDisposed }
        let live = component.validatesOnChange
        let others = liveValidated.filter { $0 !== component && $0.validatesOnChange }
        if live || !others.isEmpty { await validate((live ? [component] : []) + others) }
        guard component.node.interactions["onChange"] != nil else { return .completed(newValue) }
        return await fire("onChange", on: component, payload: .object(PageObject([("value", newValue), ("oldValue", oldValue)])))
    }

    // MARK: - Validation

    /// Runs the validations of `components` (default: all visible ones) and sets each one's
    /// `validationError`. Returns key → message for those that failed.
    ///
    /// Asynchronous checks (a host validation marked `isAsync`) are waited for, with the page
    /// busy meanwhile; when the same component is checked again before an earlier check
    /// settles, only the latest check's answer is shown.
    @discardableResult
    public func validate(_ components: [PageComponent]? = nil) async -> [(component: PageComponent, message: String)] {
        let targets = components ?? allComponents
        var failures: [(PageComponent, String)] = []
        for component in targets where !component.node.validations.isEmpty {
            if !component.hasBeenValidated {
                component.hasBeenValidated = true
                liveValidated.append(component)
            }
            component.validationRound += 1
            let round = component.validationRound
            let message = component.isHidden ? nil : await firstFailure(of: component)
            if round == component.validationRound, !component.isDisposed {
                component.showError(message, fromServer: false)
            }
            if let message {
                failures.append((component, message))
                record(.validation, "\(component.key ?? component.type.id): \(message)")
            }
        }
        return failures
    }

    private func firstFailure(of component: PageComponent) async -> String? {
        for node in component.node.validations {
            guard let type = engine.registry.validations[node.typeID] else {
                // NB: the message is shown under the field: a sentence for the person; the host gets why.
                send(.diagnostic(.error("unknown-id", node.path, engine.registry.unknownMessage(engine.registry.validations, node.typeID))))
                return "This can't be checked in this version of the app."
            }
            let context = ValidationContext(session: self, component: component, typeID: node.typeID, attributes: node.attributes, specs: type.attributes)
            do {
                // NB: a type declaring its own `when` or `message` keeps it; the engine reads neither.
                guard try !type.engineReads("when") || context.bool("when") else { continue }
                guard let builtInMessage = try await check(type, context) else { continue }
                guard type.engineReads("message"), context.has("message") else { return builtInMessage }
                return try context.string("message") ?? builtInMessage
            } catch {
                send(.diagnostic(.error("validation", node.path, "the validation '\(node.typeID)' of \(component.key.map { "'\($0)'" } ?? component.type.id) can't be checked: \(error)")))
                return "This value can't be checked."
            }
        }
        return nil
    }

    /// Runs one check; an asynchronous one counts as busy (`$page.busy`) until it settles.
    private func check(_ type: ValidationType, _ context: ValidationContext) async throws -> String? {
        guard type.isAsync else { return try await type.check(context) }
        noteAsyncCheck(+1)
        do {
            let message = try await type.check(context)
            noteAsyncCheck(-1)
            return message
        } catch {
            noteAsyncCheck(-1)
            throw error
        }
    }
}
