/// Inputs read what a person in the page's locale types, and show their value the same way.
extension PageSession {
    /// How `component` reads typed text: a number (its value is a number or an int), a date
    /// (`date-field`), or the text itself.
    private enum TypedKind { case number, date, text }

    private func typedKind(of component: PageComponent) -> TypedKind {
        if component.type.id == "date-field" { return .date }
        let valueType = component.type.valueAttribute.flatMap { component.type.attribute($0) }?.type
        return valueType == .number || valueType == .int ? .number : .text
    }

    /// The value `text` means when a person in the page's locale types it into `component`, or
    /// the message that tells them how to write it.
    ///
    /// A `number-field` (or any input whose value is a number) reads the locale's separators —
    /// `1.234,5` in `de`, `1 234,5` in `ru`, `1’234.5` in `de-CH` all mean `1234.5`; a `date-field`
    /// reads the locale's short, medium or long date, or `yyyy-MM-dd`, and gives `yyyy-MM-dd`; other
    /// inputs take the text as it is. Empty text is `null` for numbers and dates.
    ///
    /// ```swift
    /// page.valueForText("1.234,5", in: price)   // in de: .success(1234.5)
    /// page.valueForText("1.5", in: price)       // in de: .failure("Geben Sie eine Zahl ein, z. B. 1.234,5")
    /// ```
    ///
    /// - Parameters:
    ///   - text: what the person typed, as the field holds it.
    ///   - component: the input typed into.
    /// - Returns: the value to store, or the problem to show under the field.
    public func valueForText(_ text: String, in component: PageComponent) -> Result<PageValue, InputProblem> {
        if let mask = mask(of: component) { return .success(mask.apply(.replacingAll(of: "", with: text)).raw) }
        switch typedKind(of: component) {
        case .number: return NumberInput.parse(text, locale: pageLocale.locale)
        case .date: return DateInput.parse(text, locale: pageLocale.locale)
        case .text: return .success(.string(text))
        }
    }

    /// The old name of `valueForText(_:in:)`.
    @available(*, deprecated, renamed: "valueForText(_:in:)", message: "use valueForText(_:in:)")
    public func value(typed text: String, into component: PageComponent) -> Result<PageValue, InputProblem> {
        valueForText(text, in: component)
    }

    /// The text `component`'s input shows for its value in the page's locale: `1234,5` in `de`
    /// for a number field holding 1234.5, `14.11.2023` for a date field holding `2023-11-14`,
    /// other values as they are. The reverse of `valueForText(_:in:)`.
    ///
    /// ```swift
    /// page.textForValue(in: price)   // in de, holding 1234.5: "1234,5"
    /// ```
    ///
    /// - Parameter component: the input whose value is shown.
    /// - Returns: the text to put in the field; empty when there is no value.
    public func textForValue(in component: PageComponent) -> String {
        let value = component.value ?? .null
        if let mask = mask(of: component) { return maskedText(of: component, value: value, mask: mask) }
        switch typedKind(of: component) {
        case .number: return NumberInput.text(value, locale: pageLocale.locale)
        case .date: return DateInput.text(value, locale: pageLocale.locale)
        case .text: return value.isNull ? "" : value.displayText
        }
    }

    /// The old name of `textForValue(in:)`.
    @available(*, deprecated, renamed: "textForValue(in:)", message: "use textForValue(in:)")
    public func inputText(of component: PageComponent) -> String {
        textForValue(in: component)
    }

    /// A person entered `text` into `component`: the text is read in the page's locale
    /// (`valueForText(_:in:)`) and the value is edited in as `edit(_:to:)` does. Text that isn't a
    /// value in the locale changes nothing in the store; the field shows the problem as its error
    /// (until the next text that reads), and the outcome is `.ignored` with that message.
    ///
    /// ```swift
    /// try await page.enterText("1.234,5", into: price)   // in de: price's value is 1234.5
    /// ```
    ///
    /// - Parameters:
    ///   - text: everything the field holds now.
    ///   - component: the input typed into.
    /// - Returns: the outcome of the edit's `onChange`, or `.ignored` when the text didn't read.
    /// - Throws: `PageError` when the component can't be edited, as `edit(_:to:)` does.
    @discardableResult
    public func enterText(_ text: String, into component: PageComponent) async throws(PageError) -> ChainOutcome {
        let problems = [InputProblem.number(locale: pageLocale.locale).message, InputProblem.date(locale: pageLocale.locale).message]
        switch valueForText(text, in: component) {
        case .failure(let problem):
            if component.isEnabled, component.type.valueAttribute != nil { component.showError(problem.message, fromServer: false) }
            return .ignored(problem.message)
        case .success(let value):
            if let mask = mask(of: component) { maskedTexts[ObjectIdentifier(component)] = mask.apply(.replacingAll(of: "", with: text)).text }
            if let shown = component.validationError, problems.contains(shown) { component.showError(nil, fromServer: false) }
            return try await edit(component, to: value)
        }
    }

    /// The old name of `enterText(_:into:)`, with the component first.
    @available(*, deprecated, message: "use enterText(_:into:), with the text first: enterText(text, into: component)")
    @discardableResult
    public func type(_ component: PageComponent, _ text: String) async throws(PageError) -> ChainOutcome {
        try await enterText(text, into: component)
    }
}
