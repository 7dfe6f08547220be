import Foundation
import Formwork
import FormworkTesting

/// The preview's network switch and its outbox: what an app's host does when the phone loses and
/// finds its network, for trying a page whose `api` actions say `"offline": "queue"`.
///
/// Offline, every request fails as with no network (nothing reaches the stubs), and a request
/// that may be queued is kept in the outbox at once; online, what waits is sent, oldest first,
/// each with its `Idempotency-Key`. The outbox lives in memory (`MemoryOutboxStorage`), one per
/// page file previewed: it outlasts a save, a restart or a locale switch (as an app's outbox
/// outlasts a relaunch) and ends with `formwork preview`. Nothing is written to the page folder.
@MainActor
final class PreviewConnection {
    /// Whether the switch says the network is there.
    private(set) var isOnline = true
    /// The requests waiting, kept in memory.
    let outbox: Outbox

    init(limits: PageLimits) {
        outbox = Outbox(storage: MemoryOutboxStorage(), limits: limits)
    }

    /// What the views show: `{"online": true, "outbox": [{id, page, method, url, queuedAt, attempts, lastProblem}, …]}`.
    var jsonValue: PageValue {
        .object(PageObject([("online", .bool(isOnline)), ("outbox", outbox.jsonValue)]))
    }

    /// Gives `engine` this outbox and tells it whether the network is there, as an app does when
    /// it opens a page.
    func attach(to engine: PageEngine) {
        engine.outbox = outbox
        if !isOnline { engine.networkIsGone() }
    }

    /// Turns the network off or on for `engine` (nil: no page runs now; the next one opened is
    /// told). Coming back online sends what waits, as an app does, and returns once it was tried.
    func set(online: Bool, engine: PageEngine?) async {
        isOnline = online
        guard let engine else { return }
        if online {
            await engine.networkIsBack()
        } else {
            engine.networkIsGone()
        }
    }

    /// The transport a page opened now sends through: `stub` while online; offline, a request
    /// fails as it does with no network, before it reaches the stubs.
    func transport(through stub: StubTransport) -> any PageTransport {
        SwitchedTransport(stub: stub, connection: self)
    }
}

/// Sends through the stubs while the preview's switch says online, else fails as without a network.
@MainActor
private final class SwitchedTransport: PageTransport {
    let stub: StubTransport
    let connection: PreviewConnection

    init(stub: StubTransport, connection: PreviewConnection) {
        self.stub = stub
        self.connection = connection
    }

    static let offline = TransportError.network("the preview is offline (its network switch); switch it back on to send")

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        guard connection.isOnline else { throw SwitchedTransport.offline }
        return try await stub.send(request)
    }

    func upload(_ request: TransportRequest, bodyFile: URL,
                progress: @escaping @Sendable (_ sent: Int64, _ total: Int64) -> Void) async throws -> TransportResponse {
        guard connection.isOnline else { throw SwitchedTransport.offline }
        return try await stub.upload(request, bodyFile: bodyFile, progress: progress)
    }
}
