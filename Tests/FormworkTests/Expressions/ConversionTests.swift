import Testing
import Formwork

/// The value conversions that live in one table: display text (number formatting), truthiness and
/// equality, checked on `PageValue` directly and through the language.
@Suite("Conversions")
struct ConversionTests {
    static let numberTexts: [(Double, String)] = [
        (0.1 + 0.2, "0.3"),
        (3.0, "3"),
        (-3.0, "-3"),
        (1.0 / 3.0, "0.333333333333333"),
        (2.0 / 3.0, "0.666666666666667"),
        (12.5, "12.5"),
        (-12.5, "-12.5"),
        (0.0, "0"),
        (-0.0, "0"),
        (100.0, "100"),
        (1e3, "1000"),
        (123456789012345.6, "123456789012346"),
        (1234567.0000001, "1234567.0000001"),
        (0.000001, "0.000001"),
        (0.0000015, "0.0000015"),
        (1e-7, "1e-7"),
        (1.5e-10, "1.5e-10"),
        (1e15, "1000000000000000"),
        (123456789012345678.0, "123456789012346000"),
        (1e20, "100000000000000000000"),
        (1e21, "1e+21"),
        (1.25e22, "1.25e+22"),
        (-1e21, "-1e+21"),
        (1.7976931348623157e308, "1.79769313486232e+308"),
        (Double.leastNonzeroMagnitude, "4.94065645841247e-324"),
        (0.1, "0.1"),
        (1.1 * 1.1, "1.21"),
        (99.99999999999999, "100"),
        (0.9999999999999999, "1"),
        (9.995, "9.995"),
        (1.005 * 1000, "1005"),
    ]

    @Test("a number's display text has at most 15 significant digits, shortest form", arguments: numberTexts)
    func numberText(value: Double, expected: String) {
        #expect(PageValue.number(value).displayText == expected)
        #expect(PageValue.format(value) == expected)
    }

    @Test("display text of every type", arguments: [
        (PageValue.null, ""),
        (.bool(true), "true"),
        (.bool(false), "false"),
        (.int(0), "0"),
        (.int(-42), "-42"),
        (.int(Int64.max), "9223372036854775807"),
        (.int(Int64.min), "-9223372036854775808"),
        (.number(2.5), "2.5"),
        (.string(""), ""),
        (.string("a \"quoted\" text"), "a \"quoted\" text"),
        (.array([]), "[]"),
        (.array([1, "a", nil]), "[1,\"a\",null]"),
        (.object(["b": 1, "a": [true]]), "{\"b\":1,\"a\":[true]}"),
    ])
    func displayText(value: PageValue, expected: String) {
        #expect(value.displayText == expected)
    }

    @Test("truthiness: falsy are null, false, 0, 0.0 and the empty string", arguments: [
        (PageValue.null, false),
        (.bool(false), false),
        (.bool(true), true),
        (.int(0), false),
        (.int(1), true),
        (.int(-1), true),
        (.number(0), false),
        (.number(-0.0), false),
        (.number(0.001), true),
        (.string(""), false),
        (.string(" "), true),
        (.string("0"), true),
        (.string("false"), true),
        (.array([]), true),
        (.object([:]), true),
    ])
    func truthiness(value: PageValue, expected: Bool) {
        #expect(value.isTruthy == expected)
    }

    @Test("equality: structural, int equals number of the same value, nothing else coerces", arguments: [
        (PageValue.int(1), PageValue.number(1), true),
        (.number(1), .int(1), true),
        (.int(1), .number(1.5), false),
        (.int(9_007_199_254_740_993), .number(9_007_199_254_740_992), false),
        (.int(1), .string("1"), false),
        (.int(0), .bool(false), false),
        (.null, .bool(false), false),
        (.null, .null, true),
        (.string("a"), .string("a"), true),
        (.array([1, 2]), .array([1.0, 2.0]), true),
        (.array([1, 2]), .array([2, 1]), false),
        (.object(["a": 1, "b": 2]), .object(["b": 2, "a": 1]), true),
        (.object(["a": 1]), .object(["a": 1, "b": nil]), false),
        (.object(["a": [1]]), .object(["a": [1.0]]), true),
        (.array([]), .object([:]), false),
    ])
    func equality(a: PageValue, b: PageValue, expected: Bool) {
        #expect((a == b) == expected)
        #expect((b == a) == expected)
    }

