/// The shapes of expression compiled without the parser (`PlainPathShortcut`,
/// `PathOperatorShortcut`, `ArithmeticShortcut`, `CallShortcut`), recognised in one look at the
/// source's bytes.
///
/// Most of a real page's expressions are one of them, and every expression is looked at, so the
/// look is made once: the bytes are read in place once, the first byte picks the only shapes the
/// expression can be (`$` a path alone, compared or in arithmetic, `!` a negated path, anything
/// else a call), and a path is scanned once whether it stands alone, is compared or starts a run. An expression that is none of
/// them goes to the parser having cost a few byte checks.
enum ExpressionShortcut {
    case path(PlainPathShortcut)
    case pathOperator(PathOperatorShortcut)
    case call(CallShortcut)
    case arithmetic(ArithmeticShortcut)

    /// The shape `source` is, or nil when it is none of them (or is over `limits`): then the
    /// parser compiles it, and reports any error.
    init?(_ source: String, functions: FunctionLibrary, limits: PageLimits) {
        guard source.utf8.count <= limits.expressionBytes,
              let found = SourceBytes.read(source, { bytes in ExpressionShortcut.read(bytes, functions, limits) }) else { return nil }
        self = found
    }

    private static func read(_ bytes: SourceBytes.Buffer, _ functions: FunctionLibrary, _ limits: PageLimits) -> ExpressionShortcut? {
        guard let first = bytes.first else { return nil }
        switch first {
        case UInt8(ascii: "$"):
            guard let path = PlainPathShortcut.scan(bytes, from: 0) else { return nil }
            if path.end == bytes.count { return PlainPathShortcut(bytes, path, limits).map(ExpressionShortcut.path) }
            if let compared = PathOperatorShortcut(comparison: bytes, path, limits) { return .pathOperator(compared) }
            return ArithmeticShortcut(bytes, path, limits).map(ExpressionShortcut.arithmetic)
        case UInt8(ascii: "!"):
            return PathOperatorShortcut(negation: bytes, limits).map(ExpressionShortcut.pathOperator)
        default:
            return CallShortcut(bytes, functions, limits).map(ExpressionShortcut.call)
        }
    }
}
