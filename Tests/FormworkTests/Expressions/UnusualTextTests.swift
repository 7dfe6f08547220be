import Foundation
import Testing
import Formwork

/// Text functions over unusual text: U+0000 (which server answers can hold), lone combining
/// marks, CRLF, empty needles, astral characters. Each answer follows Grammar.md 1.6: text is
/// compared as whole characters under canonical equivalence, so a part of a character never
/// matches on its own and NUL is a character like any other — never the end of the text.
///
/// NB: before these functions were written on Swift's `Character` view, `replace('xxxxxxx',
/// 'x\u0000', 'ab')` killed the process inside Foundation (SIGILL in
/// `NSMutableString.replaceOccurrences`) and `contains('xxxxxxx', 'x\u0000')` answered true.
@Suite("Unusual text")
struct UnusualTextTests {
    /// The stores, for the cases that take their text from data (as a server answer would).
    static let scope = ExpressionScope(data: [
        "xs": "xxxxxxx",
        "xnul": "x\u{0}",
        "nul": "\u{0}",
        "crlf": "a\r\nb",
        "mark": "\u{301}",
    ], timeZone: TimeZone(identifier: "UTC") ?? .current)

    static func evaluate(_ source: String) -> Result<PageValue, ExpressionError> {
        do throws(ExpressionError) {
            return .success(try CompiledExpression(source, functions: .standard).evaluate(in: scope))
        } catch {
            return .failure(error)
        }
    }

    @Test("contains() matches whole characters; NUL is one", arguments: [
        ("contains('xxxxxxx', 'x\\u0000')", false),
        ("contains($data.xs, $data.xnul)", false),
        ("contains('ax\\u0000b', 'x\\u0000')", true),
        ("contains('a\\u0000', '\\u0000')", true),
        ("contains('abc', '\\u0000')", false),
        ("contains('\\u0000', 'a')", false),
        ("contains('a\\r\\nb', '\\n')", false),          // '\r\n' is one character
        ("contains($data.crlf, '\\r\\n')", true),
        ("contains('e\\u0301', '\\u0301')", false),       // a lone accent is part of 'é'
        ("contains('e\\u0301', $data.mark)", false),
        ("contains('\\u0301', '\\u0301')", true),
        ("contains('abc', '')", true),
        ("contains('', '')", true),
        ("contains('', 'a')", false),
        ("contains('a😀b', '😀')", true),
        ("contains('aab', 'ab')", true),
        ("contains('xxx', 'x\\u00ad')", false),        // a soft hyphen is a character too
        ("contains('xxx', 'x\\u200b')", false),
        ("contains('xxx', 'x\\ufeff')", false),
        ("contains('x\\u00adx', 'xx')", false),
    ])
    func contains(source: String, expected: Bool) {
        #expect(Self.evaluate(source) == .success(.bool(expected)), "\(source)")
    }

    @Test("startsWith() and endsWith() compare whole characters", arguments: [
        ("startsWith('\\u0000a', '\\u0000')", true),
        ("startsWith('a', 'a\\u0000')", false),
        ("startsWith('a\\u0000', 'a\\u0000')", true),
        ("startsWith('xxxxxxx', $data.xnul)", false),
        ("endsWith('a\\u0000', 'a')", false),
        ("endsWith('a', '\\u0000a')", false),
        ("endsWith('xxxxxxx', 'x\\u0000')", false),
        ("endsWith('x\\u0000', $data.nul)", true),
        ("startsWith('e\\u0301', 'e')", false),
        ("endsWith('e\\u0301', '\\u0301')", false),
        ("endsWith('a\\r\\n', '\\n')", false),
        ("endsWith('a\\r\\n', '\\r\\n')", true),
        ("startsWith('\\u00e9t\\u00e9', 'e\\u0301')", true),   // canonically equal
        ("startsWith('abc', '')", true),
        ("endsWith('abc', '')", true),
        ("endsWith('', '')", true),
        ("startsWith('', 'a')", false),
    ])
    func prefixAndSuffix(source: String, expected: Bool) {
        #expect(Self.evaluate(source) == .success(.bool(expected)), "\(source)")
    }

    @Test("replace() replaces whole characters, left to right, never overlapping", arguments: [
        ("replace('xxxxxxx', 'x\\u0000', 'ab')", "xxxxxxx"),
        ("replace($data.xs, $data.xnul, 'ab')", "xxxxxxx"),
        ("replace('x\\u0000x\\u0000', 'x\\u0000', 'ab')", "abab"),
        ("replace('a\\u0000b', '\\u0000', '-')", "a-b"),
        ("replace('\\u0000', '\\u0000', '')", ""),
        ("replace('ab', 'b', '\\u0000')", "a\u{0}"),
        ("replace('a\\r\\nb', '\\n', ' ')", "a\r\nb"),
        ("replace($data.crlf, '\\r\\n', ' ')", "a b"),
        ("replace('e\\u0301', '\\u0301', '')", "e\u{301}"),
        ("replace('\\u00e9e\\u0301', 'e\\u0301', 'E')", "EE"),
        ("replace('aaa', 'aa', 'b')", "ba"),
        ("replace('abc', '', 'x')", "abc"),
        ("replace('', 'a', 'x')", ""),
        ("replace('a😀b😀', '😀', '')", "ab"),
    ])
    func replace(source: String, expected: String) {
        #expect(Self.evaluate(source) == .success(.string(expected)), "\(source)")
    }

