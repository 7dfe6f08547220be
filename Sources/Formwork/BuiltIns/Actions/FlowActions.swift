/// `if`, `all`, `trigger`: shaping a chain.
enum FlowActions {
    /// How deeply `trigger` may nest inside one chain by default (`PageLimits.triggerDepth`, which
    /// the engine reads); deeper means an interaction triggers itself (directly or through
    /// others) and would never end.
    static var maximumTriggerDepth: Int { PageLimits.standard.triggerDepth }
    @TaskLocal static var triggerDepth = 0

    static let all: [ActionType] = [
        ActionType("if", attributes: [
            AttributeSpec("condition", .bool, required: true), AttributeSpec("then", .actions), AttributeSpec("else", .actions),
        ], summary: "runs `then` or `else` with the current $result; the result is the branch's") { context in
            let holds = try context.bool("condition")
            context.trace(.action, "if → " + (holds ? "then" : "else"))
            return try await context.run(context.actions(holds ? "then" : "else"), result: context.result)
        },
        ActionType("all", attributes: [AttributeSpec("chains", .chains, required: true)],
                   summary: "runs several chains at once; the result is the array of their results") { context in
            .array(try await context.runAll(context.chains("chains"), result: context.result))
        },
        ActionType("trigger", attributes: [AttributeSpec("name", .string, required: true, role: .interactionName, summary: "a page interaction, like onSave")],
                   summary: "runs one of the page's interactions as part of this chain") { context in
            let name = try context.string("name") ?? ""
            guard let chain = context.session.document.interactions[name] else {
                throw ActionFailure(kind: "interaction", message: "the page has no interaction '\(name)'")
            }
            let maximum = context.session.engine.limits.triggerDepth
            guard triggerDepth < maximum else {
                throw ActionFailure(kind: "limit", message: "the interaction '\(name)' is triggered \(maximum) levels deep inside one chain (the triggerDepth limit); an interaction that triggers itself never ends, so it was stopped")
            }
            return try await $triggerDepth.withValue(triggerDepth + 1) {
                try await context.run(chain, result: context.result)
            }
        },
    ]
}
