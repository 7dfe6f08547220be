/// The page's `accessibility` attribute: an object whose members say how a component is
/// announced where the defaults are wrong (Grammar 2.21).
///
/// ```json
/// "accessibility": { "label": "Quantity", "hint": "Swipe up or down to change it", "group": true }
/// ```
enum AccessibilityAttribute {
    /// Its members and the type each has.
    static let members: [(name: String, type: AttributeType)] = [
        ("label", .string), ("hint", .string), ("role", .string), ("value", .string),
        ("hidden", .bool), ("group", .bool), ("decorative", .bool), ("heading", .int),
    ]

    /// The highest heading level.
    static let deepestHeading = 6

    /// What is wrong with a literal `accessibility` value (nil when nothing is): an unknown
    /// member, a member of the wrong type, an unknown role, a heading level out of 1…6.
    /// NB: a member written as an expression, a template or a localized text is checked when
    /// it is compiled, not here.
    @Sendable static func problem(_ value: PageValue) -> String? {
        guard case .object(let object) = value else { return nil }
        for (name, member) in object {
            guard let type = members.first(where: { $0.name == name })?.type else {
                let hint = Suggestions.nearest(to: name, in: members.map(\.name)).map { "; did you mean '\($0)'?" }
                    ?? "; it has " + members.map(\.name).joined(separator: ", ")
                return "it has no member '\(name)'" + hint
            }
            if case .object(let inner) = member, inner["expr"] != nil || inner["template"] != nil || inner["text"] != nil { continue }
            if !type.accepts(member) {
                return "'\(name)' is \(Wording.withArticle(type.rawValue)), but \(member.preview()) is \(Wording.withArticle(member.typeName))"
            }
            if name == "role", let role = member.stringValue, AccessibilityRole(pageName: role) == nil {
                let names = AccessibilityRole.allCases.map(\.rawValue)
                return "'role' is \(member.jsonText), which is not a role; " + (Suggestions.nearest(to: role, in: names).map { "did you mean \"\($0)\"?" } ?? "use one of " + names.joined(separator: ", "))
            }
            if name == "heading", let level = member.intValue, !(1...Int64(deepestHeading)).contains(level) {
                return "'heading' is \(level); a heading level is 1 (the page's title) to \(deepestHeading)"
            }
        }
        return nil
    }
}
