extension BlockLibrary {
    /// Every problem inside the library for this registry: each block read once with stand-ins
    /// for its attributes and checked like a page's components, each named chain and handler
    /// list checked like a page's, and the libraries it names resolved against `libraries`.
    ///
    /// ```swift
    /// kit.check(registry: engine.registry, libraries: engine.libraries).map(\.rendered)
    /// // ["lib/shop-kit.json: blocks.money-row.components[0].id: error: unknown component 'lable'; did you mean 'label'?"]
    /// ```
    ///
    /// - Parameters:
    ///   - registry: the types the blocks may use: the app's (`engine.registry`), or `.standard`
    ///     for the built-ins only.
    ///   - libraries: the libraries this one may name (`engine.libraries`), or `.empty`.
    ///   - limits: the budgets the blocks are checked against.
    public func check(registry: Registry, libraries: BlockCatalog, limits: PageLimits = .standard) -> [PageDiagnostic] {
        var diagnostics: [PageDiagnostic] = []
        if minEngineVersion > FormworkEngine.version {
            diagnostics.append(.error("engine", "minEngineVersion", "the library needs engine version \(minEngineVersion), but this engine is version \(FormworkEngine.version); lower minEngineVersion or update Formwork"))
        }
        let (document, decoder, needed, problems) = checkedDocument(registry: registry, libraries: libraries, limits: limits)
        for problem in problems { diagnostics.append(.error("library", "libraries." + problem.id, "the library " + problem.message)) }
        if writtenMembers.contains("minEngineVersion") {
            let required = engineRequirement(registry: registry, libraries: libraries)
            if minEngineVersion < required.version {
                diagnostics.append(.error("engine", "minEngineVersion", EngineRequirement.tooLow(what: "library", stated: minEngineVersion, required: required)))
            }
        }
        let used = [self] + needed
        var seen = Set<String>()
        let found = decoder.diagnostics.map { $0.located(file: file, locations: locations, libraries: used) }
            + document.check(registry: registry, knownPages: nil, limits: limits, interactionNames: false)
        return (diagnostics.map { $0.located(file: file, locations: locations, libraries: used) } + found).filter { seen.insert($0.rendered).inserted }
    }

    /// The library read as a document of its own (its blocks expanded with stand-ins, its chains
    /// and handlers as interactions), as `check` and `engineRequirement` see it.
    func checkedDocument(registry: Registry, libraries: BlockCatalog, limits: PageLimits)
        -> (document: PageDocument, decoder: PageDecoder, needed: [BlockLibrary], problems: [(id: String, message: String)]) {
        var decoder = PageDecoder(registry: registry, limits: limits, libraries: libraries)
        let (needed, problems) = libraries.resolve(requires)
        decoder.blocks.used[id] = self
        for library in needed { decoder.blocks.used[library.id] = library }
        decoder.blocks.namespace.own = (blocks, chains, handlers)
        decoder.blocks.namespace.libraries = requires.keys.sorted().compactMap { decoder.blocks.used[$0] }
        decoder.texts.defaultLocale = defaultLocale
        decoder.texts.messages = strings
        for library in needed {
            for (locale, table) in library.strings {
                for (key, message) in table where decoder.texts.messages[locale]?[key] == nil { decoder.texts.messages[locale, default: [:]][key] = message }
            }
        }
        let components = decoder.definitionChecks(Array(blocks.values))
        let (chains, handlers) = decoder.namedChainChecks(self)
        let document = PageDocument(
            id: id, version: version, minEngineVersion: minEngineVersion, title: nil, params: [], data: .object(PageObject()), computed: [], components: [],
            interactions: chains, onError: handlers, watchers: [], queued: [], blocks: [], libraries: [self] + needed, requiredLibraries: requires,
            blockChecks: components, file: file, keptSource: .null, locations: locations)
        return (document, decoder, needed, problems)
    }
}

// MARK: - Deprecated

extension BlockLibrary {
    /// The library checked with the built-in types only and no other libraries.
    @available(*, deprecated, message: "use check(registry:libraries:limits:) with the app's registry and libraries (engine.registry, engine.libraries; .standard and .empty for the built-ins only)")
    public func check(limits: PageLimits = .standard) -> [PageDiagnostic] {
        check(registry: .standard, libraries: .empty, limits: limits)
    }

    /// The library checked with `registry` and no other libraries.
    @available(*, deprecated, message: "use check(registry:libraries:limits:) naming the libraries (engine.libraries, or .empty for none)")
    public func check(registry: Registry, limits: PageLimits = .standard) -> [PageDiagnostic] {
        check(registry: registry, libraries: .empty, limits: limits)
    }

    /// The library checked with the built-in types only.
    @available(*, deprecated, message: "use check(registry:libraries:limits:) naming the registry (engine.registry, or .standard for the built-ins only)")
    public func check(libraries: BlockCatalog, limits: PageLimits = .standard) -> [PageDiagnostic] {
        check(registry: .standard, libraries: libraries, limits: limits)
    }
}
