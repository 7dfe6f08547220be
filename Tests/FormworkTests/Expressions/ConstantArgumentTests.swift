import Foundation
import Testing
import Formwork

/// A call whose arguments are all constants (`text('send')`, `fixed(2.5, 2)`) is compiled with
/// their values, not a closure each; a call with any other argument evaluates each in turn. These
/// compile every call of a table with its literal arguments and again with some or all of them
/// read from `$data`, and check the two agree on the value or on the error.
@Suite("Expressions: calls with constant arguments")
struct ConstantArgumentTests {
    /// A function and its arguments, written as literals.
    static let table: [(function: String, arguments: [String])] = [
        ("upper", ["'abc'"]), ("len", ["'naïve'"]), ("substr", ["'hello'", "1", "3"]), ("replace", ["'a-b'", "'-'", "'+'"]),
        ("min", ["3", "1", "2"]), ("max", ["1", "2.5"]), ("fixed", ["2.5", "2"]), ("number", ["'abc'"]), ("round", ["1.5"]),
        ("upper", ["1"]), ("contains", ["'abc'", "'b'"]), ("join", ["['a', 'b']", "'-'"]), ("formatNumber", ["1234"]),
        ("substr", ["'hello'", "'x'"]), ("isEmpty", ["null"]), ("split", ["'a,b'", "','"]), ("count", ["[1, 2, 3]"]),
        ("now", []), ("string", ["true"]), ("abs", ["-5"]), ("int", ["'9x'"]),
    ]

    /// The arguments' values, as `$data.a0`, `$data.a1`, …
    static func data(_ arguments: [String]) throws -> PageValue {
        var members: [(String, PageValue)] = []
        for (i, argument) in arguments.enumerated() {
            members.append(("a\(i)", try CompiledExpression(argument, functions: .standard).evaluate(in: ExpressionScope())))
        }
        return .object(PageObject(members))
    }

    /// The value as JSON, or the error's kind, message and where it starts.
    static func outcome(_ source: String, _ data: PageValue, functions: FunctionLibrary = .standard) -> String {
        let scope = ExpressionScope(data: data, clock: FixedClock(milliseconds: 1_767_225_600_000), timeZone: TimeZone(identifier: "UTC") ?? .current)
        do {
            return try CompiledExpression(source, functions: functions).evaluate(in: scope).jsonText
        } catch {
            return "\(error.kind) at \(error.range.start): \(error.message)"
        }
    }

    @Test("constant arguments give what the same arguments read from $data give", arguments: table.indices)
    func sameAsRead(row: Int) throws {
        let (function, arguments) = ConstantArgumentTests.table[row]
        let data = try ConstantArgumentTests.data(arguments)
        let literal = "\(function)(\(arguments.joined(separator: ", ")))"
        let expected = ConstantArgumentTests.outcome(literal, data)
        let reads = arguments.indices.map { "$data.a\($0)" }
        var variants = ["\(function)(\(reads.joined(separator: ", ")))"]
        if arguments.count > 1 {
            // The constants before a read, then the read; and a read, then the constants.
            variants.append("\(function)(\((arguments.dropLast() + [reads[reads.count - 1]]).joined(separator: ", ")))")
            variants.append("\(function)(\(([reads[0]] + arguments.dropFirst()).joined(separator: ", ")))")
        }
        for variant in variants {
            #expect(ConstantArgumentTests.outcome(variant, data) == expected, "\(literal) vs \(variant)")
        }
    }

    /// An app's function that calls its argument as a lambda, and one that takes a lambda after a value.
    static let functions: FunctionLibrary = {
        var library = FunctionLibrary.standard
        library.register(ExpressionFunction("callFirst", arity: 1...1, isPure: false) { call in
            try call.call(0, .int(1))
        })
        library.register(ExpressionFunction("applyTo", arity: 2...2, lambdaParameters: [1: 1], isPure: false) { call in
            try call.call(1, call.arguments[0])
        })
        return library
    }()

    @Test("lambdas are where they were, after constants or without any", arguments: [
        ("callFirst(3)", "callFirst($data.a0)", "type at 0: argument 1 must be a lambda such as x => x * 2"),
        ("callFirst('x')", "callFirst($data.a1)", "type at 0: argument 1 must be a lambda such as x => x * 2"),
        ("applyTo(3, x => x * 2)", "applyTo($data.a0, x => x * 2)", "6"),
        ("applyTo('x', y => y + '!')", "applyTo($data.a1, y => y + '!')", "\"x!\""),
    ])
    func lambdas(literal: String, read: String, expected: String) {
        let data: PageValue = ["a0": 3, "a1": "x"]
        #expect(ConstantArgumentTests.outcome(literal, data, functions: ConstantArgumentTests.functions) == expected, "\(literal)")
        #expect(ConstantArgumentTests.outcome(read, data, functions: ConstantArgumentTests.functions) == expected, "\(read)")
    }
}
