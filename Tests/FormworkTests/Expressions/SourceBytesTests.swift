import Testing
@testable import Formwork

/// The shortcuts read names and literals from an expression's bytes (`SourceBytes`): names packed
/// into one number and compared with `PackedName`'s constants, integers without making their
/// text. These check the constants against their names, and the literals against the parser's.
@Suite("Expressions: reading a shortcut's bytes")
struct SourceBytesTests {
    static func packed(_ text: String) -> UInt64? {
        Array(text.utf8).withUnsafeBufferPointer { SourceBytes.packed($0, 0, $0.count) }
    }

    @Test("each packed name is its text")
    func packedNames() {
        let known: [(String, UInt64)] = [
            ("true", PackedName.true), ("false", PackedName.false), ("null", PackedName.null),
            ("data", PackedName.data), ("computed", PackedName.computed), ("global", PackedName.global),
            ("param", PackedName.param), ("page", PackedName.page), ("result", PackedName.result),
            ("event", PackedName.event), ("error", PackedName.error), ("value", PackedName.value),
            ("item", PackedName.item), ("index", PackedName.index), ("state", PackedName.state),
        ]
        for (name, value) in known {
            #expect(Self.packed(name) == value, "\(name)")
        }
        // Every variable has its constant, and no two names share one.
        #expect(Set(known.map(\.1)).count == known.count)
        #expect(ScopeVariable.allCases.allSatisfy { variable in known.contains { $0.0 == variable.rawValue } })
        // A name one byte off, shorter or longer isn't the same number.
        for (name, value) in known {
            for other in [String(name.dropLast()), name + "a", name + "0", "_" + name, name.uppercased()] {
                #expect(Self.packed(other) != value, "\(other)")
            }
        }
        #expect(Self.packed("computeds") == nil)
    }

    /// Each literal the shortcuts take, and what the parser makes of the same text.
    @Test("a literal is the parser's", arguments: [
        "0", "7", "007", "401", "9223372036854775807", "'a'", "\"a b\"", "''", "'naïve 名前'", "true", "false", "null",
    ])
    func literals(text: String) throws {
        let parsed = try CompiledExpression(generalPath: text, functions: .standard).constantValue
        let read = Array(text.utf8).withUnsafeBufferPointer { SourceBytes.literal($0, at: 0) }
        #expect(read?.0 == parsed, "\(text)")
        #expect(read?.1 == text.utf8.count, "\(text)")
    }

    @Test("what the shortcuts leave to the parser", arguments: [
        "9223372036854775808", "99999999999999999999", "'a\\'b'", "'open", "truely", "nul", "True", "-1", "x", "",
    ])
    func notLiterals(text: String) {
        let read = Array(text.utf8).withUnsafeBufferPointer { SourceBytes.literal($0, at: 0) }
        // NB: "truely" and "nul" are names, not literals; the digits that don't fit an int are the
        // parser's big integer.
        #expect(read == nil || read?.1 != text.utf8.count, "\(text)")
    }
}
