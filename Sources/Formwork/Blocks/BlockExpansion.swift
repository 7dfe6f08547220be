/// Where a page decoder is in expanding blocks: what names mean here, the use being expanded,
/// and what the expansion has cost so far (`PageLimits.blockDepth`, `blockComponents`).
struct BlockExpansion {
    /// What blocks and named chains can be used here: the page's, or a library's.
    var namespace = BlockNamespace()
    /// The innermost use being expanded: what `$attr` and `$state` mean, and the key prefix.
    var context: BlockContext?
    /// The blocks being expanded, outermost first (their qualified ids): for cycles and depth.
    var stack: [String] = []
    /// The named chains being read in place, outermost first.
    var chainStack: [String] = []
    /// The path of the outermost use being expanded: where going over `blockComponents` is
    /// reported (the page's use, not a component inside the block, maybe in a library's file).
    var usePath: String?
    /// Whether a named chain being read is used inside a block: it may not read `$state` there.
    var namedInBlock = false
    /// Components built from blocks so far in this page.
    var built = 0
    var overBudget = false
    /// How many lists of the current block's own components enclose the one being read.
    var rowDepth = 0
    /// The libraries the page uses, by id.
    var used: [String: BlockLibrary] = [:]
}

/// The use of a block whose components are being read.
struct BlockContext {
    let definition: BlockDefinition
    let scope: BlockExpressionScope

    /// The instance's name, in front of its components' keys: `shipping` makes `street`
    /// `shipping.street`.
    var instance: String { scope.instance }
}

/// What a live block instance is: the block, the instance's name and its initial state. Kept on
/// the component that stands for the use (a `group` holding the block's components).
public struct BlockInstance: Sendable {
    /// The block's id, like `money-row`, and its library when it comes from one.
    public let blockID: String
    /// The id of the library the block comes from (`shop-kit`); nil for a block of the page's own `"blocks"`.
    public let library: String?
    /// The instance's name (`shipping`, or `checkout.password` inside another block's instance):
    /// the prefix of its components' keys, and the key its `$state` is kept under.
    public let instance: String
    /// The state each instance starts with.
    public let initialState: PageValue
    /// The events its components may raise.
    public let events: [String]
}
