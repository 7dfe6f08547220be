/// The static checks `formwork check` runs on a decoded page against a registry: unknown ids and
/// attributes, attribute types, writes to `$param`, undeclared params, duplicate keys, events a
/// component doesn't have, interactions triggered but not defined, pushes to unknown pages, the
/// engine version, and the loops it can see (`LoopCheck`).
struct PageChecker {
    let registry: Registry
    let document: PageDocument
    /// Page ids known to exist (when checking a folder); nil to skip that check.
    let knownPages: Set<String>?
    let limits: PageLimits
    /// False for a library's blocks and chains, checked on their own: the page interactions they
    /// trigger are the pages' (checked with each page that uses them).
    var checksInteractionNames = true
    private(set) var diagnostics: [PageDiagnostic] = []
    private var keys: [String: String] = [:]
    private let declaredParams: Set<String>
    private let declaredComputed: [String]
    /// The lists enclosing the component being checked, innermost last: whether their rows can
    /// write `$item` back (their items are a plain path), or the expression that computes them.
    private var rows: [RowContext] = []
    /// How many block instances enclose the component being checked: `$state` is known only inside one.
    private var blockDepth = 0
    /// The `$data` paths the page provides, to warn about reads of others (outside blocks).
    private let dataPaths: DataPathCheck
    /// Whether components have `accessibility` at the registry's behaviour level (2 on).
    private let hasAccessibility: Bool
    /// The first members of `$data` the page's expressions read (`unused-data`, level 2).
    private var dataRead = UnusedDataCheck()

    private enum RowContext {
        case writable
        case computed(String)
    }

    init(registry: Registry, document: PageDocument, knownPages: Set<String>?, limits: PageLimits = .standard) {
        self.registry = registry
        self.document = document
        self.knownPages = knownPages
        self.limits = limits
        declaredParams = Set(document.params.map(\.name))
        declaredComputed = document.computed.map(\.name)
        dataPaths = DataPathCheck(document: document, registry: registry)
        hasAccessibility = registry.hasCommonAttribute("accessibility", kind: ComponentType.kindName)
    }

    /// `outboxSecure`, once made.
    private var outboxSecureCheck: OutboxSecureCheck?

    private mutating func error(_ code: String, _ path: String, _ message: String) {
        diagnostics.append(.error(code, path, message))
    }

    mutating func run() {
        if document.minEngineVersion > FormworkEngine.version {
            error("engine", "minEngineVersion", "the page needs engine version \(document.minEngineVersion), but this engine is version \(FormworkEngine.version); lower minEngineVersion or update Formwork")
        }
        // NB: only a stated one; left out, pack works it out (a library's is checked by BlockLibrary.check).
        if document.writtenMembers.contains("minEngineVersion") {
            let required = document.engineRequirement
            if document.minEngineVersion < required.version {
                error("engine", "minEngineVersion", EngineRequirement.tooLow(what: "page", stated: document.minEngineVersion, required: required))
            }
        }
        if let title = document.title { checkExpression(title) }
        checkComputed()
        checkWhileRunning()
        for watcher in document.watchers {
            check(watcher.expression, at: watcher.path + "." + watcher.trigger.rawValue)
            checkChain(watcher.actions)
        }
        for component in document.components { checkComponent(component) }
        for (name, chain) in document.interactions.sorted(by: { $0.key < $1.key }) {
            _ = name
            checkChain(chain)
        }
        checkHandlers(document.onError)
        // NB: each block on its own, with keys of its own (a use elsewhere has the same ones).
        for node in document.blockChecks {
            keys = [:]
            checkComponent(node)
        }
        diagnostics += LoopCheck(registry: registry, document: document, limits: limits).warnings()
        if hasAccessibility {
            var accessibility = AccessibilityCheck(registry: registry, document: document)
            accessibility.run()
            diagnostics += accessibility.diagnostics
        }
        if registry.behavior >= .v2 {
            diagnostics += dataRead.warnings(document: document, writes: dataPaths)
        }
    }

    // MARK: - Computed values

