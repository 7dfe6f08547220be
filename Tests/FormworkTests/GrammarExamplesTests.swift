import Foundation
import Testing
import Formwork

/// Runs every example of Grammar.md, part 1, so the document can't drift from the engine.
///
/// Fenced blocks by info string:
/// - `stores`: a JSON object with `data`, `global`, `param`, `computed` and `page`, used by every block after it;
/// - `examples`: lines `EXPRESSION  ⇒  RESULT_JSON` or `EXPRESSION  ⇒  error: MESSAGE`;
/// - `template-examples`: the same with a template on the left;
/// - `dependency-examples`: lines `EXPRESSION  ⇒  reads PATHS; writes PATH` (`nothing` for none).
///
/// Results are compared as compact JSON, so an int (`3`) and a number (`3.0`) differ. A failure
/// points at the line in Grammar.md.
@Suite("Grammar.md, part 1: expressions")
struct GrammarExamplesTests {
    /// The fixed instant the examples' clock reads: 2023-11-14T22:13:20Z.
    static let clockMilliseconds: Int64 = 1_700_000_000_000

    struct Example: Sendable {
        enum Kind: String, Sendable { case expression = "examples", template = "template-examples", dependencies = "dependency-examples" }
        let kind: Kind
        let source: String
        let expected: String
        /// 1-based line in Grammar.md.
        let line: Int
        let stores: PageValue
    }

    static let grammarPath: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Grammar.md").path

    /// Every example line of Grammar.md, with the stores in force where it appears.
    static func loadExamples() throws -> [Example] {
        let text = try String(contentsOfFile: grammarPath, encoding: .utf8)
        var examples: [Example] = []
        var stores: PageValue = .null
        var block: (info: String, startLine: Int, lines: [String])?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var open = block {
                if trimmed == "```" {
                    block = nil
                    if open.info == "stores" {
                        stores = try PageValue(json: open.lines.joined(separator: "\n"))
                    }
                } else {
                    open.lines.append(line)
                    block = open
                    guard let kind = Example.Kind(rawValue: open.info), !trimmed.isEmpty else { continue }
                    guard let arrow = line.range(of: "⇒") else {
                        throw GrammarFileError(line: index + 1, message: "an example line needs '⇒'")
                    }
                    let source = line[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
                    let expected = line[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
                    examples.append(Example(kind: kind, source: source, expected: expected, line: index + 1, stores: stores))
                }
            } else if trimmed.hasPrefix("```") {
                block = (String(trimmed.dropFirst(3)), index + 1, [])
            }
        }
        return examples
    }

    struct GrammarFileError: Error, CustomStringConvertible {
        let line: Int
        let message: String
        var description: String { "Grammar.md:\(line): \(message)" }
    }

    static func scope(_ stores: PageValue) -> ExpressionScope {
        var scope = ExpressionScope(
            data: stores["data"] ?? .null, global: stores["global"] ?? .null, param: stores["param"] ?? .null,
            clock: FixedClock(milliseconds: clockMilliseconds), timeZone: TimeZone(identifier: "UTC") ?? .current)
        scope.computed = stores["computed"] ?? .null
        scope.page = stores["page"] ?? .null
        return scope
    }

    /// What the example actually gives, in the example's notation.
    static func actual(_ example: Example) -> String {
        do {
            switch example.kind {
            case .expression:
                return try CompiledExpression(example.source, functions: .standard).evaluate(in: scope(example.stores)).jsonText
            case .template:
                return try CompiledExpression(template: example.source, functions: .standard).evaluate(in: scope(example.stores)).jsonText
            case .dependencies:
                let compiled = try CompiledExpression(example.source, functions: .standard)
                let reads = compiled.dependencies.isEmpty ? "nothing" : compiled.dependencies.map(\.description).joined(separator: ", ")
                return "reads \(reads); writes \(compiled.assignablePath?.description ?? "nothing")"
            }
        } catch {
            return "error: " + error.message
        }
    }

    @Test("every example in Grammar.md gives the documented result")
    func examples() throws {
        let examples = try Self.loadExamples()
        #expect(examples.count > 300, "Grammar.md should hold its examples")
        #expect(Set(examples.map(\.kind)) == [.expression, .template, .dependencies])
        for example in examples {
            #expect(example.stores != .null, "Grammar.md:\(example.line): a stores block must come before the examples")
            let actual = Self.actual(example)
            if actual != example.expected {
                Issue.record(
                    "Grammar.md:\(example.line): \(example.source)\n  documented: \(example.expected)\n  actual:     \(actual)",
                    sourceLocation: Testing.SourceLocation(fileID: "FormworkTests/Grammar.md", filePath: Self.grammarPath, line: example.line, column: 1))
            }
        }
    }

    @Test("every standard function appears in at least one example")
    func everyFunctionIsExemplified() throws {
        let sources = try Self.loadExamples().map(\.source)
        let missing = FunctionLibrary.standard.names.filter { name in
            !sources.contains { $0.range(of: "\\b\(name)\\(", options: .regularExpression) != nil }
        }
        #expect(missing == [], "functions without an example in Grammar.md")
    }

    @Test("Grammar.md keeps the headings of parts 2 and 3")
    func partHeadings() throws {
        let text = try String(contentsOfFile: Self.grammarPath, encoding: .utf8)
        for heading in ["# Part 1 — Expressions", "# Part 2 — Pages", "# Part 3 — Flow files"] {
            #expect(text.components(separatedBy: "\n").contains(heading), "missing heading \(heading)")
        }
    }
}
