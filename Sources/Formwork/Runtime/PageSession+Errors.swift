/// Messages from the server shown on fields: a 422 answer's `{"errors": {"iban": "Unknown bank"}}`
/// puts "Unknown bank" under the component keyed `iban`, where validation messages go. The
/// message stays until the person edits that field, a validation of it runs, or the server's
/// next errors replace it.
extension PageSession {
    /// Shows the server's messages on the components they name and clears the ones it showed
    /// before on other components. Returns the messages that name no component on the page.
    ///
    /// `errors` is an object of component key → message. A key names a component as flows do
    /// (`qty[2]` is the third row's `qty`); a message may be text, an array of texts (the first is
    /// shown) or null (nothing to show).
    ///
    /// ```swift
    /// page.showErrors(["iban": "Unknown bank", "note": "Too long"])   // ["note": "Too long"] if there is no "note"
    /// page.showErrors([:])                                            // clears what the server showed
    /// ```
    @discardableResult
    public func showErrors(_ errors: PageValue) -> PageObject {
        var unmatched = PageObject()
        var shown = Set<ObjectIdentifier>()
        for (key, raw) in errors.objectValue ?? PageObject() {
            let message = PageSession.message(raw)
            guard let component = component(row: key) else {
                if let message { unmatched[key] = .string(message) }
                continue
            }
            shown.insert(ObjectIdentifier(component))
            component.showError(message, fromServer: true)
            if let message { record(.validation, "\(key): \(message) (from the server)") }
        }
        for component in allComponents where component.errorIsFromServer && !shown.contains(ObjectIdentifier(component)) {
            component.showError(nil, fromServer: false)
        }
        return unmatched
    }

    /// The component a server's key names: `iban`, or `qty[2]` for a list's third row.
    private func component(row key: String) -> PageComponent? {
        if key.hasSuffix("]"), let open = key.lastIndex(of: "["),
           let index = Int(key[key.index(after: open)..<key.index(before: key.endIndex)]) {
            let name = String(key[..<open])
            let matches = allComponents.filter { $0.key == name }
            return matches.indices.contains(index) ? matches[index] : nil
        }
        return component(key)
    }

    private static func message(_ raw: PageValue) -> String? {
        switch raw {
        case .null: return nil
        case .array(let items): return items.first { !$0.isNull }.map(\.displayText)
        default: return raw.displayText
        }
    }
}
