/// Expanding a use of a block into ordinary components, and a named chain into its actions, when
/// the page is read: the runtime, bindings, flows and hosts then see components with scoped keys.
extension PageDecoder {
    /// Members a use of a block may have.
    static let blockUseMembers = ["id", "key", "attributes", "interactions", "description"]

    // MARK: - Uses of blocks

    /// The components of one use of `definition` at `path`: a `group` keyed by the instance's
    /// name, marked with the block, holding the block's components read with the use's attributes.
    mutating func expandBlock(_ use: PageObject, definition: BlockDefinition, path: String) -> ComponentNode? {
        checkMembers(use, allowed: PageDecoder.blockUseMembers, path: path, what: "a use of the block '\(definition.id)'")
        let qualified = definition.qualifiedID
        if let start = blocks.stack.firstIndex(of: qualified) {
            let cycle = (blocks.stack[start...] + [qualified]).joined(separator: " → ")
            error("block", PageDecoder.join(path, "id"), "the block '\(definition.id)' uses itself (\(cycle)), so it would never end; break the cycle")
            return nil
        }
        if blocks.stack.count >= limits.blockDepth {
            error("limit", PageDecoder.join(path, "id"), "blocks are used inside blocks more than \(limits.blockDepth) levels deep here (\(blocks.stack.joined(separator: " → ")) → \(qualified)), past the blockDepth limit")
            return nil
        }
        var local = definition.id
        if let rawKey = use["key"] {
            if case .string(let s) = rawKey, !s.isEmpty { local = s } else { error("type", PageDecoder.join(path, "key"), "\"key\" must be a non-empty string naming this use of the block") }
        }
        let instance = blocks.context.map { "\($0.instance).\(local)" } ?? local
        let (trees, common) = decodeBlockUseAttributes(use["attributes"], definition: definition, owner: path)
        var interactions: [String: [ActionNode]] = [:]
        if let raw = use["interactions"] {
            let interactionsPath = PageDecoder.join(path, "interactions")
            if case .object(let table) = raw {
                for name in table.keys where !definition.events.contains(name) {
                    let hint = Suggestions.nearest(to: name, in: definition.events).map { "; did you mean '\($0)'?" }
                        ?? (definition.events.isEmpty ? "; it raises none" : "; its events are " + definition.events.joined(separator: ", "))
                    error("interaction", PageDecoder.join(interactionsPath, name), "the block '\(definition.id)' has no event '\(name)'" + hint)
                }
            }
            // NB: reported here in the block's words; the checker sees only the declared ones.
            interactions = decodeInteractions(raw, path: interactionsPath).filter { definition.events.contains($0.key) }
        }
        let scope = BlockExpressionScope(blockID: definition.id, attributes: trees, declared: definition.attributes.map(\.name), instance: instance)
        let outermost = blocks.usePath == nil
        if outermost { blocks.usePath = path }
        let children = readBody(of: definition, context: BlockContext(definition: definition, scope: scope))
        if outermost { blocks.usePath = nil }
        let block = BlockInstance(blockID: definition.id, library: definition.origin.library, instance: instance, initialState: definition.data, events: definition.events)
        return ComponentNode(typeID: "group", key: instance, attributes: AttributeList(common), validations: [], interactions: interactions, children: children, fallback: nil, path: path, block: block)
    }

    /// Reads `definition`'s components with `context` (its attributes, its instance), in the
    /// namespace of where it is defined, and puts the decoder back as it was.
    private mutating func readBody(of definition: BlockDefinition, context: BlockContext) -> [ComponentNode] {
        let saved = (blocks.namespace, blocks.context, blocks.rowDepth)
        if let library = definition.origin.library, let namespace = libraryNamespace(library) { blocks.namespace = namespace }
        blocks.context = context
        blocks.rowDepth = 0
        blocks.stack.append(definition.qualifiedID)
        defer {
            blocks.stack.removeLast()
            (blocks.namespace, blocks.context, blocks.rowDepth) = saved
        }
        return decodeComponents(definition.components, path: PageDecoder.join(definition.path, "components"))
    }

    /// What a library's own blocks and chains can use: its own, then the libraries it names.
    private func libraryNamespace(_ id: String) -> BlockNamespace? {
        guard let library = blocks.used[id] else { return nil }
        var namespace = BlockNamespace()
        namespace.own = (library.blocks, library.chains, library.handlers)
        namespace.libraries = library.requires.keys.sorted().compactMap { blocks.used[$0] }
        return namespace
    }

