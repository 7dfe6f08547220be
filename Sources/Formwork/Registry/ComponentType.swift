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
    /// Attributes every component has, added to each type: `hidden`, `enabled`, `validateOn`,
    /// `accessibility` (from behaviour level 2). A
    /// type that declares one of these names itself keeps its own, and the engine's feature of
    /// that name is off for it (`replacedCommonAttributes`): a type owning `hidden` is never
    /// hidden by the engine, its `hidden` is the type's to read.
    public static let commonAttributes: [AttributeSpec] = [
        AttributeSpec("hidden", .bool, default: false, summary: "hides the component and its children"),
        AttributeSpec("enabled", .bool, default: true, summary: "whether the person can edit or tap it"),
        AttributeSpec("validateOn", .string, default: "submit", summary: "'change' to validate on every edit, 'submit' to wait for a validate action",
                      values: ["submit", "change"]),
        AttributeSpec("accessibility", .object, summary: "how assistive technology announces it: label, hint, role, value, hidden, group, decorative, heading",
                      text: .members(["label", "hint", "value"]), check: AccessibilityAttribute.problem),
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
    /// What the type makes of a value a person or host gives its `valueAttribute` (nil: the
    /// attribute's type decides alone): a `rating` refuses 7 stars of 5, a `radio` takes an
    /// option's title for its value. See `ComponentValueCoercion`.
    public var valueCoercion: ComponentValueCoercion? { storage.valueCoercion }
    /// The common attributes (`hidden`, `enabled`, `validateOn`) this type declares itself; the
    /// engine doesn't read them.
    public var replacedCommonAttributes: [String] { storage.replaced }
    /// How its components are announced unless a page says otherwise: the role and naming
    /// attribute it was registered with, or, when it states none, ones derived from its
    /// declaration (see `AccessibilityDefaults`).
    public var accessibility: AccessibilityDefaults { storage.accessibility ?? AccessibilityDefaults.derived(for: self) }
    /// The accessibility defaults it was registered with; nil when it states none.
    public var statedAccessibility: AccessibilityDefaults? { storage.accessibility }

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
        let accessibility: AccessibilityDefaults?
        let valueCoercion: ComponentValueCoercion?

        init(id: String, attributes: [AttributeSpec], replaced: [String], events: [String], layout: ComponentLayout, valueAttribute: String?, eventHandlers: [String: ComponentEventHandler], summary: String,
             accessibility: AccessibilityDefaults?, valueCoercion: ComponentValueCoercion?) {
            self.accessibility = accessibility
            self.replaced = replaced
            self.valueCoercion = valueCoercion
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

    /// A component type; see the example above. Its role and naming attribute for assistive
    /// technology are derived from the declaration (`AccessibilityDefaults`).
    public init(
        _ id: String, attributes: [AttributeSpec], events: [String] = [], layout: ComponentLayout = .leaf,
        valueAttribute: String? = nil, eventHandlers: [String: ComponentEventHandler] = [:], summary: String = "",
        valueCoercion: ComponentValueCoercion? = nil
    ) {
        self.init(id, attributes: attributes, events: events, layout: layout, valueAttribute: valueAttribute, eventHandlers: eventHandlers, summary: summary,
                  stating: nil, valueCoercion: valueCoercion)
    }

    /// A component type that states how assistive technology announces it: its role and the
    /// attribute that names it.
    public init(
        _ id: String, attributes: [AttributeSpec], events: [String] = [], layout: ComponentLayout = .leaf,
        valueAttribute: String? = nil, eventHandlers: [String: ComponentEventHandler] = [:], summary: String = "",
        accessibility: AccessibilityDefaults, valueCoercion: ComponentValueCoercion? = nil
    ) {
        self.init(id, attributes: attributes, events: events, layout: layout, valueAttribute: valueAttribute, eventHandlers: eventHandlers, summary: summary,
                  stating: accessibility, valueCoercion: valueCoercion)
    }

    private init(
        _ id: String, attributes: [AttributeSpec], events: [String], layout: ComponentLayout,
        valueAttribute: String?, eventHandlers: [String: ComponentEventHandler], summary: String, stating accessibility: AccessibilityDefaults?,
        valueCoercion: ComponentValueCoercion?
    ) {
        let merged = CommonAttributes.merge(attributes, common: ComponentType.commonAttributes)
        storage = Storage(
            id: id, attributes: merged.attributes, replaced: merged.replaced, events: events,
            layout: layout, valueAttribute: valueAttribute, eventHandlers: eventHandlers, summary: summary,
            accessibility: accessibility, valueCoercion: valueCoercion)
    }

    /// The same type without the common attributes `names` (ones its registry's behaviour level
    /// doesn't have yet); its own declarations of those names stay.
    func droppingCommon(_ names: [String]) -> ComponentType {
        let dropped = attributes.filter { spec in !(names.contains(spec.name) && !replacedCommonAttributes.contains(spec.name)) }
        guard dropped.count != attributes.count else { return self }
        return ComponentType(storage: Storage(
            id: id, attributes: dropped, replaced: replacedCommonAttributes, events: events, layout: layout, valueAttribute: valueAttribute,
            eventHandlers: eventHandlers, summary: summary, accessibility: statedAccessibility, valueCoercion: valueCoercion))
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// The same type, stating `accessibility` (nil: keeps what it states).
    func stating(_ accessibility: AccessibilityDefaults?) -> ComponentType {
        guard let accessibility else { return self }
        return ComponentType(id, attributes: attributes, events: events, layout: layout, valueAttribute: valueAttribute, eventHandlers: eventHandlers, summary: summary,
                             stating: accessibility, valueCoercion: valueCoercion)
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

/// What a component type makes of a value given to its value attribute by a person's edit (or a
/// host's, or a flow's `set`), after the attribute's type has converted it: the value to store,
/// or a refusal saying why not. It sees the component's other attributes (a `rating`'s `max`, a
/// `radio`'s `options`) and its current value.
///
/// ```swift
/// let coercion: ComponentValueCoercion = { value, attributes throws(ComponentValueRefusal) in
///     let max = attributes["max"]?.doubleValue ?? 5
///     guard let n = value.doubleValue, n <= max else { throw ComponentValueRefusal("takes at most \(max) stars") }
///     return value
/// }
/// // session.edit(stars, to: 7)  ⇒  PageError: 'stars' takes at most 5 stars
/// ```
public typealias ComponentValueCoercion = @Sendable (_ value: PageValue, _ attributes: PageAttributes) throws(ComponentValueRefusal) -> PageValue

/// Why a component refuses a value (`ComponentValueCoercion`): a phrase that follows the
/// component's name, like `takes 1 to 5 stars, not 7`.
public struct ComponentValueRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The phrase, starting with a verb: `takes one of its options: …`.
    public let message: String

    /// A refusal saying `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
