/// Rewrites an expression or template so it reads a renamed store path: every plain read of
/// `from` (or of a path below it) reads `to` instead, and nothing else changes — the text of a
/// string literal, a longer name that starts alike (`$data.name10` for `$data.name`), spacing and
/// comments around it are left as written. Used by the editor's rename (FormworkDesign).
///
/// ```
/// StorePathRename.rename("$data.textField1 + ' textField1' + $data.textField10",
///                        isTemplate: false, from: $data.textField1, to: $data.name)
/// // "$data.name + ' textField1' + $data.textField10"
/// ```
///
/// The source is parsed with the engine's own parser, so only what the engine would read as the
/// path is touched; a source that doesn't parse (a half-typed expression) is left alone (nil).
package enum StorePathRename {
    /// The source with each read of `from` (or below it) reading `to`; nil when the source reads
    /// no such path or doesn't parse.
    package static func rename(_ source: String, isTemplate: Bool, from: StorePath, to: StorePath,
                               functions: FunctionLibrary, limits: PageLimits = .standard) -> String? {
        rename(source, isTemplate: isTemplate, from: from, to: to, functions: functions, limits: limits, blockAttributes: nil)
    }

    /// The same, for a source inside a block's components: `blockAttributes` are the attributes
    /// the block declares (so `$attr.NAME` and `$state` read as they do there); nil elsewhere.
    package static func rename(_ source: String, isTemplate: Bool, from: StorePath, to: StorePath,
                               functions: FunctionLibrary, limits: PageLimits = .standard, blockAttributes: [String]?) -> String? {
        guard !from.components.isEmpty, source.contains("$") else { return nil }
        // NB: each attribute stands for a read of $page (not a literal, which folding might
        // evaluate): only the block's own $state paths are renamed.
        let block = blockAttributes.map { names in
            BlockExpressionScope(blockID: "block", attributes: Dictionary(names.map { ($0, Expr(kind: .variable(.page), range: SourceRange(start: 0, end: 0))) }, uniquingKeysWith: { a, _ in a }),
                                 declared: names, instance: "block")
        }
        guard let tree = try? CompiledExpression.parse(source, isTemplate: isTemplate, functions: functions, limits: limits, block: block) else { return nil }
        // NB: in a block, `$state.NAME` reads as `$state[INSTANCE].NAME` (each instance keeps its
        // own): the instance's level is matched too, and the source's `$state.NAME` replaced.
        var match = from
        if let block, from.root == .state { match = StorePath(.state, [.key(block.instance)] + from.components) }
        let level = match.components.count - 1
        var edits: [SourceRange] = []
        for read in DependencyAnalysis.pathReads(of: tree)
        where read.path.root == match.root && read.path.components.starts(with: match.components) && read.ranges.count > level {
            edits.append(read.ranges[level])
        }
        guard !edits.isEmpty else { return nil }
        var bytes = Array(source.utf8)
        let replacement = Array(to.description.utf8)
        // NB: from the end, so earlier ranges stay where they are.
        for range in edits.sorted(by: { $0.start > $1.start }) where range.end <= bytes.count {
            bytes.replaceSubrange(range.start..<range.end, with: replacement)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
