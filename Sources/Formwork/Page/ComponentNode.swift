/// A component as written in the page: its registered type, its instance key, attributes,
/// validations, interactions, children and the fallback used when its type isn't registered.
///
/// NB: a value type whose contents live in one shared, immutable box: every live component keeps
/// its node, and a list keeps one per row, so a copy is a single reference.
public struct ComponentNode: Sendable {
    /// The registered component type, like `text-field`.
    public var typeID: String { storage.typeID }
    /// The instance name, unique in the page, like `menuName`.
    public var key: String? { storage.key }
    /// Its attributes, compiled.
    public var attributes: AttributeList { storage.attributes }
    /// Its validations, in order.
    public var validations: [ValidationNode] { storage.validations }
    /// Event name → chain, like `onChange`.
    public var interactions: [String: [ActionNode]] { storage.interactions }
    /// The components inside it, in order.
    public var children: [ComponentNode] { storage.children }
    /// JSON path of the component in the page, for diagnostics.
    public var path: String { storage.path }
    /// The component to use when `typeID` isn't registered.
    public var fallback: ComponentNode? { storage.fallback }
    /// Set on the component that stands for a use of a block: which block, which instance.
    public var block: BlockInstance? { storage.block }

    private final class Storage: Sendable {
        let typeID: String
        let key: String?
        let attributes: AttributeList
        let validations: [ValidationNode]
        let interactions: [String: [ActionNode]]
        let children: [ComponentNode]
        let fallback: ComponentNode?
        let path: String
        let block: BlockInstance?

        init(typeID: String, key: String?, attributes: AttributeList, validations: [ValidationNode], interactions: [String: [ActionNode]], children: [ComponentNode], fallback: ComponentNode?, path: String, block: BlockInstance?) {
            self.typeID = typeID
            self.key = key
            self.attributes = attributes
            self.validations = validations
            self.interactions = interactions
            self.children = children
            self.fallback = fallback
            self.path = path
            self.block = block
        }
    }

    private let storage: Storage

    /// A component of type `typeID` called `key`.
    public init(typeID: String, key: String?, attributes: AttributeList, validations: [ValidationNode], interactions: [String: [ActionNode]], children: [ComponentNode], fallback: ComponentNode?, path: String, block: BlockInstance? = nil) {
        storage = Storage(typeID: typeID, key: key, attributes: attributes, validations: validations, interactions: interactions, children: children, fallback: fallback, path: path, block: block)
    }
}
