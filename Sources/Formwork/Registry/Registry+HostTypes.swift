/// What a registry adds to the built-ins, so delivery can tell "the app lacks this type" from
/// "this was given the built-ins only" (an app that forgot to pass its registry).
extension Registry {
    /// The ids this registry has that `Registry.standard` doesn't: the app's own types.
    ///
    /// ```swift
    /// Registry.standard.hostTypeIDs.isEmpty   // true
    /// appRegistry.hostTypeIDs.sentence        // "component 'rating' and action 'analytics'"
    /// ```
    public var hostTypeIDs: RegistryIDs {
        let standard = Registry.standard
        return RegistryIDs(components: components.ids.filter { standard.components[$0] == nil },
                           actions: actions.ids.filter { standard.actions[$0] == nil },
                           validations: validations.ids.filter { standard.validations[$0] == nil },
                           errorHandlers: errorHandlers.ids.filter { standard.errorHandlers[$0] == nil },
                           functions: functions.names.filter { standard.functions[$0] == nil })
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
