import Foundation

/// The host as actions, error handlers and component behaviours see it (`context.host`): the
/// app's own navigator, presenter and router, each call counted as waiting for the person or the
/// app, so the engine's idea of "busy" stays right without the caller doing anything.
///
/// A call that asks the app for something (a picker, an alert, showing a page, a native route)
/// parks the calling chain until it returns; toasts don't wait. The transport is the engine's own
/// work and is passed through as it is.
extension PageHost {
    func parking(in activity: PageActivity, for session: PageSession? = nil) -> PageHost {
        var host = self
        host.presenter = ParkingPresenter(presenter, activity: activity, session: session)
        host.navigator = navigator.map { ParkingNavigator($0, activity: activity) }
        host.router = router.map { ParkingRouter($0, activity: activity) }
        return host
    }
}

@MainActor
private final class ParkingPresenter: PagePresenter {
    let base: any PagePresenter
    let activity: PageActivity
    /// The page whose actions present: a toast is announced on it (`PageSession.announcements`).
    weak var session: PageSession?

    init(_ base: any PagePresenter, activity: PageActivity, session: PageSession?) {
        self.base = base
        self.activity = activity
        self.session = session
    }

    func pick(_ request: PickerRequest) async -> Int? { await activity.parked { await base.pick(request) } }
    func confirm(title: String, message: String) async -> Bool { await activity.parked { await base.confirm(title: title, message: message) } }
    func alert(title: String, message: String) async { await activity.parked { await base.alert(title: title, message: message) } }
    func toast(_ message: String) {
        base.toast(message)
        if let session, !message.isEmpty { session.announce(PageAnnouncement(message, kind: .toast, politeness: .polite)) }
    }
    func announce(_ announcement: PageAnnouncement) { base.announce(announcement) }
    func moveFocus(to component: PageComponent) { base.moveFocus(to: component) }
}

@MainActor
private final class ParkingNavigator: PageNavigator {
    let base: any PageNavigator
    let activity: PageActivity

    init(_ base: any PageNavigator, activity: PageActivity) {
        self.base = base
        self.activity = activity
    }

    func show(_ session: PageSession) async { await activity.parked { await base.show(session) } }
    func dismiss(_ session: PageSession) async { await activity.parked { await base.dismiss(session) } }
    func pushRoute(_ url: URL, from session: PageSession) async throws -> PageValue? {
        try await activity.parked { try await base.pushRoute(url, from: session) }
    }
}

@MainActor
private final class ParkingRouter: PageRouter {
    let base: any PageRouter
    let activity: PageActivity

    init(_ base: any PageRouter, activity: PageActivity) {
        self.base = base
        self.activity = activity
    }

    func route(_ url: URL, from session: PageSession) async throws -> PageValue {
        try await activity.parked { try await base.route(url, from: session) }
    }
}
