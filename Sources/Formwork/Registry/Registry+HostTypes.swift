/// What a registry adds to the built-ins, so delivery can tell "the app lacks this type" from
/// "this was given the built-ins only" (an app that forgot to pass its registry).
extension Registry {
    /// The ids of the app's own types and functions: those registered by the app, including one
    /// that overrides a built-in of the same id (`overriding: .builtIn(…)`).
    ///
    /// ```swift
    /// Registry.standard.hostTypeIDs.isEmpty   // true
    /// appRegistry.hostTypeIDs.sentence        // "component 'rating' and action 'analytics'"
    /// ```
    public var hostTypeIDs: RegistryIDs {
        RegistryIDs(components: components.ids.filter(components.isApps),
                    actions: actions.ids.filter(actions.isApps),
                    validations: validations.ids.filter(validations.isApps),
                    errorHandlers: errorHandlers.ids.filter(errorHandlers.isApps),
                    functions: functions.names.filter(functions.isApps))
    }

    /// Why a page needing `missing` can't be had, in words for the app developer: the app lacks
    /// the types, or — when this registry has nothing beyond the built-ins — `user` was most
    /// likely given the wrong registry.
    ///
    /// ```
    /// needs action 'analytics', which this app doesn't have
    /// needs action 'analytics', but the registry given to PageSync has only the built-in types, none of the app's own: give it the registry the app's engine uses (engine.pageSync(…), or registry: engine.registry)
    /// ```
    func lacking(_ missing: RegistryIDs, user: String, fix: String) -> String {
        guard hostTypeIDs.isEmpty else { return "needs \(missing.sentence), which this app doesn't have" }
        let advice = unknownAdvice == Registry.defaultUnknownAdvice ? "give it the registry the app's engine uses (\(fix))" : unknownAdvice
        return "needs \(missing.sentence), but the registry given to \(user) has only the built-in types, none of the app's own: \(advice)"
    }
}
