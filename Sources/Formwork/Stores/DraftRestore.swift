/// What became of a page's saved draft when it opened (`PageSession.draftRestore`); the page
/// reads the same as `$page.draft`.
///
/// ```swift
/// let page = try engine.open(pageID: "dish-edit")
/// if case .dropped(let reason) = page.draftRestore { log(reason) }
/// // it was saved from version 2 of the page, this is version 3, and $data.price holds a string where the page now has a number
/// ```
public enum DraftRestore: Sendable, Equatable {
    /// There was no draft to restore, or the page or the engine keeps none.
    case none
    /// The page opened with this draft written over its initial `data`, before `loaded` ran.
    case restored(PageDraft)
    /// A draft was found and removed instead of restored: it couldn't be read, no longer fit the
    /// page, or had expired. The host's `report` heard the reason too.
    case dropped(reason: String)

    /// `none`, `restored` or `dropped`: what `$page.draft` reads.
    public var name: String {
        switch self {
        case .none: return "none"
        case .restored: return "restored"
        case .dropped: return "dropped"
        }
    }
}
