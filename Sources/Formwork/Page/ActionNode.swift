/// One step of an interaction chain: a registered action type, its attributes and its own error handlers.
public struct ActionNode: Sendable {
    public let typeID: String
    public let attributes: AttributeList
    /// Handlers tried first when this action fails, before the page's `onError`.
    public let onError: [HandlerNode]
    public let path: String

    public init(typeID: String, attributes: AttributeList, onError: [HandlerNode], path: String) {
        self.typeID = typeID
        self.attributes = attributes
        self.onError = onError
        self.path = path
    }
}

/// A validation on a component, like `required` or `range`.
public struct ValidationNode: Sendable {
    public let typeID: String
    public let attributes: AttributeList
    public let path: String

    public init(typeID: String, attributes: AttributeList, path: String) {
        self.typeID = typeID
        self.attributes = attributes
        self.path = path
    }
}

/// An error handler, like `toast` or `push`; its `when` attribute (over `$error`) picks it.
public struct HandlerNode: Sendable {
    public let typeID: String
    public let attributes: AttributeList
    public let path: String

    public init(typeID: String, attributes: AttributeList, path: String) {
        self.typeID = typeID
        self.attributes = attributes
        self.path = path
    }
}
