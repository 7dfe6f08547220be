/// A component as written in the page: its registered type, its instance key, attributes,
/// validations, interactions, children and the fallback used when its type isn't registered.
public struct ComponentNode: Sendable {
    /// The registered component type, like `text-field`.
    public let typeID: String
    /// The instance name, unique in the page, like `menuName`.
    public let key: String?
    public let attributes: AttributeList
    public let validations: [ValidationNode]
    /// Event name → chain, like `onChange`.
    public let interactions: [String: [ActionNode]]
    public let children: [ComponentNode]
    private let fallbackStorage: [ComponentNode]
    public let path: String

    public init(typeID: String, key: String?, attributes: AttributeList, validations: [ValidationNode], interactions: [String: [ActionNode]], children: [ComponentNode], fallback: ComponentNode?, path: String) {
        self.typeID = typeID
        self.key = key
        self.attributes = attributes
        self.validations = validations
        self.interactions = interactions
        self.children = children
        self.fallbackStorage = fallback.map { [$0] } ?? []
        self.path = path
    }

    /// The component to use when `typeID` isn't registered.
    public var fallback: ComponentNode? { fallbackStorage.first }
}