    @Test("type names as authors read them in messages", arguments: [
        (PageValue.null, "null"), (.bool(true), "bool"), (.int(1), "int"), (.number(1), "number"),
        (.string(""), "string"), (.array([]), "array"), (.object([:]), "object"),
    ])
    func typeNames(value: PageValue, expected: String) {
        #expect(value.typeName == expected)
    }

    @Test("accessors", arguments: [
        (PageValue.int(3), "3", "3.0"),
        (.number(3), "3", "3.0"),
        (.number(2.5), "nil", "2.5"),
        (.number(1e19), "nil", "1e+19"),
        (.string("3"), "nil", "nil"),
        (.null, "nil", "nil"),
    ])
    func accessors(value: PageValue, int: String, double: String) {
        #expect(value.intValue.map { String($0) } ?? "nil" == int)
        #expect(value.doubleValue.map { "\($0)" } ?? "nil" == double)
    }

    @Test("numbers in concatenation and templates use the display text", arguments: [
        ("'' + 0.1 * 3", "\"0.3\""),
        ("'' + 1e21", "\"1e+21\""),
        ("'' + 0.000001", "\"0.000001\""),
        ("'' + 1e15", "\"1000000000000000\""),
        ("'' + 2.50", "\"2.5\""),
        ("'' + -0.0", "\"0\""),
        ("'' + $data.price * 2", "\"25\""),
        ("'' + 9223372036854775807", "\"9223372036854775807\""),
        ("string(10 / 4)", "\"2.5\""),
        ("string(10 / 5)", "\"2\""),
    ])
    func numberTextInLanguage(source: String, expected: String) throws {
        #expect(try Fixtures.json(source) == expected)
    }

    @Test("PageValue literals and subscripts")
    func valueBasics() {
        let value: PageValue = ["name": "Tofu", "price": 12.5, "qty": 2, "tags": ["a"]]
        #expect(value["price"]?.jsonText == "12.5")
        #expect(value["qty"]?.jsonText == "2")
        #expect(value["missing"] == nil)
        #expect(value["tags"]?[0] == "a")
        #expect(value["tags"]?[1] == nil)
        #expect(value["tags"]?[-1] == nil)
        #expect(PageValue.int(2)["x"] == nil)
        #expect(value.objectValue?.keys == ["name", "price", "qty", "tags"])
        #expect(value.isNull == false)
        #expect(PageValue.null.isNull)
        #expect(value["name"]?.stringValue == "Tofu")
        #expect(PageValue.bool(true).boolValue == true)
        #expect(value["tags"]?.arrayValue?.count == 1)
    }

    @Test("PageObject keeps insertion order; removing and re-adding moves a key to the end")
    func objectOrder() {
        var object = PageObject()
        object["z"] = 1
        object["a"] = 2
        object["m"] = 3
        #expect(object.keys == ["z", "a", "m"])
        object["a"] = 4
        #expect(object.keys == ["z", "a", "m"])
        object["z"] = nil
        #expect(object.keys == ["a", "m"])
        object["z"] = 5
        #expect(object.keys == ["a", "m", "z"])
        #expect(object.entries.map(\.key) == ["a", "m", "z"])
        #expect(object.values == [4, 3, 5])
        #expect(PageValue.object(object).jsonText == "{\"a\":4,\"m\":3,\"z\":5}")
    }

    @Test("writing into values along a path")
    func setAtPath() throws {
        var value: PageValue = ["items": [["n": 1]]]
        try value.set(2, at: [.key("items"), .index(0), .key("n")])
        try value.set("x", at: [.key("items"), .index(1)])
        try value.set(true, at: [.key("new"), .key("deep")])
        #expect(value.jsonText == "{\"items\":[{\"n\":2},\"x\"],\"new\":{\"deep\":true}}")
        #expect(value.value(at: [StorePath.Component.key("items"), .index(0), .key("n")]) == 2)
        #expect(value.value(at: [StorePath.Component.key("nope"), .index(3)]) == .null)
        let before = value.jsonText
        #expect(throws: PageValue.PathError.self) { try value.set(1, at: [.key("items"), .index(5)]) }
        #expect(throws: PageValue.PathError.self) { try value.set(1, at: [.key("items"), .index(0), .key("n"), .key("x")]) }
        #expect(throws: PageValue.PathError.self) { try value.set(1, at: [.key("items"), .key("x")]) }
        #expect(throws: PageValue.PathError.self) { try value.set(1, at: [.key("brand new"), .index(0)]) }
        // A failed write leaves the value as it was.
        #expect(value.jsonText == before)
    }
}
