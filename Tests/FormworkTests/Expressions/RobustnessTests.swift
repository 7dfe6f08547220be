import Testing
import Formwork

/// Hostile input: random bytes, token soups, deep nesting and over-long sources must compile or
/// throw `ExpressionError`, never crash or overflow the stack.
@Suite("Robustness")
struct RobustnessTests {
    /// Compiles `source` as an expression and as a template, evaluates whatever compiles, and checks
    /// that every error it meets points inside the source. Returns how many of the two compiled.
    @discardableResult
    static func exercise(_ source: String) -> Int {
        var compiled = 0
        let byteCount = source.utf8.count
        func check(_ error: ExpressionError) {
            if error.kind == .limit && byteCount > CompiledExpression.maximumLength { return }
            #expect(error.range.start >= 0 && error.range.start <= error.range.end && error.range.end <= byteCount,
                    "range \(error.range) outside \(source.debugDescription)")
            #expect(error.location.line >= 1 && error.location.column >= 1)
            #expect(error.rendered.hasPrefix("error: " + error.message + "\n"))
            #expect(!error.message.isEmpty)
        }
        for isTemplate in [false, true] {
            do {
                let expression = isTemplate ? try CompiledExpression(template: source, functions: .standard) : try CompiledExpression(source, functions: .standard)
                compiled += 1
                _ = expression.dependencies
                _ = expression.assignablePath
                do {
                    let value = try expression.evaluate(in: Fixtures.scope)
                    _ = value.jsonText
                    _ = value.displayText
                    if isTemplate { #expect(value.stringValue != nil) }
                } catch {
                    check(error)
                }
            } catch {
                check(error)
            }
        }
        return compiled
    }

    @Test("thousands of random byte strings either compile or throw ExpressionError")
    func randomBytes() {
        var random = SplitMix(seed: 20_240_611)
        var compiled = 0
        for _ in 0..<4_000 {
            let length = Int(random.next() % 48)
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            compiled += RobustnessTests.exercise(String(decoding: bytes, as: UTF8.self))
        }
        // Most random text is a plain template; the count shows the loop reached evaluation.
        #expect(compiled > 1_000)
    }

    @Test("random printable ASCII, where the lexer has more to chew on")
    func randomASCII() {
        var random = SplitMix(seed: 77)
        let alphabet = Array("$data.items[0]()'\"\\{}:,?!&|=<>+-*/%0123456789eE._ abcxyz\n${}=>".utf8)
        var compiled = 0
        for _ in 0..<4_000 {
            let length = Int(random.next() % 40)
            let bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            compiled += RobustnessTests.exercise(String(decoding: bytes, as: UTF8.self))
        }
        #expect(compiled > 1_000)
    }

    @Test("random token soups either compile or throw ExpressionError; those that compile evaluate")
    func tokenSoups() {
        let tokens = [
            "1", "0", "2.5", "-", "+", "*", "/", "%", "!", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "??", "?", ":",
            "(", ")", "[", "]", "{", "}", ",", ".", "=>", "x", "i", "a:",
            "$data", "$data.items", "$data.price", "$data.qty", "$data.name", "$data.tags", "$data.none", "$global", "$param.id",
            "$item", "$index", "'s'", "\"t\"", "null", "true", "false", "9223372036854775807", "1e308", "0.1",
            "len(", "map(", "filter(", "sum(", "upper(", "substr(", "round(", "fixed(", "join(", "split(", "min(", "max(",
            "isEmpty(", "keys(", "count(", "find(", "any(", "all(", "date(", "now()", "number(", "int(", "string(",
            "x =>", "(x, i) =>", "${", "}",
        ]
        var random = SplitMix(seed: 0xF00D)
        var compiled = 0
        var evaluated = 0
        for _ in 0..<6_000 {
            let count = 1 + Int(random.next() % 14)
            let source = (0..<count).map { _ in tokens[Int(random.next() % UInt64(tokens.count))] }.joined(separator: " ")
            if let expression = try? CompiledExpression(source, functions: .standard) {
                compiled += 1
                if (try? expression.evaluate(in: Fixtures.scope)) != nil { evaluated += 1 }
            }
            RobustnessTests.exercise(source)
        }
        #expect(compiled > 100)
        #expect(evaluated > 50)
    }

