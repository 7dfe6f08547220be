/// What runs in place of a host's own types when only their description is known: the CLI and
/// the flow harness read an app's registry file (`RegistryDescription`), which says what the
/// app's `analytics` action takes, not what it does.
///
/// `UnavailableHost` (the default) fails clearly; `FormworkTesting`'s `HostStubs` answers from
/// the stubs a flow file gives and records each run.
public protocol HostStandIn: Sendable {
    /// Runs the host action `id`; returns its result (`$result` for the next action).
    @MainActor func runAction(_ id: String, _ context: ActionContext) async throws -> PageValue
    /// Checks the host validation `id`: nil when the value passes, else the message.
    @MainActor func checkValidation(_ id: String, _ context: ValidationContext) throws -> String?
    /// Handles a failure with the host error handler `id`.
    @MainActor func handleError(_ id: String, _ context: ActionContext) async throws
    /// Calls the host function `name` with evaluated arguments (lambdas are null).
    func callFunction(_ name: String, _ arguments: [PageValue]) throws -> PageValue
}

/// The stand-in for tools that can't run host types: actions pass `$result` on, validations
/// pass, handlers take the error and do nothing, and functions fail saying so.
public struct UnavailableHost: HostStandIn {
    /// The stand-in.
    public init() {}

    /// Passes `$result` on.
    public func runAction(_ id: String, _ context: ActionContext) async throws -> PageValue { context.result }

    /// Passes: nil.
    public func checkValidation(_ id: String, _ context: ValidationContext) throws -> String? { nil }

    /// Takes the error and does nothing.
    public func handleError(_ id: String, _ context: ActionContext) async throws {}

    /// Fails, saying the function runs only in the app.
    public func callFunction(_ name: String, _ arguments: [PageValue]) throws -> PageValue {
        throw FunctionFailure("\(name)() is the app's own function: it runs only in the app; give it a stub to run the page here")
    }
}
