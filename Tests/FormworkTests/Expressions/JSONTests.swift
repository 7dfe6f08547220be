import Testing
import Formwork

/// The JSON reader and writer: ints stay ints, numbers stay numbers, members keep their order,
/// errors carry line and column, nesting is limited.
@Suite("JSON")
struct JSONTests {
    @Test("lossless round trip", arguments: [
        "null", "true", "false", "0", "-1", "42", "12.5", "3.0", "-0.5", "0.1",
        "9223372036854775807", "-9223372036854775808",
        "1e+21", "1e-07", "0.30000000000000004", "1.7976931348623157e+308", "5e-324",
        "\"\"", "\"text\"", "\"quote \\\" backslash \\\\ newline \\n tab \\t\"", "\"\\u0001\"", "\"é😀\"",
        "[]", "{}", "[1,2.0,\"x\",null,true,[],{}]",
        "{\"z\":1,\"a\":2,\"m\":{\"y\":[1,{\"b\":null,\"a\":0.25}]}}",
    ])
    func roundTrip(json: String) throws {
        let value = try PageValue(json: json)
        #expect(value.jsonText == json)
        #expect(try PageValue(json: value.jsonText).jsonText == json)
        #expect(try PageValue(json: value.prettyJSONText).jsonText == json)
    }

    @Test("reading normalises number spelling but keeps int versus number", arguments: [
        ("1.0", "1.0"),
        ("1E2", "100.0"),
        ("1e2", "100.0"),
        ("-0", "0"),
        ("-0.0", "-0.0"),
        ("2.50", "2.5"),
        ("1e400", nil),
        ("12345678901234567890", nil),   // refused, never rounded
        (" [ 1 , 2 ] ", "[1,2]"),
        ("\u{FEFF}[1]", "[1]"),
        ("\"\\/\\b\\f\\r\"", "\"/\\u0008\\u000c\\r\""),
        ("\"\\ud83d\\ude00\"", "\"😀\""),
        ("\"\\ud800\"", "\"\u{FFFD}\""),
    ] as [(String, String?)])
    func reading(json: String, expected: String?) {
        let value = try? PageValue(json: json)
        #expect(value?.jsonText == expected)
    }

    @Test("the value's types", arguments: [
        ("12", "int"), ("12.0", "number"), ("1e3", "number"), ("-7", "int"),
        ("\"12\"", "string"), ("null", "null"), ("[12]", "array"), ("{}", "object"), ("true", "bool"),
    ])
    func types(json: String, typeName: String) throws {
        #expect(try PageValue(json: json).typeName == typeName)
    }