    @Test("well-formed random expressions compile and evaluate without crashing")
    func generatedExpressions() {
        var random = SplitMix(seed: 4242)
        let leaves = ["1", "2.5", "0", "-3", "'a'", "''", "null", "true", "false", "$data.qty", "$data.price",
                      "$data.name", "$data.items", "$data.tags", "$data.none", "[1, 2]", "{k: 1}", "$data.big"]
        let binary = ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "??"]
        let unary = ["len", "upper", "string", "number", "int", "round", "abs", "isEmpty", "sum", "keys", "floor"]
        func generate(_ depth: Int) -> String {
            if depth == 0 { return leaves[Int(random.next() % UInt64(leaves.count))] }
            switch random.next() % 6 {
            case 0: return "(\(generate(depth - 1)) \(binary[Int(random.next() % UInt64(binary.count))]) \(generate(depth - 1)))"
            case 1: return "\(unary[Int(random.next() % UInt64(unary.count))])(\(generate(depth - 1)))"
            case 2: return "(\(generate(depth - 1)) ? \(generate(depth - 1)) : \(generate(depth - 1)))"
            case 3: return "map(\(generate(depth - 1)), (x, i) => \(generate(depth - 1)) + x)"
            case 4: return "\(generate(depth - 1))[\(generate(depth - 1))]"
            default: return "-\(generate(depth - 1))"
            }
        }
        var values = 0
        for _ in 0..<2_000 {
            let source = generate(Int(random.next() % 5))
            do {
                let expression = try CompiledExpression(source, functions: .standard)
                if (try? expression.evaluate(in: Fixtures.scope)) != nil { values += 1 }
            } catch {
                Issue.record("\(source) failed to compile: \(error.message)")
            }
        }
        #expect(values > 200)
    }

    // MARK: - Nesting and length

    static let deepSources: [(String, String)] = [
        ("10,000 open parentheses, closed", String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)),
        ("9,000 open parentheses, closed", String(repeating: "(", count: 9_000) + "1" + String(repeating: ")", count: 9_000)),
        ("10,000 open parentheses, never closed", String(repeating: "(", count: 10_000)),
        ("10,000 minus signs", String(repeating: "-", count: 10_000) + "1"),
        ("10,000 spaced minus signs", String(repeating: "- ", count: 9_000) + "1"),
        ("10,000 nots", String(repeating: "!", count: 10_000) + "true"),
        ("a.b.c… 10,000 long", "$data" + String(repeating: ".a", count: 10_000)),
        ("a.b.c… 9,000 long", "$data" + String(repeating: ".a", count: 9_000)),
        ("1+1+… 10,000 terms", Array(repeating: "1", count: 10_000).joined(separator: "+")),
        ("1*1*… 5,000 terms", Array(repeating: "1", count: 5_000).joined(separator: "*")),
        ("[[[[… 10,000 deep", String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)),
        ("[[[[… 9,000 deep, never closed", String(repeating: "[", count: 9_000)),
        ("{a:{a:… 5,000 deep", String(repeating: "{a:", count: 5_000) + "1" + String(repeating: "}", count: 5_000)),
        ("len(len(… 4,000 deep", String(repeating: "len(", count: 4_000) + "1" + String(repeating: ")", count: 4_000)),
        ("x[0][0]… 5,000 deep", "$data" + String(repeating: "[0]", count: 5_000)),
        ("?: chain 3,000 long", String(repeating: "true ? 1 : ", count: 1_500) + "2"),
        ("?? chain 5,000 long", String(repeating: "1 ?? ", count: 3_000) + "2"),
        ("&& chain 5,000 long", Array(repeating: "true", count: 3_000).joined(separator: " && ")),
        ("nested lambdas", String(repeating: "map($data.items, x => ", count: 1_000) + "x" + String(repeating: ")", count: 1_000)),
        ("'a' + 'a' + … 4,000 terms", Array(repeating: "'a'", count: 4_000).joined(separator: " + ")),
    ]

    @Test("deep nesting gives a clean .limit or syntax error", arguments: deepSources)
    func deepNesting(name: String, source: String) {
        do {
            _ = try CompiledExpression(source, functions: .standard)
            Issue.record("\(name) compiled")
        } catch {
            #expect(error.kind == .limit || error.kind == .syntax, "\(name): \(error.kind)")
            if error.kind == .limit {
                #expect(error.message.contains("256") || error.message.contains("20000"), "\(name): \(error.message)")
            }
            _ = error.rendered
        }
        do {
            _ = try CompiledExpression(template: "${" + source + "}", functions: .standard)
        } catch {
            #expect(error.kind == .limit || error.kind == .syntax, "template \(name): \(error.kind)")
        }
    }

    @Test("nesting is refused above 256 levels and accepted up to it", arguments: [
        ("+", 256, true), ("+", 257, false),
        ("*", 256, true), ("*", 257, false),
        ("&&", 256, true), ("&&", 257, false),
        ("??", 256, true), ("??", 257, false),
    ])
    func chainBoundary(op: String, terms: Int, accepted: Bool) throws {
        let source = Array(repeating: "1", count: terms).joined(separator: " \(op) ")
        do {
            let compiled = try CompiledExpression(source, functions: .standard)
            #expect(accepted)
            _ = try compiled.evaluate(in: Fixtures.scope)
        } catch {
            #expect(!accepted)
            #expect(error.kind == .limit)
            #expect(error.message == "the expression is nested more than 256 levels deep; split it into smaller parts")
        }
    }

    @Test("moderate nesting is fine", arguments: [
        String(repeating: "(", count: 200) + "1" + String(repeating: ")", count: 200),
        String(repeating: "-", count: 200) + "1",
        "$data" + String(repeating: ".a", count: 200),
        String(repeating: "[", count: 200) + String(repeating: "]", count: 200),
        String(repeating: "upper(", count: 100) + "'x'" + String(repeating: ")", count: 100),
        Array(repeating: "$data.qty", count: 200).joined(separator: " + "),
    ])
    func moderateNesting(source: String) throws {
        _ = try CompiledExpression(source, functions: .standard).evaluate(in: Fixtures.scope)
    }

    @Test("sources longer than 20,000 bytes are refused before parsing")
    func overLong() throws {
        let fits = "'" + String(repeating: "a", count: 19_998) + "'"
        #expect(fits.utf8.count == 20_000)
        #expect(try CompiledExpression(fits, functions: .standard).evaluate(in: Fixtures.scope).stringValue?.count == 19_998)

        for source in [fits + " ", String(repeating: "é", count: 10_001), String(repeating: "1", count: 1_000_000)] {
            let error = #expect(throws: ExpressionError.self) { try CompiledExpression(source, functions: .standard) }
            #expect(error?.kind == .limit)
            #expect(error?.message == "the expression is \(source.utf8.count) bytes long; the limit is 20000")
            _ = error?.rendered
            let templateError = #expect(throws: ExpressionError.self) { try CompiledExpression(template: source, functions: .standard) }
            #expect(templateError?.kind == .limit)
        }
    }

    @Test("a compiled expression is shared by concurrent evaluations")
    func concurrentEvaluation() async throws {
        let expression = try CompiledExpression("sum(map($data.items, (x, i) => x.price * x.qty + i))", functions: .standard)
        let results = await withTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { (try? expression.evaluate(in: Fixtures.scope).jsonText) ?? "error" }
            }
            var all: [String] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results == Array(repeating: "25.0", count: 8))
    }
}
