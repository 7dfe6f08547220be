/// One step of an interaction chain: a registered action type, its attributes and its own error handlers.
public struct ActionNode: Sendable {
    /// The registered action's id, like `api`.
    public let typeID: String
    /// Its attributes, compiled.
    public let attributes: AttributeList
    /// Handlers tried first when this action fails, before the page's `onError`.
    public let onError: [HandlerNode]
    /// JSON path of the action in the page, like `interactions.onSave[2]`.
    public let path: String

    /// An action of type `typeID` at `path`.
    public init(typeID: String, attributes: AttributeList, onError: [HandlerNode], path: String) {
        self.typeID = typeID
        self.attributes = attributes
        self.onError = onError
        self.path = path
    }
}

/// A validation on a component, like `required` or `range`.
public struct ValidationNode: Sendable {
    /// The registered validation's id, like `required`.
    public let typeID: String
    /// Its attributes, compiled.
    public let attributes: AttributeList
    /// JSON path of the validation in the page.
    public let path: String

    /// A validation of type `typeID` at `path`.
    public init(typeID: String, attributes: AttributeList, path: String) {
        self.typeID = typeID
        self.attributes = attributes
        self.path = path
    }
}

/// An error handler, like `toast` or `push`; its `when` attribute (over `$error`) picks it.
public struct HandlerNode: Sendable {
    /// The registered error handler's id, like `toast`.
    public let typeID: String
    /// Its attributes, compiled.
    public let attributes: AttributeList
    /// JSON path of the handler in the page.
    public let path: String

    /// A handler of type `typeID` at `path`.
    public init(typeID: String, attributes: AttributeList, path: String) {
        self.typeID = typeID
        self.attributes = attributes
        self.path = path
    }
}
