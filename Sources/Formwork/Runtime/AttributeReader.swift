/// Resolves the attributes of an action, validation or error handler on demand, against a scope:
/// the page's value if given (literal, expression or template), else the registered default,
/// brought to the declared type. Shared by every context type so they all read alike.
@MainActor
struct AttributeReader {
    let attributes: AttributeList
    let specs: [AttributeSpec]
    let scope: ExpressionScope

    func has(_ name: String) -> Bool { attributes[name] != nil }

    func value(_ name: String) throws -> PageValue {
        let spec = specs.first { $0.name == name }
        guard let node = attributes[name] else { return spec?.defaultValue ?? .null }
        let type = spec?.type ?? node.type
        switch node.content {
        case .literal(let value): return type.coerce(value)
        case .expression(let e), .template(let e):
            do {
                return type.coerce(try e.evaluate(in: scope))
            } catch {
                throw AttributeFailure(attribute: name, path: node.path, error: error)
            }
        case .actions, .chains, .components, .invalid:
            return spec?.defaultValue ?? .null
        }
    }

    func actions(_ name: String) -> [ActionNode] {
        if case .actions(let chain) = attributes[name]?.content { return chain }
        return []
    }

    func chains(_ name: String) -> [[ActionNode]] {
        if case .chains(let chains) = attributes[name]?.content { return chains }
        return []
    }
}

/// An attribute's expression failed while an action, validation or handler read it.
public struct AttributeFailure: Error, Sendable, CustomStringConvertible {
    /// The attribute's name.
    public let attribute: String
    /// JSON path of the attribute's value in the page.
    public let path: String
    /// What went wrong in its expression.
    public let error: ExpressionError

    /// `path: ` and the expression error with its caret.
    public var description: String { "\(path): \(error.rendered)" }
}
