/// `raise`: how a block's components tell the page using it that something happened.
enum BlockActions {
    static let all: [ActionType] = [
        ActionType("raise", attributes: [
            AttributeSpec("event", .string, required: true, role: .blockEvent, summary: "one of the block's declared events, like onSelect"),
            AttributeSpec("payload", .any, summary: "what the page's chain sees as $event; the current $result when not given"),
        ], summary: "inside a block: runs the page's chain for one of the block's events, with the payload as $event; the result is that chain's") { context in
            let event = try context.string("event") ?? ""
            let payload = context.has("payload") ? try context.value("payload") : context.result
            guard let instance = BlockActions.instance(raisingFrom: context.component) else {
                throw ActionFailure(kind: "interaction", message: "raise '\(event)' ran outside a block; only a block's components raise events, for the page using the block to handle")
            }
            guard let chain = instance.node.interactions[event] else {
                // NB: a page needn't handle every event a block raises.
                context.trace(.action, "raise \(event): '\(instance.key ?? event)' has no chain for it")
                return context.result
            }
            let maximum = context.session.engine.limits.triggerDepth
            guard FlowActions.triggerDepth < maximum else {
                throw ActionFailure(kind: "limit", message: "the event '\(event)' is raised \(maximum) levels deep inside one chain (the triggerDepth limit), so it was stopped")
            }
            context.trace(.action, "raise \(event) on '\(instance.key ?? "")' (\(instance.node.block?.blockID ?? "block"))")
            return try await FlowActions.$triggerDepth.withValue(FlowActions.triggerDepth + 1) {
                try await context.run(chain, result: context.result, event: payload, component: instance)
            }
        },
    ]

    /// The instance whose components' chain is running on `component`. The component standing
    /// for a use runs the chains its page gave it, so its raise goes to the instance around it.
    @MainActor
    static func instance(raisingFrom component: PageComponent?) -> PageComponent? {
        guard let component else { return nil }
        return component.node.block != nil ? component.parent?.enclosingInstance : component.enclosingInstance
    }
}
