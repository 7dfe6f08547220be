/// `if`, `all`, `trigger`: shaping a chain.
enum FlowActions {
    /// How deeply `trigger` may nest inside one chain; deeper means an interaction triggers
    /// itself (directly or through others) and would never end.
    static let maximumTriggerDepth = 64
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
            guard triggerDepth < maximumTriggerDepth else {
                throw ActionFailure(kind: "interaction", message: "the interaction '\(name)' is triggered \(maximumTriggerDepth) levels deep inside one chain; an interaction that triggers itself never ends, so it was stopped")
            }
            return try await $triggerDepth.withValue(triggerDepth + 1) {
                try await context.run(chain, result: context.result)
            }
        },
    ]
}