    @Test("split() cuts between whole characters", arguments: [
        ("split('a\\u0000b', '\\u0000')", ["a", "b"]),
        ("split('xxxxxxx', 'x\\u0000')", ["xxxxxxx"]),
        ("split($data.xs, $data.xnul)", ["xxxxxxx"]),
        ("split('\\u0000', '\\u0000')", ["", ""]),
        ("split('\\u0000', '')", ["\u{0}"]),
        ("split('a\\r\\nb', '\\n')", ["a\r\nb"]),
        ("split($data.crlf, '\\r\\n')", ["a", "b"]),
        ("split('e\\u0301e', '\\u0301')", ["e\u{301}e"]),
        ("split('e\\u0301', '')", ["e\u{301}"]),
        ("split('aaa', 'aa')", ["", "a"]),
        ("split('a😀b', '😀')", ["a", "b"]),
        ("split('', '\\u0000')", []),
    ] as [(String, [String])])
    func split(source: String, expected: [String]) {
        #expect(Self.evaluate(source) == .success(.array(expected.map { .string($0) })), "\(source)")
    }

    @Test("matches() reads NUL as a character, in the text and in the pattern", arguments: [
        ("matches('a\\u0000b', 'a.b')", true),
        ("matches('a\\u0000', 'a')", false),
        ("matches('a', 'a\\u0000')", false),
        ("matches('\\u0000', '\\\\x00')", true),
        ("matches('a\\u0000b', 'a\\u0000b')", true),
        ("matches($data.xnul, 'x')", false),
        ("matches($data.xnul, 'x.')", true),
        ("matches('a\\r\\nb', 'a\\\\R b')", false),
        ("matches('a\\r\\nb', 'a\\\\Rb')", true),
    ])
    func matches(source: String, expected: Bool) {
        #expect(Self.evaluate(source) == .success(.bool(expected)), "\(source)")
    }

    @Test("the other text functions keep NUL, marks and line breaks as characters", arguments: [
        ("len('a\\u0000b')", PageValue.int(3)),
        ("len('\\r\\n')", 1),
        ("len('\\u0301')", 1),
        ("len($data.nul)", 1),
        ("substr('a\\u0000b', 1, 1)", "\u{0}"),
        ("substr('a\\r\\nb', 1, 1)", "\r\n"),
        ("trim('\\u0000 a \\u0000')", "\u{0} a \u{0}"),
        ("trim(' \\u0000 ')", "\u{0}"),
        ("upper('a\\u0000b')", "A\u{0}B"),
        ("lower('ΑΣ\\u0000')", "ας\u{0}"),
        ("lower('A\\u0000B')", "a\u{0}b"),
        ("join(['a\\u0000', 'b'], '\\u0000')", "a\u{0}\u{0}b"),
        ("'a\\u0000' == 'a'", false),
        ("'a\\u0000' > 'a'", true),
        ("'a' + '\\u0000' == $data.xnul", false),
        ("'x' + '\\u0000' == $data.xnul", true),
        ("date(0, 'yyyy\\u0000MM', 'UTC')", "1970\u{0}01"),
    ])
    func others(source: String, expected: PageValue) {
        #expect(Self.evaluate(source) == .success(expected), "\(source)")
    }

    @Test("text with NUL is no number, no currency code", arguments: [
        "number('1\\u0000')",
        "int('\\u00002')",
        "number('\\u0000')",
        "formatMoney(1, 'EU\\u0000')",
    ])
    func conversionsWithNul(source: String) {
        guard case .failure(let error) = Self.evaluate(source) else {
            Issue.record("\(source) succeeded")
            return
        }
        #expect(error.kind == .conversion || error.kind == .type, "\(source): \(error.message)")
    }

    @Test("a time zone's name with NUL in it is unknown, not cut short at the NUL", arguments: [
        "date(0, 'yyyy', 'UTC\\u0000junk')",
        "date(0, 'yyyy', 'Asia/Shanghai\\u0000')",
        "formatDate(0, 'yyyy', {timeZone: 'UTC\\u0000x'})",
    ])
    func zoneWithNul(source: String) {
        guard case .failure(let error) = Self.evaluate(source) else {
            Issue.record("\(source) succeeded")
            return
        }
        #expect(error.message.contains("unknown time zone"), "\(error.message)")
    }
}