    @Test("pretty printing")
    func pretty() throws {
        let value = try PageValue(json: #"{"b":[1,{"c":null}],"a":{},"e":[]}"#)
        #expect(value.prettyJSONText == """
            {
              "b": [
                1,
                {
                  "c": null
                }
              ],
              "a": {},
              "e": []
            }
            """)
    }

    @Test("member order is kept")
    func order() throws {
        let value = try PageValue(json: #"{"zeta": 1, "alpha": 2, "mid": 3}"#)
        #expect(value.objectValue?.keys == ["zeta", "alpha", "mid"])
    }

    @Test("a repeated member is found in objects of any size", arguments: [2, 8, 9, 30])
    func repeatedMembers(count: Int) throws {
        let members = (0..<count).map { "\"k\($0)\": \($0)" }
        let object = try PageValue(json: "{" + members.joined(separator: ", ") + "}")
        #expect(object.objectValue?.keys == (0..<count).map { "k\($0)" })
        #expect(object["k\(count - 1)"] == .int(Int64(count - 1)))
        for repeated in [0, count - 1] {
            let text = "{\"outer\": {" + (members + ["\"k\(repeated)\": true"]).joined(separator: ", ") + "}}"
            let error = #expect(throws: JSONReader.Failure.self) { try JSONReader.parse(text) }
            #expect(error?.message == "the member \"k\(repeated)\" appears twice in the same object")
            #expect(error?.path == "outer")
        }
    }

    @Test("syntax errors carry line, column and JSON path", arguments: [
        ("", "the document is empty; expected a JSON value", 1, 1, ""),
        ("   \n  ", "the document is empty; expected a JSON value", 2, 3, ""),
        ("{\"a\": }", "expected a value (string, number, object, array, true, false or null)", 1, 7, "a"),
        ("{\"a\": 1,}", "trailing comma before '}' is not allowed in JSON", 1, 9, ""),
        ("[1, 2,]", "trailing comma before ']' is not allowed in JSON", 1, 7, ""),
        ("{a: 1}", "expected a member name in double quotes", 1, 2, ""),
        ("{\"a\" 1}", "expected ':' after the member name \"a\"", 1, 6, ""),
        ("{\"a\": 1 \"b\": 2}", "expected ',' or '}' after an object member", 1, 9, ""),
        ("[1 2]", "expected ',' or ']' after an array element", 1, 4, ""),
        ("[1, 2", "unexpected end of the document; an array is not closed with ']'", 1, 6, ""),
        ("{\"a\": 1", "unexpected end of the document; an object is not closed with '}'", 1, 8, ""),
        ("{\"a\": 1, \"a\": 2}", "the member \"a\" appears twice in the same object", 1, 15, ""),
        ("01", "numbers can't have leading zeros in JSON", 1, 2, ""),
        ("1.", "expected a digit after the decimal point", 1, 3, ""),
        ("1e", "expected a digit in the exponent", 1, 3, ""),
        ("-", "expected a digit in the number", 1, 2, ""),
        ("1e400", "the number 1e400 is too large", 1, 1, ""),
        ("tru", "expected a value (string, number, object, array, true, false or null)", 1, 1, ""),
        ("nul", "expected a value (string, number, object, array, true, false or null)", 1, 1, ""),
        ("\"abc", "a string is not closed with '\"'", 1, 1, ""),
        ("\"a\tb\"", "control characters must be escaped inside strings (use \\n for a line break)", 1, 3, ""),
        ("\"\\x\"", "unknown escape '\\x' in a string", 1, 2, ""),
        ("\"\\u12\"", "expected four hex digits after \\u", 1, 4, ""),
        ("1 2", "unexpected text after the end of the JSON value", 1, 3, ""),
        ("{\n  \"items\": [\n    {\"n\": 1},\n    {\"n\": }\n  ]\n}", "expected a value (string, number, object, array, true, false or null)", 4, 11, "items[1].n"),
        ("{\"é\": [\"😀\", x]}", "expected a value (string, number, object, array, true, false or null)", 1, 13, "é[1]"),
        ("'single'", "expected a value (string, number, object, array, true, false or null)", 1, 1, ""),
        ("NaN", "expected a value (string, number, object, array, true, false or null)", 1, 1, ""),
    ])
    func errors(json: String, message: String, line: Int, column: Int, path: String) {
        do {
            _ = try JSONReader.parse(json)
            Issue.record("\(json.debugDescription) parsed")
        } catch {
            #expect(error.message == message)
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.path == path)
        }
    }

    @Test("the failure prints as line:column: message (at path)")
    func failureDescription() {
        do {
            _ = try JSONReader.parse("{\"a\": [1, }")
            Issue.record("parsed")
        } catch {
            #expect(error.description == "1:11: expected a value (string, number, object, array, true, false or null) (at a[1])")
        }
    }

    @Test("nesting is limited to 256 levels, without a stack overflow", arguments: [
        (256, true), (257, false), (10_000, false), (100_000, false),
    ])
    func depthLimit(depth: Int, accepted: Bool) {
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let objects = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
        for text in [arrays, objects] {
            do {
                _ = try JSONReader.parse(text)
                #expect(accepted)
            } catch {
                #expect(!accepted)
                #expect(error.message == "objects and arrays are nested more than 256 deep")
            }
        }
    }

    @Test("document offsets give the position of any node")
    func documentLocations() throws {
        let document = try JSONReader.parseDocument(bytes: Array("{\n  \"a\": [10, {\"b\": true}]\n}".utf8))
        #expect(document.location(of: "a")?.line == 2)
        #expect(document.location(of: "a")?.column == 8)
        #expect(document.location(of: "a[1].b")?.column == 19)
        #expect(document.location(of: "nope") == nil)
        #expect(document.value["a"]?[0] == 10)
    }

    @Test("random bytes never crash the reader")
    func randomBytes() {
        var random = SplitMix(seed: 0x5EED_0001)
        let alphabet = Array("{}[]:,\"\\-+.0123456789eEtrufalsn \n\tu".utf8)
        var parsed = 0
        for round in 0..<3_000 {
            let length = Int(random.next() % 64)
            let bytes: [UInt8] = (0..<length).map { _ in
                round % 2 == 0 ? UInt8(truncatingIfNeeded: random.next()) : alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            if let value = try? JSONReader.parse(bytes: bytes) {
                parsed += 1
                // Whatever parses must survive a round trip unchanged.
                #expect((try? PageValue(json: value.jsonText))?.jsonText == value.jsonText)
            }
        }
        #expect(parsed > 0)
    }

    /// The obvious string reader: one scalar at a time, each escape on its own. The reader copies
    /// runs of bytes between escapes instead; both must give the same text.
    static func scalarByScalar(_ body: [UInt8]) -> String? {
        var scalars = String.UnicodeScalarView()
        var i = 0
        func hex(_ at: Int) -> UInt32? {
            guard at + 4 <= body.count else { return nil }
            return UInt32(String(decoding: body[at..<at + 4], as: UTF8.self), radix: 16)
        }
        var plain: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: plain, as: UTF8.self).unicodeScalars)
            plain = []
        }
        while i < body.count {
            guard body[i] == UInt8(ascii: "\\") else {
                plain.append(body[i])
                i += 1
                continue
            }
            flush()
            guard i + 1 < body.count else { return nil }
            switch body[i + 1] {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "u"):
                guard var code = hex(i + 2) else { return nil }
                if (0xD800...0xDBFF).contains(code), i + 7 < body.count, body[i + 6] == UInt8(ascii: "\\"), body[i + 7] == UInt8(ascii: "u"),
                   let low = hex(i + 8), (0xDC00...0xDFFF).contains(low) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                i += 4
            default: return nil
            }
            i += 2
        }
        flush()
        return String(scalars)
    }

    @Test("strings read in runs give what reading scalar by scalar gives", arguments: [
        "", "plain", "é😀 mixed ünïcode", #"\n"#, #"a\nb"#, #"\n\t\"\\"#, #"ends with \n"#, #"\u00e9t\u00e9"#,
        #"\ud83d\ude00 pair"#, #"lone \ud83d then text"#, #"lone low \ude00"#, #"\ud83d\u0041"#, "é\\n😀",
        "a long run " + String(repeating: "of text ", count: 40) + #"\t"# + String(repeating: "ü", count: 30),
    ])
    func stringsInRuns(body: String) throws {
        let bytes = Array(body.utf8)
        let value = try JSONReader.parse(bytes: [UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")])
        #expect(value.stringValue == JSONTests.scalarByScalar(bytes))
    }

    @Test("invalid UTF-8 inside a string reads as U+FFFD, in runs as scalar by scalar", arguments: [
        [0xFF], [0x61, 0xC3], [0xC3, 0x5C, 0x6E], [0xE2, 0x82, 0x5C, 0x75, 0x30, 0x30, 0x34, 0x31], [0xF0, 0x9F, 0x98],
    ] as [[UInt8]])
    func invalidUTF8(body: [UInt8]) throws {
        let value = try JSONReader.parse(bytes: [UInt8(ascii: "\"")] + body + [UInt8(ascii: "\"")])
        #expect(value.stringValue == JSONTests.scalarByScalar(body))
        #expect(value.stringValue?.contains("\u{FFFD}") == true)
    }

    @Test("a document finds positions only when asked, the same ones every time")
    func positionsOnDemand() throws {
        let text = "[\n  {\"k\": \"v\\n\"},\n  {\"k\": [1, {\"deep\": null}]}\n]"
        let document = try JSONReader.parseDocument(bytes: Array(text.utf8))
        let copy = document
        #expect(document.location(of: "[1].k[1].deep")?.line == 3)
        #expect(copy.location(of: "[1].k[1].deep")?.column == 22)
        #expect(document.location(of: "[0].k")?.column == 9)
        #expect(copy.location(of: "[2]") == nil)
    }
}