    private mutating func checkComputed() {
        for node in document.computed {
            check(node.expression, at: node.path)
            if node.reads == nil {
                error("computed", node.path, "the computed value '\(node.name)' reads all of $computed, itself included; read the values it needs by name, like $computed.total")
            }
        }
        let whole = Set(document.computed.filter { $0.reads == nil }.map(\.name))
        for cycle in ComputedGraph(document.computed).cycles where cycle.members.allSatisfy({ !whole.contains($0) }) {
            guard let first = cycle.path.first, let node = document.computed.first(where: { $0.name == first }) else { continue }
            error("computed", node.path, ComputedGraph.message(for: cycle))
        }
    }

    /// Every name under `whileRunning` is a page interaction or `KEY.EVENT` of a component here.
    private mutating func checkWhileRunning() {
        guard case .object(let object)? = document.writtenWhileRunning else { return }
        var names = Array(document.interactions.keys)
        func collect(_ nodes: [ComponentNode]) {
            for node in nodes {
                if let key = node.key { names += node.interactions.keys.map { "\(key).\($0)" } }
                collect(node.children)
                for attribute in node.attributes.items { if case .components(let inner) = attribute.content { collect(inner) } }
            }
        }
        collect(document.components)
        for name in object.keys where !names.contains(name) {
            let hint = Suggestions.nearest(to: name, in: names).map { "; did you mean '\($0)'?" }
                ?? "; name a page interaction like onSave, or a component's event as KEY.EVENT, like save.onTap"
            error("interaction", "whileRunning." + name, "the page has no interaction '\(name)'" + hint)
        }
    }

    // MARK: - List rows

    private func rowContext(items: AttributeNode?) -> RowContext {
        guard let expression = items?.expression else { return .computed("a literal array") }
        if expression.assignablePath != nil { return .writable }
        if expression.itemPath != nil, case .writable? = rows.last { return .writable }
        return .computed(expression.source)
    }

    /// A two-way attribute bound to `$item…` needs a list whose items it can write into.
    private mutating func checkRowEdits(_ node: ComponentNode, type: ComponentType) {
        for attribute in node.attributes.items {
            guard let spec = type.attribute(attribute.name), spec.twoWay, let expression = attribute.expression, expression.itemPath != nil else { continue }
            switch rows.last {
            case nil:
                error("read-only", attribute.path, "\(expression.source) would be written when the person edits '\(attribute.name)', but this component isn't inside a list, so $item is null; bind it to a $data path")
            case .computed(let source)?:
                error("read-only", attribute.path, "\(expression.source) would be written when the person edits '\(attribute.name)', but the list's items come from \(source), not a plain path, so there is no element to write; bind the list's items to a plain path such as $data.lines")
            case .writable?:
                break
            }
        }
    }

    // MARK: - Nodes

