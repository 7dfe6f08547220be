/// Masked fields in a page: the `mask` of a `text-field` or `number-field` (from behaviour level 2)
/// turns each edit into the masked text the field shows and the raw value the store gets.
extension PageSession {
    /// The mask `component` applies now, in the page's locale; nil without one, below behaviour
    /// level 2, for an app's own type, or when a computed mask doesn't read (the field then takes
    /// text as typed, as `check` can't see a computed mask).
    public func mask(of component: PageComponent) -> InputMask? {
        // NB: the level first (level 1 pays one comparison), then the page's attribute: a page
        // without masks pays one lookup per field rendered or text typed, and nothing at open or edit.
        guard engine.registry.behavior >= .v2, let value = component.attributes["mask"], !value.isNull,
              component.type.attribute("mask") != nil, !engine.registry.components.isApps(component.type.id) else { return nil }
        return try? InputMask(value, locale: pageLocale.locale)
    }

    /// A person edited a field: `edit` says what the field showed, where the caret was, and what
    /// replaced which range. With a mask the edit goes through it (`InputMask.apply`); without one
    /// the text is the field's text with the range replaced. The value is entered as
    /// `enterText(_:into:)` does, and the result says what the field shows now and where the caret goes.
    ///
    /// ```swift
    /// // a text-field with "mask": {"phone": "RU"} showing "+7 (912) ", the caret at the end:
    /// let shown = try await page.editText(MaskEdit(text: "+7 (912) ", selection: 9..<9, replaced: 9..<9, inserted: "3"), in: phone)
    /// shown.text    // "+7 (912) 3"
    /// shown.caret   // 10
    /// phone.value   // "+79123"
    /// ```
    ///
    /// - Returns: the field's text, caret (UTF-16 offsets) and the value given to the store.
    /// - Throws: `PageError` when the component can't be edited, as `edit(_:to:)` does.
    @discardableResult
    public func editText(_ edit: MaskEdit, in component: PageComponent) async throws(PageError) -> MaskedText {
        guard let mask = mask(of: component) else {
            let chars = Array(edit.text)
            let range = TextOffsets.characterRange(edit.replaced, in: chars)
            let text = String(chars[..<range.lowerBound]) + edit.inserted + String(chars[range.upperBound...])
            try await enterText(text, into: component)
            return MaskedText(text: text, caret: TextOffsets.utf16Offset(range.lowerBound, in: chars) + edit.inserted.utf16.count, raw: component.value ?? .null)
        }
        let shown = mask.apply(edit)
        maskedTexts[ObjectIdentifier(component)] = shown.text
        if let error = component.validationError, error == InputProblem.number(locale: pageLocale.locale).message { component.showError(nil, fromServer: false) }
        if shown.raw != (component.value ?? .null) { try await self.edit(component, to: shown.raw) }
        return shown
    }

    /// The text a masked field shows for `value`: the text last typed, while its value is still
    /// `value`; else the mask's text for the value.
    func maskedText(of component: PageComponent, value: PageValue, mask: InputMask) -> String {
        if let typed = maskedTexts[ObjectIdentifier(component)], mask.apply(.replacingAll(of: "", with: typed)).raw == value { return typed }
        return mask.text(for: value)
    }
}
