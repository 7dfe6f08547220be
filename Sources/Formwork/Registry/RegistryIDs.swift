/// Ids by kind: components, actions, validations, error handlers and functions. What a page
/// needs beyond the built-ins (`PageDocument.requirements`, a manifest's `requires`), what a
/// registry description adds to them (`RegistryDescription.hostTypes`), and what an app lacks.
///
/// ```swift
/// let needs = document.requirements()          // {"actions": ["analytics"], "functions": ["currency"]}
/// needs.missing(from: .standard).sentence      // "action 'analytics' and function 'currency'"
/// ```
public struct RegistryIDs: Sendable, Equatable {
    /// Component ids, sorted.
    public var components: [String]
    /// Action ids, sorted.
    public var actions: [String]
    /// Validation ids, sorted.
    public var validations: [String]
    /// Error handler ids, sorted.
    public var errorHandlers: [String]
    /// Function names, sorted.
    public var functions: [String]

    /// The kinds in the order they are listed, with their JSON member and the word for one id.
    public static var kinds: [(member: String, word: String, ids: WritableKeyPath<RegistryIDs, [String]>)] {
        [
            ("components", "component", \.components), ("actions", "action", \.actions), ("validations", "validation", \.validations),
            ("errorHandlers", "error handler", \.errorHandlers), ("functions", "function", \.functions),
        ]
    }

    /// Each list is sorted and without repeats.
    public init(components: [String] = [], actions: [String] = [], validations: [String] = [], errorHandlers: [String] = [], functions: [String] = []) {
        self.components = Array(Set(components)).sorted()
        self.actions = Array(Set(actions)).sorted()
        self.validations = Array(Set(validations)).sorted()
        self.errorHandlers = Array(Set(errorHandlers)).sorted()
        self.functions = Array(Set(functions)).sorted()
    }

    /// Whether there are no ids of any kind.
    public var isEmpty: Bool { RegistryIDs.kinds.allSatisfy { self[keyPath: $0.ids].isEmpty } }

    /// The ids `registry` doesn't have.
    public func missing(from registry: Registry) -> RegistryIDs {
        RegistryIDs(components: components.filter { registry.components[$0] == nil },
                    actions: actions.filter { registry.actions[$0] == nil },
                    validations: validations.filter { registry.validations[$0] == nil },
                    errorHandlers: errorHandlers.filter { registry.errorHandlers[$0] == nil },
                    functions: functions.filter { registry.functions[$0] == nil })
    }

    /// "action 'loyalty-points'", "component 'rating' and function 'currency'".
    public var sentence: String {
        let parts = RegistryIDs.kinds.flatMap { kind in self[keyPath: kind.ids].map { "\(kind.word) '\($0)'" } }
        return FunctionSignature.list(parts, "and")
    }

    // MARK: - JSON

    /// `{"actions": ["analytics"], "functions": ["currency"]}`: empty kinds left out.
    public var value: PageValue {
        .object(PageObject(RegistryIDs.kinds.compactMap { kind in
            let ids = self[keyPath: kind.ids]
            return ids.isEmpty ? nil : (kind.member, .array(ids.map { .string($0) }))
        }))
    }

    /// Reads the form `value` writes; nil for anything else (a member that isn't a list of
    /// strings, an unknown kind).
    public init?(value: PageValue) {
        guard case .object(let object) = value else { return nil }
        var ids = RegistryIDs()
        for (key, member) in object {
            guard let kind = RegistryIDs.kinds.first(where: { $0.member == key }), case .array(let items) = member else { return nil }
            var names: [String] = []
            for item in items {
                guard case .string(let name) = item, !name.isEmpty else { return nil }
                names.append(name)
            }
            ids[keyPath: kind.ids] = Array(Set(names)).sorted()
        }
        self = ids
    }
}
