/// A live component's identity in its page session: unique there and never given to another
/// component (an `ObjectIdentifier` of a disposed row can come back for a new one; this can't).
/// To key views, sets and dictionaries, use `PageComponent.id` (or the component itself, which
/// is `Hashable` by it): it pairs this with the session's id, so it is also unique across pages.
///
/// It is written from the page: the component's key, or for a component without a key its place
/// in the page (its JSON path); inside a list row, behind the list's identity and the row's item
/// key (its `itemKey` member, or its position without one). The first component built there in
/// the session has exactly that path; one built there later (the item left and came back, a
/// `status` switched state and back) gets `#2`, `#3`, …:
///
/// ```swift
/// page.component("save")?.identity.description                 // "save"
/// page.component("lines")?.children.first?.identity.description  // "lines[sku-1].qty"
/// // sku-1 removed, then added again: "lines[sku-1].qty#2"
/// page.component(identity: ComponentIdentity("lines[sku-1].qty"))  // the row's stepper, while it lives
/// ```
///
/// A row that moves or whose item changes keeps its components, so it keeps its identities.
public struct ComponentIdentity: Hashable, Sendable, CustomStringConvertible {
    /// Where the component is in the page: `save`, `components[2]`, `lines[sku-1].qty`.
    public let path: String
    /// 1 for the first component built at `path` in the session, 2 for the next, …
    public let incarnation: Int

    /// The identity of the `incarnation`-th component built at `path` in a session: as a host
    /// that kept an identity rebuilds it, say from saved state.
    public init(_ path: String, incarnation: Int = 1) {
        self.path = path
        self.incarnation = incarnation
    }

    /// `path`, with `#N` for an incarnation after the first.
    public var description: String { incarnation == 1 ? path : "\(path)#\(incarnation)" }
}

extension PageSession {
    /// The identity of a component about to be built for `node` under `parent`.
    func identity(key: String?, node: ComponentNode, parent: PageComponent?, item: PageValue, index: PageValue) -> ComponentIdentity {
        var path = key ?? node.path
        // NB: the nearest list above holds the row this component is in.
        var current = parent
        while let ancestor = current {
            if case .repeated(_, let keyAttribute) = ancestor.type.layout {
                path = "\(ancestor.identity.path)[\(ComponentIdentity.rowKey(item: item, index: index, itemKey: keyAttribute.flatMap { ancestor.attributes[$0]?.stringValue }))].\(path)"
                break
            }
            current = ancestor.parent
        }
        // NB: one lookup (the default subscript's modify), not a read and a write: the path is hashed once.
        return ComponentIdentity(path, incarnation: Self.countOneMore(&identitiesBuilt[path, default: 0]))
    }

    private static func countOneMore(_ count: inout Int) -> Int {
        count += 1
        return count
    }

    /// The live component with this identity, if it is still on the page.
    public func component(identity: ComponentIdentity) -> PageComponent? {
        allComponents.first { $0.identity == identity }
    }
}

extension ComponentIdentity {
    /// A row's part of an identity: its item's key member (text as written), else its position.
    static func rowKey(item: PageValue, index: PageValue, itemKey: String?) -> String {
        if let itemKey, let value = item[itemKey], !value.isNull {
            return value.stringValue ?? value.jsonText
        }
        return index.intValue.map { String($0) } ?? "?"
    }
}
