/// Announcements and focus: what the page asks assistive technology to say, and where it moves
/// focus. Each goes to the host's presenter (`PagePresenter.announce(_:)`, `moveFocus(to:)`) and
/// is kept on the session for flows and tools.
extension PageSession {
    /// How many announcements `announcements` keeps; older ones go first.
    static let keptAnnouncements = 100

    /// Says `announcement`: tells the host's presenter and keeps it in `announcements`.
    func announce(_ announcement: PageAnnouncement) {
        if announcements.count >= PageSession.keptAnnouncements { announcements.removeFirst(announcements.count - PageSession.keptAnnouncements + 1) }
        announcements.append(announcement)
        engine.host.presenter.announce(announcement)
    }

    /// Moves assistive technology's focus to `component`: tells the host's presenter and
    /// remembers it in `focusedComponent`.
    func moveFocus(to component: PageComponent) {
        focusedComponent = component
        engine.host.presenter.moveFocus(to: component)
    }
}

extension PageSession {
    /// After a failed `validate`: says what is wrong — each invalid field's name and message,
    /// in the page's order ("Name: Enter a name. Price: Enter a price"), assertively — and moves
    /// focus to the first of them. The words are the page's own, so they are in its language.
    func announceFailures(_ invalid: [PageComponent]) {
        guard let first = invalid.first else { return }
        let parts = invalid.map { component -> String in
            let description = component.accessibility
            let message = description.error ?? ""
            return description.name.isEmpty ? message : description.name + ": " + message
        }
        announce(PageAnnouncement(parts.joined(separator: ". "), kind: .validation, politeness: .assertive, component: first.key))
        moveFocus(to: first)
    }

    /// After a `status` changed state: `loading` is said politely, `error` assertively — its
    /// `accessibility.label` when it has one, else what its new children say ("Couldn't load the
    /// menu"), else the state's name.
    func announceState(of component: PageComponent) {
        guard case .switched(let attribute) = component.type.layout, let state = component.attributes[attribute]?.stringValue,
              state == "loading" || state == "error", !component.isHidden else { return }
        let description = component.accessibility
        guard !description.isHidden else { return }
        var message = component.type.engineReads("accessibility") ? component.attributes["accessibility"]?.objectValue?["label"]?.stringValue ?? "" : ""
        if message.isEmpty {
            message = component.children.flatMap(\.allComponents).map(\.accessibility).filter { !$0.isHidden && !$0.name.isEmpty }.map(\.name).joined(separator: ". ")
        }
        if message.isEmpty { message = state }
        announce(PageAnnouncement(message, kind: state == "loading" ? .loading : .error, politeness: state == "loading" ? .polite : .assertive, component: component.key))
    }
}
