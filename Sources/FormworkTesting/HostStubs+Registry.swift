import Formwork

extension HostStubs {
    /// `registry` — an app's real one — with the app's own actions, error handlers and
    /// validations (`Registry.hostTypeIDs`, an override of a built-in included) wrapped so that:
    ///
    /// - every run of an action or error handler is recorded, for `host.NAME` in flows, exactly as
    ///   when the types are only described by the registry file;
    /// - a stub the flow gives for one of them answers in place of its Swift code; without one,
    ///   the app's code runs.
    ///
    /// So a flow reads and passes the same with the app's registry file (the CLI) and with the
    /// app's types (a Swift test). NB: the app's functions run as they are: they are pure, and
    /// their answers are what the stubs stand for.
    @MainActor func recording(_ registry: Registry) -> Registry {
        var wrapped = registry
        // NB: `wrap` keeps what the app stated about each type (`overriding:`, `replacing:`).
        for id in registry.actions.ids where registry.actions.isApps(id) {
            wrapped.actions.wrap(id) { type in
                ActionType(type.id, attributes: type.attributes, summary: type.summary) { [self] context in
                    record(type.id, HostStubs.attributes(context))
                    if let answer = try answerAction(type.id) { return answer }
                    return try await type.run(context)
                }
            }
        }
        for id in registry.errorHandlers.ids where registry.errorHandlers.isApps(id) {
            wrapped.errorHandlers.wrap(id) { type in
                ErrorHandlerType(type.id, attributes: type.attributes, summary: type.summary) { [self] context in
                    let common = ErrorHandlerType.commonAttributes.filter { type.engineReads($0.name) }
                    record(type.id, HostStubs.attributes(context, leaving: common))
                    try await type.handle(context)
                }
            }
        }
        for id in registry.validations.ids where registry.validations.isApps(id) {
            wrapped.validations.wrap(id) { type in
                ValidationType(type.id, attributes: type.attributes, summary: type.summary, isAsync: type.isAsync) { [self] context in
                    if has(.validation, type.id) { return answerValidation(type.id, value: context.value) }
                    return try await type.check(context)
                }
            }
        }
        return wrapped
    }
}
