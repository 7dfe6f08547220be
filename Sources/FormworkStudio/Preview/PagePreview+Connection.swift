import Formwork

/// The network switch on a previewed page: `{"do": "network", "online": false}` turns the network
/// off, `true` back on (what waits in the outbox is sent); the outbox's outcomes go to the trace.
extension PagePreview {
    /// Turns the network off or on; coming back, waits until what the outbox held was tried.
    func setNetwork(online: Bool) async {
        let engine = isBroken ? nil : root?.engine
        feed.note(page: top?.document.id ?? file, online ? "network: online" : "network: offline (requests fail; those with \"offline\": \"queue\" wait in the outbox)")
        await connection.set(online: online, engine: engine)
        await settle()
    }

    /// At an opening, as an app at launch: what waits is sent when the network is there.
    func sendWaiting(_ engine: PageEngine) async {
        guard connection.isOnline, !connection.outbox.entries.isEmpty else { return }
        await connection.set(online: true, engine: engine)
    }

    /// Each outcome of the outbox as a line of the trace: delivered, kept to try again, given up.
    func outboxOutcome(_ outcome: OutboxOutcome) {
        feed.note(page: top?.document.id ?? file, "outbox: \(outcome)")
        scheduleUpdate()
    }
}