    private mutating func checkComponent(_ node: ComponentNode) {
        if let key = node.key {
            if let first = keys[key] {
                error("key", node.path + ".key", "the key '\(key)' is already used by the component at \(first); keys must be unique in a page")
            } else {
                keys[key] = node.path
            }
        }
        guard let type = registry.components[node.typeID] else {
            if let fallback = node.fallback {
                diagnostics.append(.warning("unknown-id", node.path + ".id", registry.unknownMessage(registry.components, node.typeID) + "; its fallback '\(fallback.typeID)' is shown instead"))
                checkComponent(fallback)
            } else {
                error("unknown-id", node.path + ".id", unknownComponent(node.typeID))
            }
            return
        }
        noteChoices(registry.components, type, node.attributes, path: node.path)
        let start = diagnostics.count
        // NB: a common attribute a later behaviour level brings is no attribute at this app's level.
        let specs = hasAccessibility || !type.engineReads("accessibility")
            ? type.attributes : type.attributes.filter { $0.name != "accessibility" }
        checkAttributes(node.attributes, specs: specs, owner: "the component '\(type.id)'", path: node.path)
        diagnostics.explainReplaced(from: start, owner: node.path, type: type, what: "the component '\(type.id)'", common: ComponentType.commonAttributes)
        checkRowEdits(node, type: type)
        if registry.behavior < .v2, !registry.components.isApps(type.id), let mask = node.attributes.items.first(where: { $0.name == "mask" }) {
            diagnostics.append(.warning("behavior", mask.path, MaskCheck.belowLevel))
        }
        for validation in node.validations {
            guard let validationType = registry.validations[validation.typeID] else {
                error("unknown-id", validation.path + ".id", registry.unknownMessage(registry.validations, validation.typeID))
                continue
            }
            noteChoices(registry.validations, validationType, validation.attributes, path: validation.path)
            let start = diagnostics.count
            checkAttributes(validation.attributes, specs: validationType.attributes, owner: "the validation '\(validation.typeID)'", path: validation.path)
            diagnostics.explainReplaced(from: start, owner: validation.path, type: validationType, what: "the validation '\(validation.typeID)'", common: ValidationType.commonAttributes)
        }
        if !node.validations.isEmpty && type.valueAttribute == nil {
            error("structure", node.path + ".validations", "'\(type.id)' has no value to validate; put validations on inputs")
        }
        // NB: the group standing for a block's use has the block's events (checked when it was read).
        let events = node.block?.events ?? type.events
        for (event, chain) in node.interactions.sorted(by: { $0.key < $1.key }) {
            if !events.contains(event) {
                let hint = Suggestions.nearest(to: event, in: type.events).map { "; did you mean '\($0)'?" }
                    ?? (type.events.isEmpty ? "; it has no events" : "; its events are " + type.events.joined(separator: ", "))
                error("interaction", node.path + ".interactions." + event, "'\(type.id)' has no event '\(event)'" + hint)
            }
            checkChain(chain)
        }
        if type.layout == .leaf && !node.children.isEmpty {
            error("structure", node.path + ".components", "'\(type.id)' can't hold components; put them in a section or group")
        }
        if case .repeated(let items, _) = type.layout { rows.append(rowContext(items: node.attributes[items])) }
        if node.block != nil { blockDepth += 1 }
        for child in node.children { checkComponent(child) }
        if node.block != nil { blockDepth -= 1 }
        if case .repeated = type.layout { rows.removeLast() }
        if let fallback = node.fallback { checkComponent(fallback) }
    }

    /// Why `id` names no component, suggesting a near block of the page or its libraries first.
    /// A qualified id (`shop-kit/money-row`) is about a library: the one it names, or the one it
    /// meant.
    private func unknownComponent(_ id: String) -> String {
        if let slash = id.firstIndex(of: "/") {
            let libraryID = String(id[..<slash]), block = String(id[id.index(after: slash)...])
            let qualified = document.libraries.flatMap { library in library.blockIDs.map { "\(library.id)/\($0)" } }
            let near = Suggestions.nearest(to: id, in: qualified).map { "; did you mean '\($0)'?" }
            guard let library = document.libraries.first(where: { $0.id == libraryID }) else {
                return "unknown component '\(id)': the page uses no library '\(libraryID)'; to use it, name it under \"libraries\" with the lowest version the page needs" + (near.map { " (or\($0.dropFirst()))" } ?? "")
            }
            return "unknown component '\(id)': the library '\(libraryID)' (version \(library.version)) has no block '\(block)'"
                + (near ?? (library.blockIDs.isEmpty ? "" : "; its blocks are " + library.blockIDs.joined(separator: ", ")))
        }
        let blocks = document.blocks.map(\.id) + document.libraries.flatMap(\.blockIDs)
        if let near = Suggestions.nearest(to: id, in: blocks), registry.components[near] == nil {
            return "unknown component '\(id)'; did you mean '\(near)'?"
        }
        // NB: a library the page names but that wasn't loaded may well have the block: say to load
        // it rather than to register a component (the usual slip of a tool given no libraries).
        let unloaded = document.requiredLibraries.keys.filter { id in !document.libraries.contains { $0.id == id } }.sorted()
        if !unloaded.isEmpty, Suggestions.nearest(to: id, in: registry.components.all.map(\.id)) == nil {
            let named = (unloaded.count == 1 ? "the library " : "the libraries ") + unloaded.map { "'\($0)'" }.joined(separator: ", ")
            return "unknown component '\(id)'; it may be a block of \(named), which isn't loaded: load it (its file beside the pages or in lib/; in Swift, engine.pageSet(files:) and engine.load(_:file:) read the engine's libraries)"
        }
        return registry.unknownMessage(registry.components, id)
    }

