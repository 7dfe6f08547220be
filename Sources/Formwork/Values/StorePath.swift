/// A path into one of the stores: `$data.items[0].name`, `$global.user`.
///
/// Expressions report the paths they read (`CompiledExpression.dependencies`) and, when they are a
/// plain path, the one they can write (`assignablePath`). A write to a path concerns readers of
/// that path, of its ancestors and of its descendants (`overlaps`).
public struct StorePath: Sendable, Hashable, CustomStringConvertible {
    /// The store a path starts in: `$data`, `$computed`, `$global`, `$param` or `$page`.
    public enum Root: String, Sendable, Hashable, CaseIterable {
        /// `$data`: this page's own values.
        case data
        /// `$computed`: values the page computes from others.
        case computed
        /// `$global`: the app's values, shared by every page.
        case global
        /// `$param`: the read-only input from the page that opened this one.
        case param
        /// `$page`: the engine's state of the page (`busy`, `locale`, …).
        case page
        /// `$state`: a block's own state, one per use of the block.
        case state

        /// Whether pages and people may write it: `$data`, `$global`, and a block's own `$state`.
        /// `$param` is the opener's input, `$computed` follows its expressions, and `$page` is the
        /// engine's own state.
        public var isWritable: Bool { self == .data || self == .global || self == .state }

        /// Why a read-only store can't be written, as the end of a sentence for a page author.
        public var readOnlyReason: String {
            switch self {
            case .data, .global, .state: return "it can be written"
            case .param: return "$param is read-only input from the page that opened this one; copy it into $data and change that"
            case .computed: return "$computed values follow their expressions under \"computed\"; change what they read instead"
            case .page: return "$page is the page's own state (busy, running), kept by the engine"
            }
        }
    }

    /// One step into a value: a member name or an array index.
    public enum Component: Sendable, Hashable {
        /// A member of an object: `.name`, `["name"]`.
        case key(String)
        /// An element of an array, from 0: `[2]`.
        case index(Int)
    }

    /// The store.
    public let root: Root
    /// The steps into the store's value, in order.
    public var components: [Component]

    /// The path into `root` along `components`.
    public init(_ root: Root, _ components: [Component] = []) {
        self.root = root
        self.components = components
    }

    /// Parses `$data.items[0].name`, `$global["odd key"]`; nil if it isn't a plain store path.
    ///
    /// Syntax only: a plain path calls no function, so no app's registry applies and none is taken.
    public init?(_ text: String) {
        guard let compiled = try? CompiledExpression(text, functions: .standard), let path = compiled.plainPath else { return nil }
        self = path
    }

    /// This path, one step further.
    public func appending(_ component: Component) -> StorePath {
        StorePath(root, components + [component])
    }

    /// This path, into the member `key`.
    public func appending(key: String) -> StorePath { appending(.key(key)) }

    /// This path, further along `more`.
    public func appending(contentsOf more: [Component]) -> StorePath {
        StorePath(root, components + more)
    }

    /// Whether `self` is `other` or one of its ancestors.
    public func isPrefix(of other: StorePath) -> Bool {
        root == other.root && components.count <= other.components.count
            && zip(components, other.components).allSatisfy { $0 == $1 }
    }

    /// Whether a write at one path can change what a reader of the other sees.
    public func overlaps(_ other: StorePath) -> Bool {
        isPrefix(of: other) || other.isPrefix(of: self)
    }

    /// The path as an expression writes it: `$data.items[0].name`.
    public var description: String {
        // NB: appended piece by piece into one string: the trace writes a path on every store write.
        var text = "$"
        text.append(root.rawValue)
        for component in components {
            switch component {
            case .key(let key):
                if let first = key.utf8.first, Lexer.isIdentifierStart(first), key.utf8.allSatisfy(Lexer.isIdentifierPart) {
                    text.append(".")
                    text.append(key)
                } else {
                    text.append("[")
                    PageValue.writeJSONString(key, to: &text)
                    text.append("]")
                }
            case .index(let index):
                text.append("[")
                text.append(String(index))
                text.append("]")
            }
        }
        return text
    }
}
