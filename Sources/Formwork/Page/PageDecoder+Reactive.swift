/// The page members of the reactive stage: `computed`, `watchers` and `whileRunning`.
extension PageDecoder {
    /// `"watchers": [ { "on": "$data.x", "actions": […] }, { "when": "…", "actions": […] } ]`.
    mutating func decodeWatchers(_ value: PageValue?) -> [WatcherNode] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            error("type", "watchers", "\"watchers\" must be an array like [ { \"on\": \"$data.province\", \"actions\": [ … ] } ]")
            return []
        }
        var watchers: [WatcherNode] = []
        for (index, item) in items.enumerated() {
            let path = PageDecoder.join("watchers", index)
            guard case .object(let object) = item else {
                error("type", path, "a watcher is an object like { \"on\": \"$data.province\", \"actions\": [ … ] }")
                continue
            }
            checkMembers(object, allowed: ["on", "when", "actions", "description"], path: path, what: "a watcher")
            let triggers = [WatcherNode.Trigger.on, .when].filter { object[$0.rawValue] != nil }
            guard triggers.count == 1, let trigger = triggers.first else {
                error("structure", path, triggers.isEmpty
                    ? "a watcher needs \"on\" (an expression whose changes it follows) or \"when\" (a condition it waits to turn true)"
                    : "a watcher has \"on\" or \"when\", not both; make two watchers")
                continue
            }
            let expressionPath = PageDecoder.join(path, trigger.rawValue)
            guard case .string(let source)? = object[trigger.rawValue] else {
                error("type", expressionPath, "\"\(trigger.rawValue)\" is an expression written as a string, like \"$data.province\"")
                continue
            }
            guard let rawActions = object["actions"] else {
                error("structure", path, "this watcher has no \"actions\": the chain to run")
                continue
            }
            let actions = decodeActions(rawActions, path: PageDecoder.join(path, "actions"))
            do {
                let expression = try CompiledExpression(source, functions: registry.functions)
                watchers.append(WatcherNode(trigger: trigger, expression: expression, actions: actions, path: path))
            } catch {
                self.error("expression", expressionPath, error.message, expression: error)
            }
        }
        return watchers
    }

    /// `"whileRunning": { "save.onTap": "queue", "onSave": "refuse" }`: the interactions that queue.
    mutating func decodeWhileRunning(_ value: PageValue?) -> Set<String> {
        guard let value else { return [] }
        guard case .object(let object) = value else {
            error("type", "whileRunning", "\"whileRunning\" must be an object of interaction → \"queue\" or \"refuse\", like { \"save.onTap\": \"queue\" }")
            return []
        }
        var queued = Set<String>()
        for (name, raw) in object {
            switch raw {
            case .string("queue"): queued.insert(name)
            case .string("refuse"): break
            default: error("type", PageDecoder.join("whileRunning", name), "what happens to a second run of '\(name)' while it runs is \"refuse\" (the default) or \"queue\", not \(raw.preview())")
            }
        }
        return queued
    }

    /// `"computed": { "total": "…", "label": { "template": "…" } }`: a string is an expression.
    mutating func decodeComputed(_ value: PageValue?) -> [ComputedNode] {
        guard let value else { return [] }
        guard case .object(let object) = value else {
            error("type", "computed", "\"computed\" must be an object of name → expression, like { \"total\": \"$data.price * $data.qty\" }")
            return []
        }
        var nodes: [ComputedNode] = []
        for (name, raw) in object {
            var path = PageDecoder.join("computed", name)
            var source = raw.stringValue
            var isTemplate = false
            if case .object(let wrapped) = raw, wrapped.count == 1 {
                if let expr = wrapped["expr"]?.stringValue { source = expr; path = PageDecoder.join(path, "expr") }
                if let template = wrapped["template"]?.stringValue { source = template; isTemplate = true; path = PageDecoder.join(path, "template") }
            }
            guard let source else {
                error("type", path, "the computed value '\(name)' must be an expression written as a string, like \"$data.price * $data.qty\", or {\"template\": \"…\"}; not \(raw.preview())")
                continue
            }
            do {
                let compiled = isTemplate
                    ? try CompiledExpression(template: source, functions: registry.functions)
                    : try CompiledExpression(source, functions: registry.functions)
                nodes.append(ComputedNode(name: name, expression: compiled, path: path))
            } catch {
                self.error("expression", path, error.message, expression: error)
            }
        }
        return nodes
    }
}
