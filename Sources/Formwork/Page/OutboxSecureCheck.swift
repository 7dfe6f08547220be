/// `check`'s rule `outbox-secure` (Grammar 2.19), from behaviour level 2: an `api` action with
/// `"offline": "queue"` whose `body`, `headers` or `url` reads a `secure` field's value. Such a
/// request is refused at run time when it would be queued, unless the app's outbox storage
/// encrypts — which `check` can't know, so it is a warning.
///
/// ```
/// components[1].interactions.onTap[0].attributes.body: warning: this request reads $data.pin, the value of a secure field, and may be kept in the outbox ("offline": "queue"): when it is, it is refused (kind "outbox") unless the app's outbox storage encrypts (OutboxStorage.encrypts is true); leave the secret out of the request, or drop "offline": "queue" [outbox-secure]
/// ```
struct OutboxSecureCheck {
    /// The rule's id, printed at the end of its message and used as the diagnostic's code.
    static let rule = "outbox-secure"
    /// The attributes of `api` that go into the kept request.
    static let attributes = ["url", "headers", "body"]

    /// Where the page's `secure` fields keep their values (`$data.pin`, `$data.cards[*].cvv`).
    let securePaths: [DraftPath]

    /// The warnings for `action`: none unless it is an `api` with a literal `"offline": "queue"`.
    func warnings(for action: ActionNode) -> [PageDiagnostic] {
        guard !securePaths.isEmpty, action.typeID == "api",
              case .literal(.string("queue"))? = action.attributes["offline"]?.content else { return [] }
        var found: [PageDiagnostic] = []
        for name in OutboxSecureCheck.attributes {
            guard let attribute = action.attributes[name], let expression = attribute.expression else { continue }
            let read = expression.dependencies.lazy.compactMap { dependency in self.securePaths.first { OutboxSecureCheck.overlap(dependency, $0) } }.first
            guard let secure = read else { continue }
            found.append(.warning(OutboxSecureCheck.rule, attribute.path,
                                  "this request reads \(secure.description), the value of a secure field, and may be kept in the outbox (\"offline\": \"queue\"): when it is, it is refused (kind \"outbox\") unless the app's outbox storage encrypts (OutboxStorage.encrypts is true); leave the secret out of the request, or drop \"offline\": \"queue\" [\(OutboxSecureCheck.rule)]"))
        }
        return found
    }

    /// Whether reading `dependency` can read what `secure` names: one path is at or below the other.
    static func overlap(_ dependency: StorePath, _ secure: DraftPath) -> Bool {
        guard dependency.root == .data else { return false }
        for (component, step) in zip(dependency.components, secure.steps) {
            switch (component, step) {
            case (.key(let a), .key(let b)) where a == b: continue
            case (.index(let a), .index(let b)) where a == b: continue
            case (.index, .everyElement): continue
            default: return false
            }
        }
        return true
    }
}
