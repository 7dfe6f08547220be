import Foundation
import Testing
import Formwork
@testable import FormworkDesign

/// A member new in a save goes where a person puts it (`JSONMemberOrder`), not after
/// `components` where the browser appended it; everything else keeps its bytes.
@Suite("PreservingJSONWriter member order")
struct PreservingJSONWriterMemberOrderTests {
    @Test(arguments: [
        ("a page's title goes before its components",
         "{\n  \"page\": \"tip\",\n  \"components\": []\n}\n",
         #"{"page": "tip", "components": [], "title": "Tip"}"#,
         "{\n  \"page\": \"tip\",\n  \"title\": \"Tip\",\n  \"components\": []\n}\n"),
        ("a page's strings go before its title and data",
         "{\n  \"page\": \"tip\",\n  \"title\": \"Tip\",\n  \"data\": {},\n  \"components\": [],\n  \"onError\": []\n}\n",
         #"{"page": "tip", "title": "Tip", "data": {}, "components": [], "onError": [], "strings": {"en": {}}}"#,
         "{\n  \"page\": \"tip\",\n  \"strings\": { \"en\": {} },\n  \"title\": \"Tip\",\n  \"data\": {},\n  \"components\": [],\n  \"onError\": []\n}\n"),
        ("a section's attributes go before its components",
         "{\n  \"id\": \"section\",\n  \"key\": \"s\",\n  \"components\": [\n    { \"id\": \"label\" }\n  ]\n}\n",
         #"{"id": "section", "key": "s", "components": [{"id": "label"}], "attributes": {"title": "Hi"}}"#,
         "{\n  \"id\": \"section\",\n  \"key\": \"s\",\n  \"attributes\": {\n    \"title\": \"Hi\"\n  },\n  \"components\": [\n    { \"id\": \"label\" }\n  ]\n}\n"),
        ("a key goes after the id, on a one-line node",
         #"{ "id": "label", "attributes": { "text": "a" }, "validations": [] }"#,
         #"{"id": "label", "attributes": {"text": "a"}, "validations": [], "key": "k"}"#,
         #"{ "id": "label", "key": "k", "attributes": { "text": "a" }, "validations": [] }"#),
        ("a member the page format doesn't name stays where the browser put it",
         "{\n  \"page\": \"tip\",\n  \"components\": []\n}\n",
         #"{"page": "tip", "components": [], "x-note": 1}"#,
         "{\n  \"page\": \"tip\",\n  \"components\": [],\n  \"x-note\": 1\n}\n"),
        ("a member already after everything before it stays there",
         "{\n  \"page\": \"tip\",\n  \"title\": \"Tip\"\n}\n",
         #"{"page": "tip", "title": "Tip", "data": {}}"#,
         "{\n  \"page\": \"tip\",\n  \"title\": \"Tip\",\n  \"data\": {}\n}\n"),
    ])
    func aNewMemberGoesWhereAPersonPutsIt(name: String, original: String, new: String, expected: String) throws {
        let value = try JSONReader.parse(new)
        let written = PreservingJSONWriter.rewrite(Array(original.utf8), to: value)
        #expect(String(decoding: written, as: UTF8.self) == expected, "\(name)")
        #expect(try JSONReader.parse(bytes: written) == value)
        #expect(PreservingJSONWriter.rewrite(written, to: value) == written)
    }
}
