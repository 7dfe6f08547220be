import Foundation
import Formwork
import Testing

/// Reads `formwork preview`'s server-sent events over a raw connection, and waits for the event
/// a test expects: never a fixed sleep, always "the next state where …", with a generous limit.
///
/// NB: @unchecked Sendable: one test uses it at a time, and its blocking reads run on a thread of
/// their own (`offThread`) while the test awaits them.
final class EventStreamClient: @unchecked Sendable {
    struct Event: Sendable {
        let name: String
        let data: PageValue
    }

    private let client: RawHTTPClient
    private var pending: [UInt8] = []
    /// Every event received so far, in order.
    private(set) var received: [Event] = []
    /// The newest `state`.
    private(set) var state: PageValue = .null

    /// Opens the stream at `target` (`/api/preview/dish-edit.json/events?dishId=42`).
    static func open(port: UInt16, _ target: String) async throws -> EventStreamClient {
        try await offThread { try EventStreamClient(port: port, target) }
    }

    private init(port: UInt16, _ target: String) throws {
        client = try RawHTTPClient(port: port)
        client.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n")
        let deadline = Date(timeIntervalSinceNow: 60)
        var head: [UInt8] = []
        while true {
            let chunk = try client.receive(until: deadline)
            guard !chunk.isEmpty else { throw RawHTTPClient.Failure(description: "the preview closed the event stream at once: \(String(decoding: head, as: UTF8.self))") }
            head += chunk
            if let end = String(decoding: head, as: UTF8.self).range(of: "\r\n\r\n") {
                let text = String(decoding: head, as: UTF8.self)
                let response = try RawHTTPClient.parse(Array(text[..<end.upperBound].utf8))
                guard response.status == 200, response.headers["content-type"]?.hasPrefix("text/event-stream") == true else {
                    throw RawHTTPClient.Failure(description: "expected an event stream, got \(response.status): \(text)")
                }
                pending = Array(text[end.upperBound...].utf8)
                break
            }
        }
    }

    /// The next event, waiting up to `timeout` seconds.
    func next(timeout: TimeInterval = 60) async throws -> Event {
        try await offThread { try self.nextNow(timeout: timeout) }
    }

    private func nextNow(timeout: TimeInterval) throws -> Event {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            if let event = takeEvent() { return event }
            let chunk = try client.receive(until: deadline)
            guard !chunk.isEmpty else { throw RawHTTPClient.Failure(description: "the preview closed the event stream") }
            pending += chunk
        }
    }

    /// Waits for the next `state` for which `condition` holds (the current one counts); returns it.
    @discardableResult
    func waitForState(_ what: String, timeout: TimeInterval = 60, sourceLocation: Testing.SourceLocation = #_sourceLocation,
                      _ condition: @escaping @Sendable (PageValue) -> Bool) async throws -> PageValue {
        do {
            return try await offThread { try self.waitNow(for: "state", timeout: timeout, condition) }
        } catch {
            Issue.record("no state with \(what) arrived within \(Int(timeout)) s; the last was \(state.jsonText.prefix(600))", sourceLocation: sourceLocation)
            throw error
        }
    }

    /// Waits for a `log` event for which `condition` holds (one received earlier counts).
    @discardableResult
    func waitForLog(_ what: String, timeout: TimeInterval = 60, sourceLocation: Testing.SourceLocation = #_sourceLocation,
                    _ condition: @escaping @Sendable (PageValue) -> Bool) async throws -> PageValue {
        if let earlier = received.last(where: { $0.name == "log" && condition($0.data) }) { return earlier.data }
        do {
            return try await offThread { try self.waitNow(for: "log", timeout: timeout, condition) }
        } catch {
            Issue.record("no log with \(what) arrived within \(Int(timeout)) s", sourceLocation: sourceLocation)
            throw error
        }
    }

    private func waitNow(for name: String, timeout: TimeInterval, _ condition: (PageValue) -> Bool) throws -> PageValue {
        if name == "state", condition(state) { return state }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while deadline.timeIntervalSinceNow > 0 {
            let event = try nextNow(timeout: deadline.timeIntervalSinceNow)
            if event.name == name, condition(event.data) { return event.data }
        }
        throw RawHTTPClient.Failure(description: "timed out waiting for a \(name) event")
    }

    private func takeEvent() -> Event? {
        let separator: [UInt8] = [10, 10]
        guard let end = pending.indices.dropLast().first(where: { pending[$0] == 10 && pending[$0 + 1] == 10 }) else { return nil }
        let block = String(decoding: pending[..<end], as: UTF8.self)
        pending.removeFirst(end + separator.count)
        var name = "message"
        var data: [String] = []
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(":") { continue }
            if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
            if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
        }
        if data.isEmpty && name == "message" { return takeEvent() }
        let value = (try? JSONReader.parse(bytes: Array(data.joined(separator: "\n").utf8))) ?? .null
        let event = Event(name: name, data: value)
        received.append(event)
        if name == "state" { state = value }
        return event
    }
}

// MARK: - Reading the state

extension PageValue {
    /// The first component keyed `key` anywhere in a preview state's page (nil when none).
    func component(_ key: String) -> PageValue? {
        func find(_ nodes: [PageValue]) -> PageValue? {
            for node in nodes {
                if node["key"]?.stringValue == key { return node }
                if let found = find(node["children"]?.arrayValue ?? []) { return found }
            }
            return nil
        }
        return find(self["page"]?["components"]?.arrayValue ?? [])
    }

    /// Every component keyed `key`, in order (a list repeats its rows' keys).
    func components(_ key: String) -> [PageValue] {
        func collect(_ nodes: [PageValue]) -> [PageValue] {
            nodes.flatMap { node in (node["key"]?.stringValue == key ? [node] : []) + collect(node["children"]?.arrayValue ?? []) }
        }
        return collect(self["page"]?["components"]?.arrayValue ?? [])
    }

    /// A component's attribute in a preview state: `state.attribute("name", "value")`.
    func attribute(_ key: String, _ name: String) -> PageValue? { component(key)?["attributes"]?[name] }

    var revision: Int { Int(self["revision"]?.intValue ?? 0) }
}
