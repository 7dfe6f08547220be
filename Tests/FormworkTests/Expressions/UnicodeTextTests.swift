import Testing
import Formwork

/// Case mapping, trimming and canonical equivalence follow Unicode's rules, the same on every
/// platform.
@Suite("Unicode text")
struct UnicodeTextTests {
    @Test("upper() and lower() use Unicode's full, language-independent case mappings", arguments: [
        ("lower('ΟΔΟΣ')", "οδος"),
        ("lower('ΟΔΟΣ ΚΑΙ ΣΤΑΣΗ')", "οδος και σταση"),
        ("lower('ΣΑΣ')", "σας"),
        ("lower('Σ')", "σ"),                       // no cased letter before: not final
        ("lower('ΑΣ.')", "ας."),
        ("lower('ΑΣ\\'Α')", "ασ'α"),              // an apostrophe is case-ignorable: a letter follows
        ("lower('ΑΣ\\u0301')", "ας\u{301}"),       // an accent after it doesn't change that it ends the word
        ("lower('Α\\u0301Σ')", "α\u{301}ς"),
        ("lower('ΑΣ1')", "ας1"),
        ("lower('İ')", "i\u{307}"),
        ("lower('ÀB')", "àb"),
        ("upper('straße')", "STRASSE"),
        ("upper('ŉ')", "ʼN"),
        ("upper('ﬁ')", "FI"),
        ("upper('οδος')", "ΟΔΟΣ"),
        ("upper('ς')", "Σ"),
        ("upper('i')", "I"),                       // not the Turkish İ: language-independent
    ])
    func caseMapping(source: String, expected: String) throws {
        #expect(try CompiledExpression(source, functions: .standard).evaluate(in: ExpressionScope()) == .string(expected))
    }

    @Test("trim() removes whole characters with Unicode's White_Space property from both ends", arguments: [
        ("trim('  a b \\n')", "a b"),
        ("trim('\\t\\r\\n a')", "a"),
        ("trim('\\u00a0a\\u3000')", "a"),          // no-break and ideographic spaces
        ("trim('\\u2028a\\u2029\\u0085')", "a"),    // line and paragraph separators, next line
        ("trim('\\u200Ba')", "\u{200B}a"),          // a zero-width space isn't white space
        ("trim('\\uFEFFa')", "\u{FEFF}a"),          // nor is a byte-order mark
        ("trim(' \\u0301a')", " \u{301}a"),         // a space carrying an accent is a character, kept whole
        ("trim('\\r\\n')", ""),
        ("trim('a  b')", "a  b"),
    ])
    func trim(source: String, expected: String) throws {
        #expect(try CompiledExpression(source, functions: .standard).evaluate(in: ExpressionScope()) == .string(expected))
    }

    /// 'é' typed as one code point (U+00E9) and as 'e' plus a combining accent (U+0301) are the
    /// same text to every string operation, `matches()` included.
    @Test("text functions treat canonically equivalent text alike", arguments: [
        ("$data.composed == $data.decomposed", "true"),
        ("contains('caf' + $data.decomposed, $data.composed)", "true"),
        ("startsWith($data.decomposed + 'x', $data.composed)", "true"),
        ("endsWith('x' + $data.composed, $data.decomposed)", "true"),
        ("replace('a' + $data.decomposed + 'b', $data.composed, 'E')", "\"aEb\""),
        ("split('a' + $data.decomposed + 'b', $data.composed)", "[\"a\",\"b\"]"),
        ("len($data.decomposed)", "1"),
        ("matches($data.decomposed, $data.composed)", "true"),
        ("matches($data.composed, $data.decomposed)", "true"),
        ("matches($data.decomposed, '.')", "true"),
        ("matches($data.decomposed, '[é]')", "true"),
        ("matches($data.decomposed, 'e\\\\x{301}')", "false"),   // an escaped code point isn't composed
        ("contains($data.decomposed, 'e')", "false"),
        ("$data.composed > 'z'", "true"),      // U+00E9 sorts after 'z' …
        ("$data.decomposed > 'z'", "true"),    // … and so does e + U+0301, compared composed
    ])
    func canonicalEquivalence(source: String, expected: String) throws {
        let scope = ExpressionScope(data: ["composed": "\u{E9}", "decomposed": "e\u{301}"])
        #expect(try CompiledExpression(source, functions: .standard).evaluate(in: scope).jsonText == expected)
    }
}
