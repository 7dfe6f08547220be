/// What `$attr` and `$state` mean in the expressions of one use of a block (see `Blocks/`).
///
/// A block's components read the attributes their use gives as `$attr.NAME`: the parser puts
/// the use's own expression (or literal) in place of the reference, so `fixed($attr.amount, 2)`
/// used with `"amount": {"expr": "$computed.total"}` compiles as `fixed($computed.total, 2)`,
/// reads `$computed.total` and follows it; `$attr.value.street` given `$data.shipping` is the
/// plain path `$data.shipping.street` and binds both ways. `$state.NAME` is the instance's own
/// state, kept under the instance's name: `$state["shipping"].NAME`.
struct BlockExpressionScope: Sendable {
    /// The block's id, for messages.
    let blockID: String
    /// Each declared attribute's tree: the use's expression, template or literal, else the
    /// declared default, else null.
    let attributes: [String: Expr]
    /// The declared attribute names, in order, for near-match suggestions.
    let declared: [String]
    /// The instance's name (`shipping`, `checkout.password`): the key its `$state` is kept under.
    let instance: String
    /// Set while reading the rows of a list inside the block: there `$item` and `$index` are that
    /// list's, so an attribute given as an expression reading the page's `$item` can't be put in.
    var insideOwnRows = false

    /// The literal an expression stands for when it is exactly `$attr.NAME` and the use gave NAME
    /// a literal (or left it to its default): the one common case that needs no parsing.
    func literal(named source: String) -> PageValue? {
        let utf8 = source.utf8
        guard utf8.count > 6, source.hasPrefix("$attr."), utf8.dropFirst(6).allSatisfy(Lexer.isIdentifierPart),
              let first = utf8.dropFirst(6).first, Lexer.isIdentifierStart(first),
              case .literal(let value)? = attributes[String(source.dropFirst(6))]?.kind else { return nil }
        return value
    }

    /// The variables a block's components may read: not `$data`, `$computed` or `$param`, which
    /// belong to the page using it.
    static func isPageStore(_ variable: ScopeVariable) -> Bool {
        variable == .data || variable == .computed || variable == .param
    }
}

extension Expr {
    /// This tree placed at `range` of another expression's source (a `$attr.NAME` reference), with
    /// its lambda parameters moved up by `slotOffset` slots (the lambdas around the reference use
    /// the ones below), so it can't clash with them.
    func placed(at range: SourceRange, slotOffset: Int) -> Expr {
        func moved(_ expr: Expr) -> Expr { expr.placed(at: range, slotOffset: slotOffset) }
        let kind: Kind
        switch self.kind {
        case .literal, .variable: kind = self.kind
        case .local(let slot, let name): kind = .local(slot: slot + slotOffset, name: name)
        case .member(let base, let name): kind = .member(moved(base), name)
        case .index(let base, let index): kind = .index(moved(base), moved(index))
        case .unary(let op, let operand): kind = .unary(op, moved(operand))
        case .binary(let op, let left, let right): kind = .binary(op, moved(left), moved(right))
        case .and(let left, let right): kind = .and(moved(left), moved(right))
        case .or(let left, let right): kind = .or(moved(left), moved(right))
        case .coalesce(let left, let right): kind = .coalesce(moved(left), moved(right))
        case .conditional(let test, let then, let otherwise): kind = .conditional(moved(test), moved(then), moved(otherwise))
        case .array(let items): kind = .array(items.map(moved))
        case .object(let members): kind = .object(members.map { (key: $0.key, value: moved($0.value)) })
        case .template(let parts): kind = .template(parts.map(moved))
        case .call(let function, let arguments):
            kind = .call(function, arguments.map { argument in
                switch argument {
                case .value(let value): return .value(moved(value))
                case .lambda(let count, let first, let body): return .lambda(parameterCount: count, firstSlot: first + slotOffset, body: moved(body))
                }
            })
        }
        return Expr(kind: kind, range: range)
    }

    /// Whether the tree reads `variable` anywhere.
    func reads(_ variable: ScopeVariable) -> Bool {
        if case .variable(let v) = kind, v == variable { return true }
        var found = false
        forEachChild { child in if !found, child.reads(variable) { found = true } }
        return found
    }
}
