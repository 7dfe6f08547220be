/// A common attribute a later behaviour level brings is no attribute below that level: not in a
/// component type's `attributes`, so not in `PageAttributes`, render JSON, schemas or
/// `formwork registry` listings (BehaviorChange's `.commonAttribute`).
extension Registry {
    /// The component common attributes this registry's level doesn't have yet.
    var laterCommonAttributes: [String] {
        changes.compactMap { change in
            guard change.level > behavior, case .commonAttribute(let kind, let name) = change.subject, kind == ComponentType.kindName else { return nil }
            return name
        }
    }

    /// `type` as this registry's level has it: without the common attributes a later level brings.
    func atLevel(_ type: ComponentType) -> ComponentType {
        let later = laterCommonAttributes
        return later.isEmpty ? type : type.droppingCommon(later)
    }
}
