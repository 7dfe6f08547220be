import Testing
@testable import Formwork

/// `ExpressionShortcut` looks at an expression once and picks the one shortcut that can compile
/// it, by its first byte. These check, on every source of the three shortcuts' tables (and names
/// an app registers), that it picks exactly the shape whose own recogniser takes the source, and
/// none when none does: a source the dispatch sent to the wrong recogniser would go to the parser
/// (or the wrong shape) and show here.
@Suite("Expressions: one look for the shortcuts")
struct ExpressionShortcutTests {
    static let sources: [String] = {
        var seen = Set<String>()
        let all = PlainPathShortcutTests.table.map(\.source) + PathOperatorShortcutTests.table.map(\.source)
            + CallShortcutTests.table.map(\.source) + ArithmeticShortcutTests.table.map(\.source) + ["$", "!", "!!", "$$", "$data$", "!$data.a.b", "vat(1)", " vat(1) "]
        return all.filter { seen.insert($0).inserted }
    }()

    enum Shape: Equatable { case path, pathOperator, call, arithmetic, none }

    static func picked(_ source: String, _ functions: FunctionLibrary, _ limits: PageLimits) -> Shape {
        switch ExpressionShortcut(source, functions: functions, limits: limits) {
        case .path: return .path
        case .pathOperator: return .pathOperator
        case .call: return .call
        case .arithmetic: return .arithmetic
        case nil: return .none
        }
    }

    static func expected(_ source: String, _ functions: FunctionLibrary, _ limits: PageLimits) -> Shape {
        var taken: [Shape] = []
        if PlainPathShortcut(source, limits: limits) != nil { taken.append(.path) }
        if PathOperatorShortcut(source, limits: limits) != nil { taken.append(.pathOperator) }
        if CallShortcut(source, functions: functions, limits: limits) != nil { taken.append(.call) }
        if ArithmeticShortcut(source, limits: limits) != nil { taken.append(.arithmetic) }
        #expect(taken.count <= 1, "\(source) is taken by \(taken)")
        return taken.first ?? .none
    }

    @Test("the shape whose recogniser takes it, or none", arguments: sources)
    func sameShape(source: String) {
        for functions in [FunctionLibrary.standard, CallShortcutTests.appFunctions] {
            #expect(Self.picked(source, functions, .standard) == Self.expected(source, functions, .standard), "\(source)")
        }
    }

    @Test("within tight limits, the same", arguments: [1, 2, 3, 4])
    func tightLimits(depth: Int) {
        var limits = PageLimits.standard
        limits.expressionDepth = depth
        for source in Self.sources {
            #expect(Self.picked(source, .standard, limits) == Self.expected(source, .standard, limits), "\(source) at depth \(depth)")
        }
        limits = .standard
        limits.expressionBytes = 12
        for source in Self.sources {
            #expect(Self.picked(source, .standard, limits) == Self.expected(source, .standard, limits), "\(source) within 12 bytes")
        }
    }
}
