import Formwork
import FormworkTesting

/// The running record a preview's side panel shows: trace lines (the engine's, plus the
/// preview's own notes and problems), messages (alerts, toasts, confirmations, pickers, routes)
/// and requests with their answers.
///
/// Views get it whole when they connect (`full`), then only what is new (`delta`). Each list keeps
/// at most `limit` entries (the `traceEvents` budget); the oldest go first.
struct PreviewFeed {
    struct Line {
        let page: String
        /// The trace event's kind (`action`, `request`, `store`, …), or `preview` for the
        /// preview's own notes, or `problem`.
        let kind: String
        let text: String
    }

    var limit = PageLimits.standard.traceEvents
    private var lines: [Line] = []
    private var lineCount = 0
    private var messages: [PreviewHost.Message] = []
    private var messageCount = 0
    /// Requests of the page's earlier openings, as JSON; the current opening's are read from its transport.
    private var retired: [PageValue] = []
    private var retiredCount = 0
    private var sentLines = 0
    private var sentMessages = 0
    private var sentRequests: [SentRequest] = []

    // MARK: - Recording

    mutating func add(_ event: PageTraceEvent) {
        append(Line(page: event.page, kind: event.kind.rawValue, text: event.text))
    }

    /// A note from the preview itself: a reload, data kept, errors in the file.
    mutating func note(page: String, _ text: String) {
        append(Line(page: page, kind: "preview", text: text))
    }

    /// A problem the engine reported while running.
    mutating func problem(page: String, _ text: String) {
        append(Line(page: page, kind: "problem", text: text))
    }

    mutating func add(_ message: PreviewHost.Message) {
        messages.append(message)
        messageCount += 1
        if messages.count > limit { messages.removeFirst(messages.count - limit) }
    }

    /// Keeps the requests of a transport that is being replaced (the page reopens).
    mutating func retire(_ requests: [SentRequest]) {
        for request in requests {
            retired.append(PreviewSnapshot.request(request, number: retiredCount))
            retiredCount += 1
        }
        if retired.count > limit { retired.removeFirst(retired.count - limit) }
        sentRequests = []
    }

    private mutating func append(_ line: Line) {
        lines.append(line)
        lineCount += 1
        if lines.count > limit { lines.removeFirst(lines.count - limit) }
    }

    // MARK: - Sending

    /// Everything kept, for a view that just connected: `{"reset": true, "trace": […], "messages": […], "requests": […]}`.
    func full(current: [SentRequest]) -> PageValue {
        let requests = retired + current.enumerated().map { PreviewSnapshot.request($0.element, number: retiredCount + $0.offset) }
        return .object(PageObject([
            ("reset", true),
            ("trace", .array(lines.map(PreviewFeed.json))),
            ("messages", .array(messages.map(PreviewFeed.json))),
            ("requests", .array(Array(requests.suffix(limit)))),
        ]))
    }

    /// What is new since the last call (new lines and messages, requests sent or answered since),
    /// or nil when nothing is.
    mutating func delta(current: [SentRequest]) -> PageValue? {
        let newLines = lines.suffix(min(lineCount - sentLines, lines.count))
        let newMessages = messages.suffix(min(messageCount - sentMessages, messages.count))
        var changedRequests: [PageValue] = []
        for (index, request) in current.enumerated() where index >= sentRequests.count || sentRequests[index] != request {
            changedRequests.append(PreviewSnapshot.request(request, number: retiredCount + index))
        }
        sentLines = lineCount
        sentMessages = messageCount
        sentRequests = current
        guard !newLines.isEmpty || !newMessages.isEmpty || !changedRequests.isEmpty else { return nil }
        return .object(PageObject([
            ("reset", false),
            ("trace", .array(newLines.map(PreviewFeed.json))),
            ("messages", .array(newMessages.map(PreviewFeed.json))),
            ("requests", .array(changedRequests)),
        ]))
    }

    private static func json(_ line: Line) -> PageValue {
        .object(PageObject([("page", .string(line.page)), ("kind", .string(line.kind)), ("text", .string(line.text))]))
    }

    private static func json(_ message: PreviewHost.Message) -> PageValue {
        var object = PageObject([("kind", .string(message.kind)), ("title", .string(message.title)), ("message", .string(message.text)), ("page", .string(message.page))])
        if let component = message.component { object["component"] = .int(Int64(component)) }
        return .object(object)
    }
}