    private mutating func checkChain(_ chain: [ActionNode]) {
        for action in chain {
            guard let type = registry.actions[action.typeID] else {
                error("unknown-id", action.path + ".id", registry.unknownMessage(registry.actions, action.typeID))
                continue
            }
            noteChoices(registry.actions, type, action.attributes, path: action.path)
            checkAttributes(action.attributes, specs: type.attributes, owner: "the action '\(type.id)'", path: action.path)
            checkHandlers(action.onError)
            if registry.behavior >= .v2, action.typeID == "api", action.attributes["offline"] != nil {
                diagnostics += outboxSecure.warnings(for: action)
            }
        }
    }

    /// `outbox-secure`, made for the first `api` that may queue (it walks the page for `secure` fields).
    private var outboxSecure: OutboxSecureCheck {
        mutating get {
            if let outboxSecureCheck { return outboxSecureCheck }
            let made = OutboxSecureCheck(securePaths: DraftPolicy.securePaths(in: document.components, registry: registry))
            outboxSecureCheck = made
            return made
        }
    }

    private mutating func checkHandlers(_ handlers: [HandlerNode]) {
        for handler in handlers {
            guard let type = registry.errorHandlers[handler.typeID] else {
                error("unknown-id", handler.path + ".id", registry.unknownMessage(registry.errorHandlers, handler.typeID))
                continue
            }
            noteChoices(registry.errorHandlers, type, handler.attributes, path: handler.path)
            let start = diagnostics.count
            checkAttributes(handler.attributes, specs: type.attributes, owner: "the error handler '\(type.id)'", path: handler.path)
            diagnostics.explainReplaced(from: start, owner: handler.path, type: type, what: "the error handler '\(type.id)'", common: ErrorHandlerType.commonAttributes)
        }
    }

    // MARK: - The app's choices

    /// Warns where the page's meaning rests on a choice the app stated when it registered `type`:
    /// a use of its type that overrides a built-in, an attribute it declares in place of the
    /// engine's common one.
    private mutating func noteChoices<Entry: RegisteredType>(_ table: TypeTable<Entry>, _ type: Entry, _ attributes: AttributeList, path: String) {
        guard table.isApps(type.id) else { return }
        let kind = Entry.kindName
        if table.choice(type.id).overriding != nil {
            diagnostics.append(.warning("registry", path + ".id", "'\(type.id)' is the app's own \(kind), not the engine's (the app registered it overriding the built-in \(kind) '\(type.id)')"))
        }
        for attribute in attributes.items where type.replacedCommonAttributes.contains(attribute.name) {
            let engine = Entry.commonAttributes.first { $0.name == attribute.name }
            let what = engine.map { $0.summary.isEmpty ? "" : " (\($0.summary))" } ?? ""
            diagnostics.append(.warning("registry", attribute.path, "'\(type.id)' replaces the engine's '\(attribute.name)'\(what): here '\(attribute.name)' is the app's \(kind)'s own, and the engine doesn't do that for it"))
        }
    }

    // MARK: - Attributes

