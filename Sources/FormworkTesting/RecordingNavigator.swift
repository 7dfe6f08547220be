import Foundation

/// A navigator and router for tests: keeps the stack of open pages (a `push` puts the new page
/// on top, `pop` and back take it off) and records every navigation.
///
/// Native routes (`push` with `route`, the `route` action) answer from `routes` (URL → value),
/// or null.
@MainActor
public final class RecordingNavigator: PageNavigator, PageRouter {
    /// Open pages, the first opened at the bottom.
    public private(set) var stack: [PageSession] = []
    /// Every navigation, in order.
    public private(set) var events: [NavigationEvent] = []
    /// Answers for native routes, by full URL.
    public var routes: [String: PageValue] = [:]
    /// Called when a page is shown, so the harness can follow it.
    var onShow: (@MainActor (PageSession) -> Void)?
    /// Called when a page is on top again because the one above it left.
    var onReveal: (@MainActor (PageSession) -> Void)?

    /// A navigator with no pages open.
    public init() {}

    /// The page on top.
    public var top: PageSession? { stack.last }

    func showRoot(_ session: PageSession) {
        stack = [session]
        onShow?(session)
    }

    func record(_ event: NavigationEvent) { events.append(event) }

    /// Lets go of every page, as a host does when its pages close. NB: the stack holds each page,
    /// each page its engine, and the engine this navigator: without this, a closed harness and
    /// everything it opened stay alive for good.
    func removeAll() { stack.removeAll() }

    /// Takes `session` off the stack (back, or it closed by itself).
    func remove(_ session: PageSession) {
        let wasTop = top === session
        stack.removeAll { $0 === session }
        if wasTop, let revealed = top { onReveal?(revealed) }
    }

    // MARK: - PageNavigator

    /// Puts a pushed page on top of the stack and records the push.
    public func show(_ session: PageSession) async {
        stack.append(session)
        events.append(NavigationEvent(kind: .push, page: session.document.id, from: session.opener?.document.id, value: session.params))
        onShow?(session)
    }

    /// Takes a page off the stack and records the pop.
    public func dismiss(_ session: PageSession) async {
        events.append(NavigationEvent(kind: .pop, page: session.document.id, from: session.opener?.document.id))
        remove(session)
    }

    /// Records a `push` to a native route and answers from `routes`.
    public func pushRoute(_ url: URL, from session: PageSession) async throws -> PageValue? {
        events.append(NavigationEvent(kind: .route, page: url.absoluteString, from: session.document.id))
        return routes[url.absoluteString]
    }

    // MARK: - PageRouter

    /// Records a `route` action and answers from `routes`, or null.
    public func route(_ url: URL, from session: PageSession) async throws -> PageValue {
        events.append(NavigationEvent(kind: .route, page: url.absoluteString, from: session.document.id))
        return routes[url.absoluteString] ?? .null
    }
}