    /// The use's attributes: each declared one as the tree `$attr.NAME` stands for (the use's
    /// expression, template or literal; else the default; else null), and the engine's own
    /// (`hidden`, `enabled`) as attributes of the instance's group.
    private mutating func decodeBlockUseAttributes(_ value: PageValue?, definition: BlockDefinition, owner: String) -> (trees: [String: Expr], common: [AttributeNode]) {
        var given: [(name: String, raw: PageValue, path: String)] = []
        switch value {
        case nil: break
        case .object(let object)?:
            for (name, raw) in object { given.append((name, raw, PageDecoder.join(owner, "attributes", name, nil))) }
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                let itemPath = PageDecoder.join(PageDecoder.join(owner, "attributes"), index)
                guard case .object(let object) = item, case .string(let name)? = object["name"], let raw = object["value"] else {
                    error("structure", itemPath, "an attribute must be an object like { \"name\": \"title\", \"mode\": \"literal\", \"value\": \"Name\" }")
                    continue
                }
                let mode = object["mode"]?.stringValue ?? "literal"
                given.append((name, mode == "literal" ? raw : .object(PageObject([(mode == "template" ? "template" : "expr", raw)])), PageDecoder.join(itemPath, "value")))
            }
        default:
            error("type", PageDecoder.join(owner, "attributes"), "\"attributes\" must be an object of name → value")
        }
        var trees: [String: Expr] = [:]
        var common: [AttributeNode] = []
        let declared = definition.attributes.map(\.name)
        for (name, raw, path) in given {
            if let spec = ComponentType.commonAttributes.first(where: { $0.name == name }) {
                if let node = decodeLooseAttribute(name: name, raw: raw, type: spec.type, owner: owner) { common.append(node) }
                continue
            }
            guard let spec = definition.attributes.first(where: { $0.name == name }) else {
                let hint = Suggestions.nearest(to: name, in: declared).map { "; did you mean '\($0)'?" }
                    ?? (declared.isEmpty ? "; it declares none" : "; its attributes are " + declared.joined(separator: ", "))
                error("unknown-attribute", path, "the block '\(definition.id)' has no attribute '\(name)'" + hint)
                continue
            }
            if let tree = attributeTree(name: name, raw: raw, spec: spec, block: definition.id, path: path) { trees[name] = tree }
        }
        for spec in definition.attributes where trees[spec.name] == nil {
            if spec.required && !given.contains(where: { $0.name == spec.name }) {
                error("structure", PageDecoder.join(owner, "attributes"), "the block '\(definition.id)' needs the attribute '\(spec.name)' (\(spec.type.rawValue))")
            }
            trees[spec.name] = Expr(kind: .literal(spec.defaultValue), range: SourceRange(start: 0, end: 0))
        }
        return (trees, common)
    }

    /// One attribute of a use as a tree: a literal checked against the declared type, or the
    /// use's expression or template parsed where the use is written (so inside another block,
    /// its `$attr` and `$state` are that block's).
    private mutating func attributeTree(name: String, raw: PageValue, spec: AttributeSpec, block: String, path: String) -> Expr? {
        var mode = "literal", text: PageValue = raw, at = path
        // NB: a localized value given to a block is the `text()` call it stands for (`Locales/`).
        if spec.type == .string, PageDecoder.isLocalized(raw) {
            guard let source = localizedSource(raw, path: path) else { return nil }
            mode = "expr"
            text = .string(source)
        } else if case .object(let object) = raw, object.count == 1, let key = object.keys.first, key == "expr" || key == "template", let inner = object[key] {
            mode = key
            text = inner
            at = PageDecoder.join(path, key)
        }
        guard mode != "literal" else {
            if !spec.type.accepts(raw) {
                error("type", path, "the attribute '\(name)' of the block '\(block)' is \(Wording.withArticle(spec.type.rawValue)), but the literal \(raw.preview()) is \(Wording.withArticle(raw.typeName))")
                return nil
            }
            return Expr(kind: .literal(spec.type.coerce(raw)), range: SourceRange(start: 0, end: 0))
        }
        guard case .string(let source) = text else {
            error("type", at, "\(Wording.withArticle(mode == "expr" ? "expression" : "template")) must be written as a string, like \"$data.name\"")
            return nil
        }
        do {
            let tree = try CompiledExpression.parse(source, isTemplate: mode == "template", functions: registry.functions, limits: limits, block: blockScope)
            if blocks.context == nil, tree.reads(.state) { error("expression", at, PageDecoder.stateOutsideBlock) }
            if spec.twoWay, mode == "expr", DependencyAnalysis.plainPath(tree) == nil, DependencyAnalysis.itemPath(tree) == nil {
                diagnostics.append(.warning("read-only", at, "the block '\(block)' writes edits back through '\(name)', but \(source) is computed, so its inputs can't be edited; give it a plain path like $data.\(name)"))
            }
            return tree
        } catch {
            self.error("expression", at, error.message, expression: error)
            return nil
        }
    }

    /// What `$attr` and `$state` mean where the decoder is (nil outside blocks).
    var blockScope: BlockExpressionScope? {
        guard var scope = blocks.context?.scope else { return nil }
        scope.insideOwnRows = blocks.rowDepth > 0
        return scope
    }

    static let stateInNamedChain = "$state is a block's own state, and a named chain means the same wherever it is used, so it can't read or write it; pass what it needs as $event or $result, or write these actions in the block"

    static let stateOutsideBlock = "$state is a block's own state; only the components of a block can read or write it (a page keeps its state in $data)"

    /// Counts one more component built from a block against `blockComponents`; false (reported
    /// once) when the page is over it.
    mutating func countBlockComponent(at path: String) -> Bool {
        guard blocks.context != nil else { return true }
        blocks.built += 1
        guard blocks.built > limits.blockComponents else { return true }
        if !blocks.overBudget {
            blocks.overBudget = true
            error("limit", blocks.usePath ?? path, "the blocks on this page build more than \(PageLimits.grouped(limits.blockComponents)) components (the blockComponents limit); use fewer blocks, or smaller ones")
        }
        return false
    }

    // MARK: - What a name in a block's components means

    /// A literal that names something, read inside a block: a store path `$attr.value.street` or
    /// `$state.open` becomes the path it stands for, a component key gets the instance's prefix,
    /// and an event must be one the block raises. Outside blocks, `$state` is refused.
    mutating func resolveNames(_ node: AttributeNode, role: AttributeRole) -> AttributeNode {
        guard case .literal(let value) = node.content else { return node }
        func replaced(_ value: PageValue) -> AttributeNode {
            node.replacing(content: .literal(value))
        }
        switch role {
        case .storePath:
            guard case .string(let text) = value else { return node }
            guard blocks.context != nil else {
                if blocks.namedInBlock, text == "$state" || text.hasPrefix("$state.") || text.hasPrefix("$state[") { error("expression", node.path, PageDecoder.stateInNamedChain) }
                return node
            }
            do {
                let tree = try CompiledExpression.parse(text, isTemplate: false, functions: registry.functions, limits: limits, block: blockScope)
                guard let path = DependencyAnalysis.plainPath(tree) else {
                    error("type", node.path, "'\(text)' is not a plain path to write; inside a block write $state.NAME, or $attr.NAME… for an attribute the page gives as a plain path")
                    return node
                }
                return replaced(.string(path.description))
            } catch {
                self.error("expression", node.path, error.message, expression: error)
                return node
            }
        case .componentKeys:
            guard let context = blocks.context else { return node }
            switch value {
            case .string(let key): return replaced(.string("\(context.instance).\(key)"))
            case .array(let keys): return replaced(.array(keys.map { $0.stringValue.map { .string("\(context.instance).\($0)") } ?? $0 }))
            default: return node
            }
        case .blockEvent:
            guard case .string(let event) = value else { return node }
            guard let context = blocks.context else {
                error("interaction", node.path, "'\(event)' can only be raised by the components of a block, for the page using it to handle")
                return node
            }
            let events = context.definition.events
            if !events.contains(event) {
                let hint = Suggestions.nearest(to: event, in: events).map { "; did you mean '\($0)'?" } ?? "; declare it under the block's \"events\""
                error("interaction", node.path, "the block '\(context.definition.id)' has no event '\(event)'" + hint)
            }
            return node
        case .value, .interactionName, .pageID:
            return node
        }
    }

    // MARK: - Named chains

    /// `{ "use": "sign-in-and-retry" }` in a chain (`handlers` false) or an `onError` list: the
    /// named chain's items read in place, as if written here. Nil when it can't be used.
    mutating func namedItems(_ object: PageObject, path: String, handlers: Bool) -> (items: PageValue, path: String, origin: BlockOrigin)? {
        checkMembers(object, allowed: ["use", "description"], path: path, what: handlers ? "a use of a handler list" : "a use of a chain")
        guard case .string(let name)? = object["use"] else {
            error("type", PageDecoder.join(path, "use"), "\"use\" names a chain from \"\(handlers ? "handlers" : "chains")\", like \"sign-in-and-retry\"")
            return nil
        }
        let what = handlers ? "handler list" : "chain"
        let found = handlers ? blocks.namespace.handlers(name) : blocks.namespace.chain(name)
        switch found {
        case .found(let named):
            let qualified = named.origin.library.map { "\($0)/\(named.name)" } ?? named.name
            if blocks.chainStack.contains(qualified) {
                error("block", PageDecoder.join(path, "use"), "the \(what) '\(name)' uses itself (\((blocks.chainStack + [qualified]).joined(separator: " → "))), so it would never end")
                return nil
            }
            if blocks.chainStack.count >= limits.blockDepth {
                error("limit", PageDecoder.join(path, "use"), "named chains are used inside each other more than \(limits.blockDepth) levels deep (the blockDepth limit)")
                return nil
            }
            return (named.items, named.path, named.origin)
        case .ambiguous(let names):
            error("block", PageDecoder.join(path, "use"), "more than one library has a \(what) '\(name)'; name the one meant: " + names.joined(separator: " or "))
        case .missing:
            let names = handlers ? blocks.namespace.handlerNames : blocks.namespace.chainNames
            let hint = Suggestions.nearest(to: name, in: names).map { "; did you mean '\($0)'?" }
                ?? "; define it under the page's \"\(handlers ? "handlers" : "chains")\", or in a library the page names under \"libraries\""
            error("block", PageDecoder.join(path, "use"), "there is no \(what) '\(name)'" + hint)
        }
        return nil
    }

    /// Reads a named chain's (or handler list's) items in the namespace where it is defined,
    /// outside any block's instance (a named chain means the same wherever it is used).
    mutating func readNamed<T>(_ named: (items: PageValue, path: String, origin: BlockOrigin), name: String, _ read: (inout PageDecoder, PageValue, String) -> [T]) -> [T] {
        let saved = (blocks.namespace, blocks.context, blocks.rowDepth, blocks.namedInBlock)
        if let library = named.origin.library, let namespace = libraryNamespace(library) { blocks.namespace = namespace }
        blocks.namedInBlock = blocks.namedInBlock || blocks.context != nil
        blocks.context = nil
        blocks.rowDepth = 0
        blocks.chainStack.append(named.origin.library.map { "\($0)/\(name)" } ?? name)
        defer {
            blocks.chainStack.removeLast()
            (blocks.namespace, blocks.context, blocks.rowDepth, blocks.namedInBlock) = saved
        }
        return read(&self, named.items, named.path)
    }
}

