/// A presenter for tests and `formwork run`: alerts are recorded and dismissed at once, toasts
/// are recorded, and pickers and confirmations wait until the test answers them.
///
/// ```swift
/// try await harness.tap("category")       // a select: its picker is now pending
/// harness.presenter.pendingPicker?.options.map(\.title)   // ["Starters", "Mains", …]
/// try await harness.pick(1)               // chooses "Mains"
/// ```
@MainActor
public final class ScriptedPresenter: PagePresenter {
    /// A question waiting for the person.
    public enum Question: Sendable, Equatable {
        /// A picker, waiting for a choice (`pick`).
        case picker(PickerRequest)
        /// A confirmation, waiting for yes or no (`confirm`).
        case confirm(title: String, message: String)
    }

    private struct Waiting {
        let question: Question
        let page: String
        var picker: CheckedContinuation<Int?, Never>?
        var confirm: CheckedContinuation<Bool, Never>?
    }

    /// Everything shown, in order.
    public private(set) var presented: [PresentedMessage] = []
    /// Answers given whose chain hasn't taken them yet. The engine sees an answer only when the
    /// call that asked returns, so the harness waits for this to reach 0 before it trusts
    /// `PageEngine.isIdle`.
    private(set) var answersInFlight = 0
    private var takenWaiters: [CheckedContinuation<Void, Never>] = []
    private var waiting: [Waiting] = []
    /// The id of the page shown on top, for `PresentedMessage.page`.
    var currentPage: @MainActor () -> String = { "" }

    /// A presenter with no answers queued: pickers and confirmations wait for the test.
    public init() {}

    /// The alerts shown, in order.
    public var alerts: [PresentedMessage] { presented.filter { $0.kind == .alert } }
    /// The toasts shown, in order.
    public var toasts: [PresentedMessage] { presented.filter { $0.kind == .toast } }

    /// Questions waiting for an answer, oldest first.
    public var pending: [Question] { waiting.map(\.question) }

    /// The oldest picker waiting for an answer.
    public var pendingPicker: PickerRequest? {
        for question in pending { if case .picker(let request) = question { return request } }
        return nil
    }

    /// The oldest confirmation waiting for an answer.
    public var pendingConfirm: (title: String, message: String)? {
        for question in pending { if case .confirm(let title, let message) = question { return (title, message) } }
        return nil
    }

    // MARK: - Answering

    /// Answers the oldest pending picker with an option index, or nil to cancel. Returns false
    /// when no picker is pending.
    @discardableResult
    public func answerPicker(_ index: Int?) -> Bool {
        guard let at = waiting.firstIndex(where: { $0.picker != nil }) else { return false }
        answersInFlight += 1
        waiting.remove(at: at).picker?.resume(returning: index)
        return true
    }

    /// Answers the oldest pending confirmation. Returns false when none is pending.
    @discardableResult
    public func answerConfirm(_ yes: Bool) -> Bool {
        guard let at = waiting.firstIndex(where: { $0.confirm != nil }) else { return false }
        answersInFlight += 1
        waiting.remove(at: at).confirm?.resume(returning: yes)
        return true
    }

    /// Returns once every answer given has been taken by the chain that asked.
    func waitUntilAnswersTaken() async {
        while answersInFlight > 0 {
            await withCheckedContinuation { takenWaiters.append($0) }
        }
    }

    /// A chain took its answer.
    private func taken() {
        answersInFlight -= 1
        guard answersInFlight == 0 else { return }
        let waiters = takenWaiters
        takenWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Cancels the questions a page asked (it closed under them), or every question.
    func cancel(page: String? = nil) {
        let cancelled = waiting.filter { page == nil || $0.page == page }
        waiting.removeAll { page == nil || $0.page == page }
        answersInFlight += cancelled.count
        for entry in cancelled {
            entry.picker?.resume(returning: nil)
            entry.confirm?.resume(returning: false)
        }
    }

    // MARK: - PagePresenter

    /// Records the picker and waits until the test answers it (`PageHarness.pick`); closing the page cancels it.
    public func pick(_ request: PickerRequest) async -> Int? {
        presented.append(PresentedMessage(kind: .picker, title: request.title, message: request.options.map(\.title).joined(separator: " | "), page: currentPage()))
        let page = currentPage()
        let answer = await withCheckedContinuation { waiting.append(Waiting(question: .picker(request), page: page, picker: $0)) }
        taken()
        return answer
    }

    /// Records the confirmation and waits until the test answers it (`PageHarness.confirm`).
    public func confirm(title: String, message: String) async -> Bool {
        presented.append(PresentedMessage(kind: .confirm, title: title, message: message, page: currentPage()))
        let page = currentPage()
        let answer = await withCheckedContinuation { waiting.append(Waiting(question: .confirm(title: title, message: message), page: page, confirm: $0)) }
        taken()
        return answer
    }

    /// Records the alert; it is dismissed at once.
    public func alert(title: String, message: String) async {
        presented.append(PresentedMessage(kind: .alert, title: title, message: message, page: currentPage()))
    }

    /// Records the toast.
    public func toast(_ message: String) {
        presented.append(PresentedMessage(kind: .toast, title: "", message: message, page: currentPage()))
    }
}
