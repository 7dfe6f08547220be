/// A registered component type: the attributes it reads, the events it fires, how its children
/// are laid out, and any built-in behaviour for an event.
///
/// A host registers its own the same way the built-ins are registered:
///
/// ```swift
/// var registry = Registry.standard
/// registry.register(ComponentType("rating", attributes: [
///     AttributeSpec("title", .string),
///     AttributeSpec("value", .int, default: 0, twoWay: true),
/// ], events: ["onChange"], valueAttribute: "value"))
/// ```
public struct ComponentType: RegisteredType {
    /// "component", in messages.
    public static let kindName = "component"
    /// Attributes every component has, added to each type: `hidden`, `enabled`, `validateOn`. A
    /// type that declares one of these names itself keeps its own, and the engine's feature of
    /// that name is off for it (`replacedCommonAttributes`): a type owning `hidden` is never
    /// hidden by the engine, its `hidden` is the type's to read.
    public static let commonAttributes: [AttributeSpec] = [
        AttributeSpec("hidden", .bool, default: false, summary: "hides the component and its children"),
        AttributeSpec("enabled", .bool, default: true, summary: "whether the person can edit or tap it"),
        AttributeSpec("validateOn", .string, default: "submit", summary: "'change' to validate on every edit, 'submit' to wait for a validate action",
                      values: ["submit", "change"]),
    ]

    /// The id pages use, like `text-field`.
    public var id: String { storage.id }
    /// The attributes it takes, with the common ones.
    public var attributes: [AttributeSpec] { storage.attributes }
    /// Events a page may attach chains to, like `onChange` or `onTap`.
    public var events: [String] { storage.events }
    /// How it holds children, if it does.
    public var layout: ComponentLayout { storage.layout }
    /// The attribute holding the input's value: what validations see as `$value`, what `set` edits.
    public var valueAttribute: String? { storage.valueAttribute }
    /// Where `valueAttribute` is among `attributes`, so a scope reads `$value` without a search.
    var valuePosition: Int? { storage.valuePosition }
    /// Built-in behaviour that runs when the event fires, before the page's chain for it.
    public var eventHandlers: [String: ComponentEventHandler] { storage.eventHandlers }
    /// One line for generated docs.
    public var summary: String { storage.summary }
    /// The common attributes (`hidden`, `enabled`, `validateOn`) this type declares itself; the
    /// engine doesn't read them.
    public var replacedCommonAttributes: [String] { storage.replaced }

    /// NB: every live component keeps its type, so the declaration lives in one shared,
    /// immutable box and a copy is a single reference.
    private final class Storage: Sendable {
        let id: String
        let attributes: [AttributeSpec]
        let events: [String]
        let layout: ComponentLayout
        let valueAttribute: String?
        let valuePosition: Int?
        let eventHandlers: [String: ComponentEventHandler]
        let summary: String
        let replaced: [String]

        init(id: String, attributes: [AttributeSpec], replaced: [String], events: [String], layout: ComponentLayout, valueAttribute: String?, eventHandlers: [String: ComponentEventHandler], summary: String) {
            self.replaced = replaced
            self.id = id
            self.attributes = attributes
            self.events = events
            self.layout = layout
            self.valueAttribute = valueAttribute
            valuePosition = valueAttribute.flatMap { name in attributes.firstIndex { $0.name == name } }
            self.eventHandlers = eventHandlers
            self.summary = summary
        }
    }

    private let storage: Storage

    /// A component type; see the example above.
    public init(
        _ id: String, attributes: [AttributeSpec], events: [String] = [], layout: ComponentLayout = .leaf,
        valueAttribute: String? = nil, eventHandlers: [String: ComponentEventHandler] = [:], summary: String = ""
    ) {
        let merged = CommonAttributes.merge(attributes, common: ComponentType.commonAttributes)
        storage = Storage(
            id: id, attributes: merged.attributes, replaced: merged.replaced, events: events,
            layout: layout, valueAttribute: valueAttribute, eventHandlers: eventHandlers, summary: summary)
    }
}

/// How a component's children are built.
public enum ComponentLayout: Sendable, Equatable {
    /// No children.
    case leaf
    /// The `components` as written.
    case container
    /// The `components` repeated for each element of the array attribute `items`, with `$item` and
    /// `$index`. `key`, when given, names the string attribute that says which member of an item
    /// identifies it (`itemKey`), so rows are kept per item when the items change.
    case repeated(items: String, key: String? = nil)
    /// One set of children at a time, chosen by the string attribute `state`: `components` for the
    /// state `normal`, and the `components`-typed attribute named like the state otherwise.
    case switched(state: String)
}

/// Built-in behaviour of a component for one event (a `select` presents its picker on `onTap`).
/// Returning nil ends the event quietly (the person cancelled); a value goes on to the page's
/// chain for that event as `$event`.
public typealias ComponentEventHandler = @MainActor @Sendable (ComponentEventContext) async throws -> PageValue?