// MARK: - Checking definitions on their own

extension PageDecoder {
    /// Each of `definitions` read once with stand-ins for its attributes, so `check` finds what is
    /// wrong inside a block even where no page uses it (and reports it once, not per use). A
    /// two-way attribute stands in as a plain path, the others as values known only when it runs.
    mutating func definitionChecks(_ definitions: [BlockDefinition]) -> [ComponentNode] {
        let built = blocks.built
        defer { blocks.built = built }
        return definitions.sorted { $0.id < $1.id }.map { definition in
            let none = SourceRange(start: 0, end: 0)
            var trees: [String: Expr] = [:]
            for spec in definition.attributes {
                let base = Expr(kind: .variable(spec.twoWay ? .data : .event), range: none)
                trees[spec.name] = Expr(kind: .member(base, spec.name), range: none)
            }
            let scope = BlockExpressionScope(blockID: definition.id, attributes: trees, declared: definition.attributes.map(\.name), instance: definition.id)
            let children = readBody(of: definition, context: BlockContext(definition: definition, scope: scope))
            let block = BlockInstance(blockID: definition.id, library: definition.origin.library, instance: definition.id, initialState: definition.data, events: definition.events)
            return ComponentNode(typeID: "group", key: definition.id, attributes: AttributeList([]), validations: [], interactions: [:], children: children, fallback: nil, path: definition.path, block: block)
        }
    }

    /// A library's named chains and handler lists read once, each as if used by a page.
    mutating func namedChainChecks(_ library: BlockLibrary) -> (chains: [String: [ActionNode]], handlers: [HandlerNode]) {
        var chains: [String: [ActionNode]] = [:]
        var handlers: [HandlerNode] = []
        for (name, chain) in library.chains.sorted(by: { $0.key < $1.key }) {
            chains["\(library.id)/\(name)"] = readNamed((chain.items, chain.path, chain.origin), name: name) { decoder, items, path in decoder.decodeActions(items, path: path) }
        }
        for (name, list) in library.handlers.sorted(by: { $0.key < $1.key }) {
            handlers += readNamed((list.items, list.path, list.origin), name: name) { decoder, items, path in decoder.decodeHandlers(items, path: path) }
        }
        return (chains, handlers)
    }
}
