extension Compiler {
    /// What compiling a tree learns of it besides its closures: the store paths it reads and the
    /// calls it makes, in the order `DependencyAnalysis.dependencies(of:)` (before it drops the
    /// covered paths) and `CallAnalysis.calls(in:)` find them — the walk visits every node once,
    /// parents before children, left to right, as they do.
    ///
    /// NB: one walk instead of three: the separate analyses, kept as the definition, walked the
    /// whole tree again each (a test holds them equal on a table of expressions).
    final class Findings {
        /// Each longest plain store path read, in order of first appearance, repeats included.
        var reads: [StorePath] = []
        /// Each call, outermost first.
        var calls: [FunctionCallSite] = []
        /// Set while compiling the inside of a path already read (`$data.a[0]`'s `$data.a`).
        var insidePath = false
    }

    /// Notes `expr` as a read when it is a plain store path below no other one; returns whether
    /// the walk was inside a path already, for the caller to restore when its children are done.
    func enterPath(_ expr: Expr) -> Bool {
        let wasInside = findings.insidePath
        if !wasInside, let path = DependencyAnalysis.plainPath(expr) {
            findings.reads.append(path)
            findings.insidePath = true
        }
        return wasInside
    }
}
