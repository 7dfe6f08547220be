/// A page-level computed value, read in expressions as `$computed.NAME`.
///
/// ```json
/// "computed": {
///   "subtotal": "sum(map($data.lines, x => x.price * x.qty))",
///   "tax": "round($computed.subtotal * 0.2, 2)",
///   "label": { "template": "Total: ${fixed($computed.subtotal + $computed.tax, 2)}" }
/// }
/// ```
///
/// A value is an expression written as a string (or `{"expr": …}`), or `{"template": …}`. It is
/// recomputed only when something it reads changes, may read other computed values, and can't be
/// written.
public struct ComputedNode: Sendable {
    /// The value's name: `$computed.NAME`.
    public let name: String
    /// The expression it follows.
    public let expression: CompiledExpression
    /// JSON path of the value in the page, like `computed.total`.
    public let path: String

    /// A computed value called `name` following `expression`, at `path`.
    public init(name: String, expression: CompiledExpression, path: String) {
        self.name = name
        self.expression = expression
        self.path = path
    }

    /// The path other expressions read it by: `$computed.total`.
    public var storePath: StorePath { StorePath(.computed, [.key(name)]) }

    /// The names of the computed values it reads; nil when it reads all of `$computed` at once.
    var reads: [String]? {
        var names: [String] = []
        for path in expression.dependencies where path.root == .computed {
            guard case .key(let name)? = path.components.first else { return nil }
            if !names.contains(name) { names.append(name) }
        }
        return names
    }
}
