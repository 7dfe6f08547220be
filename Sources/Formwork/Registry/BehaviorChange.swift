/// One thing the engine does differently from a behaviour level on: the one table that says which
/// level brings each built-in id, each attribute every type of a kind has, and each changed
/// default that came after level 1.
///
/// NB: the place to register a behaviour change. A change a page or a host can observe — a new
/// built-in, a new common attribute, a default or rule that now decides otherwise — gets an entry
/// here at `BehaviorLevel.latest` (add a level when the latest one has been released), a line in
/// CHANGELOG.md under "Behaviour level N", and code that asks the registry before behaving the new
/// way: `registry.behavior >= .vN`, `registry.engineReads(_:of:)` for a common attribute. Built-in
/// ids and common attributes listed here are left out of the engine's names below their level by
/// `Registry.standard(behavior:)` and `Registry.clashes` on their own.
///
/// ```swift
/// BehaviorChange.all.map(\.description)
/// // ["level 2: PageHost's languages default to the person's preferred languages (Locale.preferredLanguages), not none"]
/// ```
public struct BehaviorChange: Sendable, Equatable, CustomStringConvertible {
    /// What changes.
    public enum Subject: Sendable, Equatable, Hashable {
        /// A built-in of `kind` ("component", "action", "validation", "error handler",
        /// "function") with this id: below the level it isn't the engine's, and an app's type
        /// with the id is the app's alone.
        case builtIn(kind: String, id: String)
        /// An attribute the engine gives every type of `kind`: below the level the engine neither
        /// reads it nor counts an app's attribute of that name as a clash.
        case commonAttribute(kind: String, name: String)
        /// A default or a rule, named as in the API (`PageHost.languages`).
        case behavior(String)
    }

    /// What changes.
    public let subject: Subject
    /// The level that brings it.
    public let level: BehaviorLevel
    /// The change, in a line, as CHANGELOG.md says it.
    public let summary: String

    /// A change to `subject` from `level` on.
    public init(_ subject: Subject, level: BehaviorLevel, summary: String) {
        self.subject = subject
        self.level = level
        self.summary = summary
    }

    /// Every behaviour change after level 1, oldest level first.
    public static let all: [BehaviorChange] = [
        BehaviorChange(.behavior("PageHost.languages"), level: .v2,
                       summary: "PageHost's languages default to the person's preferred languages (Locale.preferredLanguages), not none"),
        BehaviorChange(.behavior("$page.busy"), level: .v2,
                       summary: "$page.busy stays on from an edit that sets watchers off until all their chains ran, not off and on between them"),
        BehaviorChange(.behavior("Idempotency-Key"), level: .v2,
                       summary: "api requests that write (not GET, HEAD, OPTIONS) carry an Idempotency-Key header, the same on every retry of one submission"),
        BehaviorChange(.behavior("mask"), level: .v2,
                       summary: "text-field and number-field apply their 'mask' attribute: the field shows the masked text, the store gets the raw value"),
        BehaviorChange(.builtIn(kind: "validation", id: "luhn"), level: .v2, summary: "the built-in validation 'luhn' (card numbers)"),
        BehaviorChange(.builtIn(kind: "validation", id: "iban"), level: .v2, summary: "the built-in validation 'iban' (bank account numbers)"),
        BehaviorChange(.commonAttribute(kind: "component", name: "accessibility"), level: .v2,
                       summary: "every component has an `accessibility` attribute (label, hint, role, value, hidden, group, decorative, heading) that the engine reads"),
        BehaviorChange(.behavior("check: accessibility"), level: .v2,
                       summary: "check reports accessibility problems: an input, image or button with no name, the same name twice in a section, a heading that skips a level, a name that may be empty"),
        BehaviorChange(.builtIn(kind: "component", id: "rating"), level: .v2, summary: "the built-in component rating: 1 to max stars"),
        BehaviorChange(.builtIn(kind: "component", id: "radio"), level: .v2, summary: "the built-in component radio: one of a few options, all shown"),
        BehaviorChange(.builtIn(kind: "component", id: "segmented"), level: .v2, summary: "the built-in component segmented: one of a few options as joined buttons"),
        BehaviorChange(.builtIn(kind: "component", id: "checkboxes"), level: .v2, summary: "the built-in component checkboxes: any number of options, as an array"),
        BehaviorChange(.builtIn(kind: "component", id: "slider"), level: .v2, summary: "the built-in component slider: a number from min to max in steps"),
        BehaviorChange(.builtIn(kind: "validation", id: "count"), level: .v2, summary: "the built-in validation count: how many elements an array has"),
        BehaviorChange(.builtIn(kind: "component", id: "file"), level: .v2,
                       summary: "the built-in component 'file': attached files or photos, picked with PageHost.filePicker"),
        BehaviorChange(.builtIn(kind: "action", id: "upload"), level: .v2,
                       summary: "the built-in action 'upload': sends attachments as multipart/form-data, streamed from disk"),
        BehaviorChange(.builtIn(kind: "validation", id: "attachments"), level: .v2,
                       summary: "the built-in validation 'attachments': a file input's count, sizes and types"),
        BehaviorChange(.behavior("check: unused-data"), level: .v2,
                       summary: "check warns (unused-data) about a member of the page's data that nothing binds, reads or writes"),
        BehaviorChange(.behavior("$global.outbox"), level: .v2,
                       summary: "with an outbox, $global.outbox holds what waits in it ({count, entries}); pages read it and can't write it"),
        BehaviorChange(.behavior("check: outbox-secure"), level: .v2,
                       summary: "check warns (outbox-secure) when an api with \"offline\": \"queue\" reads a secure field's value in its url, headers or body"),
    ]

    /// "level 2: what changes".
    public var description: String { "\(level): \(summary)" }
}

extension [BehaviorChange] {
    /// The level that brings `subject`: level 1 for anything the table doesn't list.
    func level(of subject: BehaviorChange.Subject) -> BehaviorLevel {
        first { $0.subject == subject }?.level ?? .v1
    }
}
