/// A block: a component defined in JSON as an arrangement of registered components and other
/// blocks, with a declared interface — attributes, events and its own small state.
///
/// A page uses one exactly like a registered component:
///
/// ```json
/// { "id": "money-row", "key": "total", "attributes": { "title": "Total", "amount": { "expr": "$computed.total" } } }
/// ```
///
/// Its components read the use's attributes as `$attr.NAME` and the instance's state as
/// `$state.NAME`; their keys are the instance's key and theirs (`total.amount`). Blocks are
/// expanded when the page is read, so the runtime, bindings and flows see ordinary components.
public struct BlockDefinition: Sendable {
    /// The id pages use, like `money-row`.
    public let id: String
    /// The attributes a use may give, declared the way a registered type declares its own.
    public let attributes: [AttributeSpec]
    /// The events its components may `raise`, each handled by the use's chain for it.
    public let events: [String]
    /// The initial `$state` of each instance (an object).
    public let data: PageValue
    /// One line for the registry description and editors.
    public let summary: String
    /// The components as written; each use reads them anew, as if written out in its place.
    let components: PageValue
    /// Where it is defined: the page, or a library (and the file, for messages).
    public let origin: BlockOrigin
    /// The JSON path of the definition in its file, like `blocks.money-row`, with the library's
    /// marker in front for a library's (`<shop-kit>blocks.money-row`).
    let path: String

    /// `shop-kit/money-row` for a library's block, `money-row` for a page's own.
    public var qualifiedID: String { origin.library.map { "\($0)/\(id)" } ?? id }
}

/// A chain of actions, or a list of error handlers, kept by name so pages use it in place:
/// `{ "use": "sign-in-and-retry" }` inside a chain or an `onError` list.
struct NamedChain: Sendable {
    let name: String
    /// The actions (or handlers) as written; each use reads them anew.
    let items: PageValue
    let origin: BlockOrigin
    let path: String
}

/// Where blocks and named chains come from: a page's own, or a library's.
public struct BlockOrigin: Sendable {
    /// The library's id; nil for a page's own.
    public let library: String?
    /// The library's version; nil for a page's own.
    public let version: Int?

    /// The marker in front of JSON paths inside a library (`<shop-kit>`), so a message about a
    /// node that came from a library names the library's file and line, not the page's.
    var pathPrefix: String { library.map { "<\($0)>" } ?? "" }

    static let page = BlockOrigin(library: nil, version: nil)
}
