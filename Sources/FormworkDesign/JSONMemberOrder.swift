import Formwork

/// Where a person puts a page's or a node's members: a page's `title`, `strings` and `data` come
/// before its `components`, a component's `attributes` before its `validations`, `interactions`
/// and `components`. The order the example pages use.
///
/// `JSONRewrite` reads it for a member that is new in a save: the browser appends a new member
/// to the end of its object, and written there a section's `attributes` would follow its
/// `components`. A new member with a place here goes before the first member already in the
/// object that comes after it in this order; a member this order doesn't name (or an object
/// with no member after it) goes where the browser put it.
///
/// ```
/// { "page": "tip",               { "page": "tip",
///   "components": []     title     "title": "Tip",
/// }                      added →   "components": []
///                                }
/// ```
enum JSONMemberOrder {
    /// A page's members, in order.
    static let page = ["$schema", "flow", "description", "page", "strings", "version", "minEngineVersion", "title", "defaultLocale",
                       "libraries", "params", "data", "computed", "draft", "watchers", "blocks", "chains", "components",
                       "interactions", "whileRunning", "onError"]
    /// A component's, action's, validation's or handler's members, in order.
    static let node = ["id", "use", "key", "description", "attributes", "fallback", "validations", "interactions", "components", "onError"]

    /// The order for an object with these members: a page's when it has `page` and `components`.
    static func order(for object: PageObject) -> [String: Int] {
        let names = object["page"] != nil && object["components"] != nil ? page : node
        return Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.element, $0.offset) })
    }
}
