import Testing
@testable import Formwork

/// `PlainPathShortcut` names a path's variable from its bytes (its first byte and length pick a
/// candidate, then the name is compared) instead of making a string and switching over it. This
/// compares it with `ScopeVariable(rawValue:)`, the definition, on every variable and on names
/// one letter off, cut short, run on, or cased differently.
@Suite("Expressions: a plain path's variable")
struct PlainPathRootTests {
    static let names: [String] = {
        var names = ScopeVariable.allCases.map(\.rawValue)
        for variable in ScopeVariable.allCases {
            let name = variable.rawValue
            names.append(String(name.dropLast()))
            names.append(String(name.dropFirst()))
            names.append(name + "s")
            names.append(name.uppercased())
            names.append(String(name.prefix(1)) + "x" + String(name.dropFirst(2)))
            names.append(String(name.dropLast()) + "x")
        }
        return names + ["", "p", "e", "i", "pag", "params", "evnt", "eror", "itm", "indx", "attr", "d", "dat", "_data", "data1", "évent"]
    }()

    @Test("the same variable as ScopeVariable(rawValue:)", arguments: names)
    func sameAsRawValue(name: String) {
        #expect(PlainPathShortcut.variable(named: Substring(name).utf8) == ScopeVariable(rawValue: name), "\(name)")
    }

    @Test("a path on every variable is taken, with its variable", arguments: ScopeVariable.allCases)
    func everyVariable(variable: ScopeVariable) {
        for source in ["$" + variable.rawValue, "$" + variable.rawValue + ".a", "$" + variable.rawValue + ".a.b.c"] {
            #expect(PlainPathShortcut(source, limits: .standard)?.variable == variable, "\(source)")
        }
    }
}
