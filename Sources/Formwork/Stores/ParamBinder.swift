/// Checks what an opener passes as `$param` against the page's `params` declarations.
enum ParamBinder {
    /// The `$param` object: given values, then declared defaults. Throws listing every missing
    /// required param and every value of the wrong type.
    static func bind(_ given: PageValue, to specs: [ParamSpec], page: String) throws(PageError) -> PageValue {
        var problems: [PageDiagnostic] = []
        var object: PageObject
        switch given {
        case .object(let o): object = o
        case .null: object = PageObject()
        default:
            throw PageError(.error("param", "params", "the params passed to '\(page)' must be an object, not \(given.typeName)"))
        }
        for spec in specs {
            let path = "params.\(spec.name)"
            if let value = object[spec.name], !value.isNull {
                if !spec.type.accepts(value) {
                    problems.append(.error("param", path, "the param '\(spec.name)' of '\(page)' must be \(spec.type.rawValue), but \(value.jsonText) is \(value.typeName)"))
                } else {
                    object[spec.name] = spec.type.coerce(value)
                }
            } else if let fallback = spec.defaultValue {
                object[spec.name] = fallback
            } else if spec.required {
                problems.append(.error("param", path, "the page '\(page)' needs the param '\(spec.name)' (\(spec.type.rawValue)); pass it when opening the page"))
            }
        }
        if !problems.isEmpty { throw PageError(problems) }
        return .object(object)
    }
}
