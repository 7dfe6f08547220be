import Foundation

/// A session's trace: what it records of its events (`PageTraceEvent`), kept in `traceBuffer`
/// and handed to `onTrace`, made only when someone would see it.
extension PageSession {
    /// Records a line of `kind`.
    func record(_ kind: PageTraceEvent.Kind, _ text: @autoclosure () -> String) {
        record(PageTraceEvent(page: document.id, kind: kind, text: text()))
    }

    /// Records `target = value` (`PageTraceEvent` writes the line only when it is read).
    func record(_ kind: PageTraceEvent.Kind, assigning value: PageValue, to target: PageTraceEvent.Target) {
        record(PageTraceEvent(page: document.id, kind: kind, assigning: value, to: target, limit: engine.limits.tracePreviewCharacters))
    }

    /// Keeps `event` and hands it to `onTrace`; nothing is made when nobody would see it.
    private func record(_ event: @autoclosure () -> PageTraceEvent) {
        guard isTracing else { return }
        let event = event()
        traceBuffer.append(event)
        onTrace?(event)
    }

    /// The start of `value` as a trace line shows it (`PageLimits.tracePreviewCharacters`); only
    /// that much of it is ever written.
    func tracePreview(_ value: PageValue) -> String {
        value.preview(limit: engine.limits.tracePreviewCharacters)
    }
}
