import Foundation
import Formwork

/// The browser as a page host: keeps the stack of open pages (`push` adds one, `pop` and back
/// take it off), and turns pickers, confirmations and alerts into questions the browser shows and
/// answers, as an app's screens would. Toasts and routes are recorded as messages.
///
/// The engine calls it on the main actor; `onChange` tells the preview something moved.
@MainActor
final class PreviewHost: PageNavigator, PagePresenter, PageRouter {
    /// A question on screen, waiting for the person.
    struct Question {
        enum Kind: String { case picker, confirm, alert }

        let id: Int
        let kind: Kind
        let title: String
        let message: String
        /// For a picker: the options' titles and the selected one.
        let options: [String]
        let selected: Int?
        let page: String
    }

    /// How the person answered.
    enum Answer {
        case pick(Int?)
        case confirm(Bool)
        case dismiss
    }

    /// Something the page showed: an alert, a toast, a confirmation, a picker or a native route.
    struct Message {
        let kind: String
        let title: String
        let text: String
        let page: String
        /// The component it is about (its number in the snapshot), for a focus move.
        var component: Int? = nil
    }

    /// Open pages, the first at the bottom.
    private(set) var stack: [PageSession] = []
    /// Questions waiting, oldest first.
    private(set) var questions: [Question] = []
    private var waiting: [Int: CheckedContinuation<Answer, Never>] = [:]
    private var nextQuestion = 1

    /// Called after anything changed: a page shown or taken away, a question asked or answered, a message.
    var onChange: @MainActor () -> Void = {}
    /// Called with each thing shown.
    var onMessage: @MainActor (Message) -> Void = { _ in }
    /// Numbers a component for the browser (the preview's `ComponentIdentities`), for focus moves.
    var componentNumber: @MainActor (PageComponent) -> Int? = { _ in nil }
    /// Called when a page is shown (pushed, or the first one), and when one is on top again.
    var onShow: @MainActor (_ session: PageSession, _ covers: PageSession?) -> Void = { _, _ in }
    var onReveal: @MainActor (PageSession) -> Void = { _ in }

    var top: PageSession? { stack.last }

    /// Puts the first page on the stack.
    func showRoot(_ session: PageSession) {
        stack = [session]
        onShow(session, nil)
        onChange()
    }

    /// Takes `session` off the stack; the page under it is shown again.
    func remove(_ session: PageSession) {
        let wasTop = top === session
        stack.removeAll { $0 === session }
        cancelQuestions(page: session.document.id, unlessStillOpen: true)
        if wasTop, let revealed = top { onReveal(revealed) }
        onChange()
    }

    // MARK: - Questions

    /// Answers the question `id`; false when it isn't waiting any more, or the answer doesn't fit it.
    func answer(_ id: Int, _ answer: Answer) -> Bool {
        guard let index = questions.firstIndex(where: { $0.id == id }) else { return false }
        switch (questions[index].kind, answer) {
        case (.picker, .pick), (.confirm, .confirm), (.alert, .dismiss): break
        default: return false
        }
        questions.remove(at: index)
        waiting.removeValue(forKey: id)?.resume(returning: answer)
        onChange()
        return true
    }

    /// Cancels every question (the preview reloads or stops), or those a page asked.
    func cancelQuestions(page: String? = nil, unlessStillOpen: Bool = false) {
        if unlessStillOpen, let page, stack.contains(where: { $0.document.id == page }) { return }
        for question in questions where page == nil || question.page == page {
            let answer: Answer = switch question.kind {
            case .picker: .pick(nil)
            case .confirm: .confirm(false)
            case .alert: .dismiss
            }
            waiting.removeValue(forKey: question.id)?.resume(returning: answer)
        }
        questions.removeAll { page == nil || $0.page == page }
    }

    private func ask(_ kind: Question.Kind, title: String, message: String, options: [String] = [], selected: Int? = nil) async -> Answer {
        let id = nextQuestion
        nextQuestion += 1
        let page = top?.document.id ?? ""
        record(kind.rawValue, title: title, text: kind == .picker ? options.joined(separator: " | ") : message)
        return await withCheckedContinuation { continuation in
            questions.append(Question(id: id, kind: kind, title: title, message: message, options: options, selected: selected, page: page))
            waiting[id] = continuation
            onChange()
        }
    }

    private func record(_ kind: String, title: String, text: String) {
        onMessage(Message(kind: kind, title: title, text: text, page: top?.document.id ?? ""))
    }

    // MARK: - PagePresenter

    func pick(_ request: PickerRequest) async -> Int? {
        guard case .pick(let index) = await ask(.picker, title: request.title, message: "", options: request.options.map(\.title), selected: request.selected) else { return nil }
        return index.flatMap { request.options.indices.contains($0) ? $0 : nil }
    }

    func confirm(title: String, message: String) async -> Bool {
        guard case .confirm(let yes) = await ask(.confirm, title: title, message: message) else { return false }
        return yes
    }

    func alert(title: String, message: String) async {
        _ = await ask(.alert, title: title, message: message)
    }

    func toast(_ message: String) {
        record("toast", title: "", text: message)
        onChange()
    }

    /// An announcement goes to the browser's live region for its politeness (announcer.js).
    func announce(_ announcement: PageAnnouncement) {
        record("announcement", title: announcement.politeness.rawValue, text: announcement.message)
        onChange()
    }

    /// The browser moves focus to the component's element (page.js); a message so that a move to
    /// the same field again (a second failed validate) moves it again.
    func moveFocus(to component: PageComponent) {
        guard let number = componentNumber(component) else { return }
        onMessage(Message(kind: "focus", title: component.key ?? component.type.id, text: "moved focus here", page: top?.document.id ?? "", component: number))
        onChange()
    }

    // MARK: - PageNavigator

    func show(_ session: PageSession) async {
        let covered = top
        stack.append(session)
        onShow(session, covered)
        onChange()
    }

    func dismiss(_ session: PageSession) async {
        remove(session)
    }

    func pushRoute(_ url: URL, from session: PageSession) async throws -> PageValue? {
        record("route", title: "native screen", text: url.absoluteString)
        onChange()
        return nil
    }

    // MARK: - PageRouter

    func route(_ url: URL, from session: PageSession) async throws -> PageValue {
        record("route", title: "route", text: url.absoluteString)
        onChange()
        return .null
    }
}