    private mutating func checkAttributes(_ list: AttributeList, specs: [AttributeSpec], owner: String, path: String) {
        for attribute in list.items {
            guard let spec = specs.first(where: { $0.name == attribute.name }) else {
                let names = specs.map(\.name)
                let hint = Suggestions.nearest(to: attribute.name, in: names).map { "; did you mean '\($0)'?" } ?? "; it has " + names.joined(separator: ", ")
                error("unknown-attribute", attribute.path, "\(owner) has no attribute '\(attribute.name)'" + hint + (attribute.name == "mask" ? MaskCheck.elsewhere : ""))
                continue
            }
            let compatible = spec.type == .any || attribute.type == spec.type || (spec.type == .number && attribute.type == .int) || (attribute.type == .any && !spec.type.holdsNodes)
            if !compatible {
                error("type", attribute.path, "the attribute '\(attribute.name)' of \(owner) is \(Wording.withArticle(spec.type.rawValue)), not \(Wording.withArticle(attribute.type.rawValue))")
            }
            if case .literal(let value) = attribute.content, !spec.type.accepts(value) {
                error("type", attribute.path, "the attribute '\(attribute.name)' of \(owner) is \(Wording.withArticle(spec.type.rawValue)), but \(value.preview()) is \(Wording.withArticle(value.typeName))")
            }
            if case .literal(let value) = attribute.content, spec.type.accepts(value), let problem = spec.check.map({ $0(value) }) ?? spec.valueProblem(value) {
                error("value", attribute.path, "the attribute '\(attribute.name)' of \(owner): \(problem)")
            }
            checkExpression(attribute)
            if case .literal(let value) = attribute.content, let nested = PageChecker.embeddedExpression(in: value) {
                diagnostics.append(.warning("type", attribute.path, "the literal '\(attribute.name)' holds {\"\(nested)\": …} inside it, which is sent as written, not evaluated; write the whole value as one expression, like {\"expr\": \"{name: $data.name}\"}"))
            }
            if spec.twoWay, let expression = attribute.expression, let root = expression.plainPath?.root, !root.isWritable {
                switch root {
                case .param:
                    error("param", attribute.path, "\(expression.source) would be written when the person edits '\(attribute.name)', but $param is read-only; copy the param into $data (in \"data\" or \"loaded\") and bind to that")
                default:
                    error("read-only", attribute.path, "\(expression.source) would be written when the person edits '\(attribute.name)', but it can't be: \(root.readOnlyReason)")
                }
            }
            checkRole(spec.role, attribute, owner: owner)
            switch attribute.content {
            case .actions(let chain): checkChain(chain)
            case .chains(let chains): for chain in chains { checkChain(chain) }
            case .components(let nodes): for node in nodes { checkComponent(node) }
            default: break
            }
        }
        for spec in specs where spec.required && list[spec.name] == nil {
            error("structure", path + ".attributes", "\(owner) needs the attribute '\(spec.name)' (\(spec.type.rawValue))")
        }
    }

    private mutating func checkRole(_ role: AttributeRole, _ attribute: AttributeNode, owner: String) {
        guard case .literal(.string(let text)) = attribute.content else { return }
        switch role {
        case .value, .componentKeys, .blockEvent:
            break
        case .storePath:
            guard let path = StorePath(text) else {
                error("type", attribute.path, "'\(text)' is not a store path; write one like $data.menuName or $global.token")
                return
            }
            switch path.root {
            case .param: error("param", attribute.path, "\(owner) writes \(text), but $param is read-only; write to $data instead")
            case .computed, .page: error("read-only", attribute.path, "\(owner) writes \(text), but it can't be written: \(path.root.readOnlyReason)")
            case .data, .global, .state: checkReference(path, at: attribute.path)
            }
        case .interactionName:
            if checksInteractionNames, document.interactions[text] == nil {
                let hint = Suggestions.nearest(to: text, in: document.interactions.keys).map { "; did you mean '\($0)'?" } ?? "; define it under the page's \"interactions\""
                error("interaction", attribute.path, "the interaction '\(text)' is triggered but not defined" + hint)
            }
        case .pageID:
            if !PageHeader.isValidID(text) {
                error("page", attribute.path, "\(PageValue.string(text).preview()) can't be a page: " + PageHeader.idRule)
            } else if let knownPages, !knownPages.contains(text) {
                let hint = Suggestions.nearest(to: text, in: knownPages).map { "; did you mean '\($0)'?" } ?? ""
                error("page", attribute.path, "there is no page '\(text)' next to this one" + hint)
            }
        }
    }

    private mutating func checkExpression(_ attribute: AttributeNode) {
        guard let expression = attribute.expression else { return }
        check(expression, at: attribute.path)
    }

    /// What a compiled expression reads must exist, and its arguments of known type must suit.
    private mutating func check(_ expression: CompiledExpression, at path: String) {
        for dependency in expression.dependencies { checkReference(dependency, at: path) }
        if registry.behavior >= .v2 { dataRead.note(expression.dependencies) }
        for call in expression.calls { checkArguments(call, in: expression, at: path) }
        // NB: inside a block, a page's path arrives through $attr, and its range is the block's.
        if blockDepth == 0 {
            diagnostics += dataPaths.warnings(for: expression, at: path, functions: registry.functions, limits: limits)
        }
    }

