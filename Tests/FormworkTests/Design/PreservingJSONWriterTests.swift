import Foundation
import Testing
import Formwork
@testable import FormworkDesign

@Suite("PreservingJSONWriter")
struct PreservingJSONWriterTests {
    /// One rewrite: the file's text, the new document (as JSON text; its member order is the
    /// new value's order), and the exact text expected.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let original: String
        let new: String
        let expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // Unchanged documents are their bytes, whatever their spelling.
        Case(name: "unchanged: spellings, escapes, spacing, no final newline",
             original: #"{"a" : 12.0,"b":1e3, "c": "caf\u00e9 \/ x",  "d": [ 1,2 ]}"#,
             new: #"{"a": 12, "b": 1000, "c": "café / x", "d": [1, 2]}"#,
             expected: #"{"a" : 12.0,"b":1e3, "c": "caf\u00e9 \/ x",  "d": [ 1,2 ]}"#),
        Case(name: "unchanged: member order of the new value doesn't count",
             original: "{\n  \"a\": 1,\n  \"b\": 2\n}\n", new: #"{"b": 2, "a": 1}"#,
             expected: "{\n  \"a\": 1,\n  \"b\": 2\n}\n"),
        // Scalars.
        Case(name: "a changed scalar is replaced in place",
             original: "{\n  \"a\": 1,\n  \"b\": \"x\"\n}\n", new: #"{"a": 1, "b": "y"}"#,
             expected: "{\n  \"a\": 1,\n  \"b\": \"y\"\n}\n"),
        Case(name: "12.0 in the file and 12 from the browser are the same number",
             original: #"{"price": 12.0, "qty": 1}"#, new: #"{"price": 12, "qty": 2}"#,
             expected: #"{"price": 12.0, "qty": 2}"#),
        Case(name: "an int in the file and a whole number from the editor are the same number",
             original: "[3, 4]", new: "[3.0, 5.0]", expected: "[3, 5.0]"),
        Case(name: "unchanged strings keep their escapes",
             original: #"{"s": "caf\u00e9 \/ \ud83d\ude00", "t": 1}"#, new: #"{"s": "café / 😀", "t": 2}"#,
             expected: #"{"s": "caf\u00e9 \/ \ud83d\ude00", "t": 2}"#),
        Case(name: "a new string is escaped as Formwork writes it",
             original: #"{"s": "a"}"#, new: #"{"s": "say \"hi\"\n/é"}"#,
             expected: #"{"s": "say \"hi\"\n/é"}"#),
        Case(name: "a scalar that becomes an object",
             original: "{\n  \"title\": \"Hi\",\n  \"n\": 1\n}", new: #"{"title": {"text": "hi"}, "n": 1}"#,
             expected: "{\n  \"title\": { \"text\": \"hi\" },\n  \"n\": 1\n}"),
        // Members of multi-line objects.
        Case(name: "a new member at the end, on its own line",
             original: "{\n  \"a\": 1,\n  \"b\": 2\n}\n", new: #"{"a": 1, "b": 2, "c": true}"#,
             expected: "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": true\n}\n"),
        Case(name: "a new member after the member before it in the new order",
             original: "{\n  \"a\": 1,\n  \"b\": 2\n}\n", new: #"{"a": 1, "x": [], "b": 2}"#,
             expected: "{\n  \"a\": 1,\n  \"x\": [],\n  \"b\": 2\n}\n"),
        Case(name: "a new first member goes first",
             original: "{\n    \"a\": 1,\n    \"b\": 2\n}\n", new: #"{"x": null, "a": 1, "b": 2}"#,
             expected: "{\n    \"x\": null,\n    \"a\": 1,\n    \"b\": 2\n}\n"),
        Case(name: "a removed middle member goes with its line",
             original: "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3\n}\n", new: #"{"a": 1, "c": 3}"#,
             expected: "{\n  \"a\": 1,\n  \"c\": 3\n}\n"),
        Case(name: "a removed last member leaves no dangling comma",
             original: "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3\n}\n", new: #"{"a": 1, "b": 2}"#,
             expected: "{\n  \"a\": 1,\n  \"b\": 2\n}\n"),
        Case(name: "a removed first member",
             original: "{\n  \"a\": 1,\n  \"b\": 2\n}\n", new: #"{"b": 2}"#,
             expected: "{\n  \"b\": 2\n}\n"),
        Case(name: "a removed multi-line member",
             original: "{\n  \"a\": {\n    \"x\": 1\n  },\n  \"b\": 2\n}\n", new: #"{"b": 2}"#,
             expected: "{\n  \"b\": 2\n}\n"),
        Case(name: "a member replacing the only one",
             original: "{\n  \"a\": 1\n}\n", new: #"{"b": 2}"#,
             expected: "{\n  \"b\": 2\n}\n"),
        Case(name: "every member removed",
             original: "{\n  \"a\": 1\n}\n", new: "{}", expected: "{}\n"),
        Case(name: "members several to a line: removing one keeps the lines",
             original: "{\n  \"a\": 1, \"b\": 2,\n  \"c\": 3, \"d\": 4\n}",
             new: #"{"a": 1, "c": 3, "d": 4}"#,
             expected: "{\n  \"a\": 1,\n  \"c\": 3, \"d\": 4\n}"),
        Case(name: "members several to a line: removing the last of a line",
             original: "{\n  \"a\": 1, \"b\": 2,\n  \"c\": 3, \"d\": 4\n}",
             new: #"{"a": 1, "b": 2, "d": 4}"#,
             expected: "{\n  \"a\": 1, \"b\": 2,\n  \"d\": 4\n}"),
        Case(name: "members several to a line: a new member that fits joins the last line",
             original: "{\n  \"s\": {\n    \"a\": \"aaaaaaaaaaaaaaaaaaaa\", \"b\": \"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\", \"c\": \"cc\"\n  }\n}",
             new: #"{"s": {"a": "aaaaaaaaaaaaaaaaaaaa", "b": "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "c": "cc", "d": 1}}"#,
             expected: "{\n  \"s\": {\n    \"a\": \"aaaaaaaaaaaaaaaaaaaa\", \"b\": \"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\", \"c\": \"cc\", \"d\": 1\n  }\n}"),
        Case(name: "members several to a line: a new member that doesn't fit starts a line",
             original: "{\n  \"s\": {\n    \"a\": \"aaaaaaaaaaaaaaaaaaaa\", \"b\": \"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\", \"c\": \"cc\"\n  }\n}",
             new: #"{"s": {"a": "aaaaaaaaaaaaaaaaaaaa", "b": "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "c": "cc", "d": "dddddddddddddddddddddddd"}}"#,
             expected: "{\n  \"s\": {\n    \"a\": \"aaaaaaaaaaaaaaaaaaaa\", \"b\": \"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\", \"c\": \"cc\",\n    \"d\": \"dddddddddddddddddddddddd\"\n  }\n}"),
        Case(name: "an empty object filled",
             original: "{\n  \"data\": {},\n  \"x\": 1\n}\n", new: #"{"data": {"tip": 10}, "x": 1}"#,
             expected: "{\n  \"data\": { \"tip\": 10 },\n  \"x\": 1\n}\n"),
        // One-line objects and arrays.
        Case(name: "one-line object: a new member on that line",
             original: #"{ "a": 1, "b": 2 }"#, new: #"{"a": 1, "b": 2, "c": {"d": [1]}}"#,
             expected: #"{ "a": 1, "b": 2, "c": { "d": [1] } }"#),
        Case(name: "compact one-line object",
             original: #"{"a":1}"#, new: #"{"a": 1, "b": [true, null]}"#,
             expected: #"{"a":1,"b":[true,null]}"#),
        Case(name: "one-line object: a removed member",
             original: #"{ "a": 1, "b": 2, "c": 3 }"#, new: #"{"a": 1, "c": 3}"#,
             expected: #"{ "a": 1, "c": 3 }"#),
        Case(name: "one-line array: insert, remove",
             original: "[1, 2, 3]", new: "[0, 1, 3]", expected: "[0, 1, 3]"),
        Case(name: "one-line array: move keeps the spelling",
             original: "[1.0, \"\\u0041\", 3]", new: "[3, 1, \"A\"]", expected: "[3, 1.0, \"\\u0041\"]"),
        Case(name: "a one-line document that grows past 100 columns is laid out one member per line",
             original: #"{"page": "tip", "version": 1, "data": {}, "components": []}"# + "\n",
             new: #"{"page": "tip", "version": 1, "data": {}, "components": [{"id": "text", "attributes": {"value": "A tip for the rider, thank you"}}]}"#,
             expected: "{\n  \"page\": \"tip\",\n  \"version\": 1,\n  \"data\": {},\n"
                 + "  \"components\": [{\"id\": \"text\", \"attributes\": {\"value\": \"A tip for the rider, thank you\"}}]\n}\n"),
        Case(name: "a one-line array that grows past 100 columns",
             original: "{\n  \"components\": [{ \"id\": \"a\" }],\n  \"n\": 1\n}",
             new: #"{"components": [{"id": "a"}, {"id": "text", "attributes": {"value": "A tip for the rider, thank you very much"}}], "n": 1}"#,
             expected: "{\n  \"components\": [\n    { \"id\": \"a\" },\n"
                 + "    { \"id\": \"text\", \"attributes\": { \"value\": \"A tip for the rider, thank you very much\" } }\n  ],\n  \"n\": 1\n}"),
        // Arrays of lines.
        Case(name: "multi-line array: insert, remove, move keep each element's text",
             original: "[\n  { \"id\": \"a\" },\n  {\"id\":\"b\"},\n  { \"id\": \"c\" }\n]\n",
             new: #"[{"id": "c"}, {"id": "a"}, {"id": "new"}]"#,
             expected: "[\n  { \"id\": \"c\" },\n  { \"id\": \"a\" },\n  { \"id\": \"new\" }\n]\n"),
        Case(name: "an element changed in place is rewritten inside",
             original: "[\n  { \"id\": \"a\", \"n\": 1 },\n  { \"id\": \"b\",  \"n\": 2 }\n]",
             new: #"[{"id": "a", "n": 1}, {"id": "b", "n": 3}]"#,
             expected: "[\n  { \"id\": \"a\", \"n\": 1 },\n  { \"id\": \"b\",  \"n\": 3 }\n]"),
        Case(name: "a new element among multi-line siblings is multi-line",
             original: "[\n  {\n    \"id\": \"a\",\n    \"rows\": [0]\n  }\n]",
             new: #"[{"id": "a", "rows": [0]}, {"id": "b", "rows": [1, 2]}]"#,
             expected: "[\n  {\n    \"id\": \"a\",\n    \"rows\": [0]\n  },\n  {\n    \"id\": \"b\",\n    \"rows\": [1, 2]\n  }\n]"),
        Case(name: "a file that writes every item on its own line gets new values so too",
             original: "[\n  {\n    \"id\": \"a\"\n  }\n]",
             new: #"[{"id": "a"}, {"id": "b", "rows": [1, 2]}]"#,
             expected: "[\n  {\n    \"id\": \"a\"\n  },\n  {\n    \"id\": \"b\",\n    \"rows\": [\n      1,\n      2\n    ]\n  }\n]"),
        // Line endings, indentation, marks.
        Case(name: "CRLF line endings",
             original: "{\r\n  \"a\": [1],\r\n  \"b\": {\r\n    \"c\": 2\r\n  }\r\n}\r\n",
             new: #"{"b": {"c": 2, "d": {"e": [1, 2]}}, "f": "g"}"#,
             expected: "{\r\n  \"b\": {\r\n    \"c\": 2,\r\n    \"d\": { \"e\": [1, 2] }\r\n  },\r\n  \"f\": \"g\"\r\n}\r\n"),
        Case(name: "tab indentation, in a file that writes every item on its own line",
             original: "{\n\t\"a\": {\n\t\t\"b\": 1\n\t},\n\t\"c\": 2\n}",
             new: #"{"a": {"b": 1}, "c": 2, "d": {"e": 1, "f": [1]}}"#,
             expected: "{\n\t\"a\": {\n\t\t\"b\": 1\n\t},\n\t\"c\": 2,\n\t\"d\": {\n\t\t\"e\": 1,\n\t\t\"f\": [\n\t\t\t1\n\t\t]\n\t}\n}"),
        Case(name: "four spaces and a byte order mark",
             original: "\u{FEFF}{\n    \"a\": [\n        1\n    ]\n}\n",
             new: #"{"a": [1, 2], "b": {"c": {"d": 1}}}"#,
             expected: "\u{FEFF}{\n    \"a\": [\n        1,\n        2\n    ],\n    \"b\": {\n        \"c\": {\n            \"d\": 1\n        }\n    }\n}\n"),
        Case(name: "the example in PreservingJSONWriter's documentation",
             original: "{\n  \"page\": \"tip\",\n  \"version\": 1.0\n}\n", new: #"{"page": "tip", "version": 1, "title": "Tip"}"#,
             expected: "{\n  \"page\": \"tip\",\n  \"version\": 1.0,\n  \"title\": \"Tip\"\n}\n"),
        Case(name: "the example in rewrite(_:to:)'s documentation",
             original: #"{ "id": "text", "attributes": { "value": "caf\u00e9" } }"#,
             new: #"{"id": "text", "attributes": {"value": "café", "bold": true}}"#,
             expected: #"{ "id": "text", "attributes": { "value": "caf\u00e9", "bold": true } }"#),
        // Not JSON.
        Case(name: "text that isn't JSON is replaced, pretty with two spaces",
             original: "{\"a\": ", new: #"{"a": 1, "b": {"c": [1, 2]}, "d": []}"#,
             expected: "{\n  \"a\": 1,\n  \"b\": { \"c\": [1, 2] },\n  \"d\": []\n}\n"),
        Case(name: "an empty file",
             original: "", new: "[]", expected: "[]\n"),
        Case(name: "the root changes type",
             original: "[1]\n", new: #"{"a": 1}"#, expected: "{\n  \"a\": 1\n}\n"),
    ]

    @Test(arguments: cases)
    func rewrite(_ example: Case) throws {
        let new = try JSONReader.parse(example.new)
        let written = PreservingJSONWriter.rewrite(Array(example.original.utf8), to: new)
        #expect(String(decoding: written, as: UTF8.self) == example.expected)
        #expect(try JSONReader.parse(bytes: written) == new)
        #expect(PreservingJSONWriter.rewrite(written, to: new) == written)
    }
}
