/// What a person (or a host acting for them) does to a page: edit an input, tap, trigger a
/// named interaction, validate.
extension PageSession {
    // MARK: - Lifecycle

    /// Runs `appear` (the page became visible). Hosts call this; `loaded` runs by itself at open.
    @discardableResult
    public func appear() async -> ChainOutcome { await trigger("appear") }

    /// Runs `disappear`.
    @discardableResult
    public func disappear() async -> ChainOutcome { await trigger("disappear") }

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
        return await launch(chain, event: event, component: nil, name: name)
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
        var payload = payload
        if let behaviour = component.type.eventHandlers[event] {
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
        guard let chain = component.node.interactions[event] else {
            return component.type.eventHandlers[event] != nil ? .completed(payload) : .ignored("'\(component.key ?? component.type.id)' has no \(event) interaction")
        }
        return await launch(chain, event: payload, component: component, name: "\(component.key ?? component.type.id).\(event)")
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
        let newValue = spec.type.coerce(value)
        if !spec.type.accepts(newValue) {
            throw PageError(.error("edit", component.node.path, "\(label) takes \(Wording.withArticle(spec.type.rawValue)), not \(newValue.typeName) \(newValue.preview())"))
        }
        let attributeNode = component.node.attributes[name]
        switch attributeNode?.content {
        case .expression(let expression)?:
            guard let path = expression.assignablePath else {
                let why = expression.plainPath?.root == .param ? "it reads $param, which is read-only" : "it is computed by the expression \(expression.source), which binds one way"
                throw PageError(.error("edit", attributeNode?.path ?? component.node.path, "\(label) can't be edited because \(why); bind it to a plain path such as $data.\(component.key ?? "value")"))
            }
            do {
                try set(newValue, at: path)
            } catch {
                throw PageError(.error("edit", attributeNode?.path ?? component.node.path, "writing \(path) failed: \(error)"))
            }
        case .template?:
            throw PageError(.error("edit", attributeNode?.path ?? component.node.path, "\(label) shows a template, which binds one way; bind it to a plain path such as $data.\(component.key ?? "value")"))
        default:
            component.attributes[name] = newValue
            component.notify(PageComponentChange(attributes: [name], childrenChanged: false, validationChanged: false))
        }
        record(.event, "edit \(component.key ?? component.type.id).\(name) = \(tracePreview(newValue))")
        // Re-check the other live-validated fields already checked once, whatever was edited, so
        // a rule across fields (threshold ≥ minimum order) follows an edit of either side, even
        // when that side is only validated on submit.
        // NB: only the components validated so far are considered (a list kept by `validate`), so an
        // edit doesn't walk the whole page.
        liveValidated.removeAll { $0.isDisposed }
        let live = component.validatesOnChange
        let others = liveValidated.filter { $0 !== component && $0.validatesOnChange }
        if live || !others.isEmpty { validate((live ? [component] : []) + others) }
        guard component.node.interactions["onChange"] != nil else { return .completed(newValue) }
        return await fire("onChange", on: component, payload: .object(PageObject([("value", newValue), ("oldValue", oldValue)])))
    }

    // MARK: - Validation

    /// Runs the validations of `components` (default: all visible ones) and sets each one's
    /// `validationError`. Returns key → message for those that failed.
    @discardableResult
    public func validate(_ components: [PageComponent]? = nil) -> [(component: PageComponent, message: String)] {
        let targets = components ?? allComponents
        var failures: [(PageComponent, String)] = []
        for component in targets where !component.node.validations.isEmpty {
            if !component.hasBeenValidated {
                component.hasBeenValidated = true
                liveValidated.append(component)
            }
            let message = component.isHidden ? nil : firstFailure(of: component)
            if message != component.validationError {
                component.validationError = message
                component.notify(PageComponentChange(attributes: [], childrenChanged: false, validationChanged: true))
            }
            if let message {
                failures.append((component, message))
                record(.validation, "\(component.key ?? component.type.id): \(message)")
            }
        }
        return failures
    }

    private func firstFailure(of component: PageComponent) -> String? {
        for node in component.node.validations {
            guard let type = engine.registry.validations[node.typeID] else {
                // NB: the message is shown under the field: a sentence for the person; the host gets why.
                engine.host.report?(.diagnostic(.error("unknown-id", node.path, engine.registry.unknownMessage(engine.registry.validations, node.typeID))))
                return "This can't be checked in this version of the app."
            }
            let context = ValidationContext(session: self, component: component, typeID: node.typeID, attributes: node.attributes, specs: type.attributes)
            do {
                guard try context.bool("when") else { continue }
                guard let builtInMessage = try type.check(context) else { continue }
                return context.has("message") ? (try context.string("message") ?? builtInMessage) : builtInMessage
            } catch {
                engine.host.report?(.diagnostic(.error("validation", node.path, "the validation '\(node.typeID)' of \(component.key.map { "'\($0)'" } ?? component.type.id) can't be checked: \(error)")))
                return "This value can't be checked."
            }
        }
        return nil
    }
}