    /// Arguments whose type is known before the page runs must suit the function's signature.
    private mutating func checkArguments(_ call: FunctionCallSite, in expression: CompiledExpression, at path: String) {
        guard let signature = registry.functions[call.name]?.signature else { return }
        for (index, type) in call.argumentTypes.enumerated() {
            guard let type, let parameter = signature.parameter(at: index), parameter.lambdaParameters == nil, !parameter.accepts(type) else { continue }
            let message = "\(call.name)() expects \(parameter.typeText) as argument \(index + 1) (\(parameter.name)), but this is \(Wording.withArticle(type.rawValue))"
            diagnostics.append(.error("type", path, message, expression: ExpressionError(.type, message, range: call.argumentRanges[index], source: expression.source)))
        }
    }

    /// A `$param.NAME` the page doesn't declare, or a `$computed.NAME` it doesn't compute.
    private mutating func checkReference(_ path: StorePath, at location: String) {
        if path.root == .state, blockDepth == 0 {
            error("expression", location, PageDecoder.stateOutsideBlock)
            return
        }
        guard case .key(let name)? = path.components.first else { return }
        switch path.root {
        case .param where !declaredParams.contains(name):
            let hint = Suggestions.nearest(to: name, in: declaredParams).map { "; did you mean '\($0)'?" } ?? "; declare it under \"params\""
            error("param", location, "the page reads $param.\(name), but declares no param '\(name)'" + hint)
        case .computed where !declaredComputed.contains(name):
            let hint = Suggestions.nearest(to: name, in: declaredComputed).map { "; did you mean '\($0)'?" } ?? "; define it under \"computed\""
            error("computed", location, "the page reads $computed.\(name), but computes no value '\(name)'" + hint)
        default:
            break
        }
    }

    /// `expr` or `template` when a literal array or object holds a compact-form value somewhere
    /// inside it: a likely mistake, since only a whole attribute value is evaluated.
    static func embeddedExpression(in value: PageValue) -> String? {
        switch value {
        case .object(let object):
            if object.count == 1, let key = object.keys.first, key == "expr" || key == "template", object[key]?.stringValue != nil { return key }
            for member in object.values { if let found = embeddedExpression(in: member) { return found } }
        case .array(let items):
            for item in items { if let found = embeddedExpression(in: item) { return found } }
        default: break
        }
        return nil
    }

    /// `a.b[2].c` → `a.b[2]`.
    static func parentPath(_ path: String) -> String {
        guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return "" }
        return String(path[..<cut])
    }
}

extension PageDocument {
    /// Every static problem in the page for this registry (see `PageChecker`). `knownPages`, when
    /// given, also checks that pushed page ids exist; `limits` are the budgets loops are warned about.
    /// `registry` is the app's (`engine.registry`; `engine.check(_:knownPages:)` passes it), or
    /// `.standard` for the built-ins only.
    public func check(registry: Registry, knownPages: Set<String>? = nil, limits: PageLimits = .standard) -> [PageDiagnostic] {
        check(registry: registry, knownPages: knownPages, limits: limits, interactionNames: true)
    }

    /// Every static problem in the page for the built-in types only.
    @available(*, deprecated, message: "use engine.check(_:knownPages:), or check(registry:knownPages:limits:) naming the app's registry (registry: .standard for the built-ins only)")
    public func check(knownPages: Set<String>? = nil, limits: PageLimits = .standard) -> [PageDiagnostic] {
        check(registry: .standard, knownPages: knownPages, limits: limits)
    }

    func check(registry: Registry, knownPages: Set<String>?, limits: PageLimits, interactionNames: Bool) -> [PageDiagnostic] {
        var checker = PageChecker(registry: registry, document: self, knownPages: knownPages, limits: limits)
        checker.checksInteractionNames = interactionNames
        checker.run()
        var seen = Set<String>()
        return checker.diagnostics.map { $0.located(file: file, locations: locations, libraries: libraries) }.filter { seen.insert($0.rendered).inserted }
    }
}
