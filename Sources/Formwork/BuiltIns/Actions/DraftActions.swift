/// `discard-draft`.
enum DraftActions {
    static let all: [ActionType] = [
        ActionType("discard-draft", summary: "removes the page's saved draft (a page with \"draft\"); a later edit starts a new one") { context in
            context.session.discardDraft()
            return context.result
        },
    ]
}
