/// A page-level watcher: a chain that runs when a value changes (`on`) or when a condition
/// turns true (`when`), after the update that caused it.
///
/// ```json
/// "watchers": [
///   { "on": "$data.province", "actions": [ { "id": "api", … } ] },
///   { "when": "$computed.total >= 50", "actions": [ { "id": "toast", … } ] }
/// ]
/// ```
public struct WatcherNode: Sendable {
    /// What starts the watcher: `on` a change, or `when` a condition turns true.
    public enum Trigger: String, Sendable {
        /// Runs each time the expression's value changes; `$event` is `{value, oldValue}`.
        case on
        /// Runs each time the condition turns from false to true.
        case when
    }

    /// `on` or `when`.
    public let trigger: Trigger
    /// The value watched, or the condition.
    public let expression: CompiledExpression
    /// The chain it runs.
    public let actions: [ActionNode]
    /// JSON path in the page, like `watchers[0]`; its chain is traced under this name.
    public let path: String

    /// A watcher running `actions` on `trigger` of `expression`.
    public init(trigger: Trigger, expression: CompiledExpression, actions: [ActionNode], path: String) {
        self.trigger = trigger
        self.expression = expression
        self.actions = actions
        self.path = path
    }
}
