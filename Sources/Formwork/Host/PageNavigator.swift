import Foundation

/// Moves between pages. The engine opens pushed pages itself (resolving ids through its page
/// source) and hands them to the navigator to show.
@MainActor
public protocol PageNavigator: AnyObject {
    /// Show a page the engine opened for a `push` action.
    func show(_ session: PageSession) async
    /// Take a page away (the `pop` action, or the person going back).
    func dismiss(_ session: PageSession) async
    /// Open a native screen for `push` with a `route` URL. Return its result, or nil if it gives none.
    func pushRoute(_ url: URL, from session: PageSession) async throws -> PageValue?
}

/// Receives `route` actions: event URLs for the host's own router.
@MainActor
public protocol PageRouter: AnyObject {
    /// Handle `url`; the return value becomes the action's result.
    func route(_ url: URL, from session: PageSession) async throws -> PageValue
}
