import Testing
@testable import Formwork

/// `JSONReader.KnownStrings`: the strings pages repeat are handed out as constants rather than
/// made from their bytes. The fast path must give exactly the string the general path makes, for
/// every listed string and for strings that nearly match one.
@Suite("JSON known strings")
struct JSONKnownStringsTests {
    /// Every listed string is found (none lost to a clash in the table) and is the same string
    /// the bytes make.
    @Test func everyListedStringIsFoundAsItself() {
        for text in JSONReader.KnownStrings.texts {
            let bytes = Array(text.utf8)
            let found = JSONReader.KnownStrings.shared.text(bytes)
            #expect(found == String(decoding: bytes, as: UTF8.self), "\(text)")
            #expect(found?.utf8.count == bytes.count, "\(text)")
        }
    }

    /// Strings that aren't listed are made from their bytes: a prefix, a longer one, one letter
    /// changed, another case, and lengths the table doesn't hold.
    @Test("near misses are read as themselves", arguments: [
        "i", "idx", "d", "Id", "attribute", "attributesX", "attributez", "component", "componentss", "expr ", " expr",
        "templates", "Template", "number-fields", "number-fielD", "values", "valu", "", "x", "v12", "$data.v12",
        "a-very-long-member-name-of-thirty", "minEngineVersio", "minEngineVersion2", "päge", "ti\u{301}tle",
    ])
    func nearMissesAreReadAsThemselves(text: String) throws {
        let bytes = Array(text.utf8)
        #expect(JSONReader.KnownStrings.shared.text(bytes) == nil)
        // Through the reader, as a member name and as a value: the same string either way.
        let json = "{\"\(text)\": \"\(text)\"}"
        let object = try #require(try JSONReader.parse(json).objectValue)
        #expect(object.keys == [text])
        #expect(object[text] == .string(text))
    }

    /// A page written with the listed names reads the same members and values as the text says.
    @Test func listedStringsThroughTheReader() throws {
        for text in JSONReader.KnownStrings.texts {
            let value = try JSONReader.parse("{\"\(text)\": [\"\(text)\", \"\(text)\\n\"]}")
            #expect(value.objectValue?.keys == [text])
            #expect(value[text] == .array([.string(text), .string(text + "\n")]))
        }
    }

    /// Packing never maps two different runs to the same words: zero bytes are refused, and a
    /// run's length is fixed by where its zeros start.
    @Test func packingTellsLengthsApart() {
        #expect(JSONReader.KnownStrings.pack([0x61, 0x62][...])?.low != JSONReader.KnownStrings.pack([0x61, 0x62, 0x63][...])?.low)
        #expect(JSONReader.KnownStrings.pack([0x61, 0x00][...]) == nil)
        #expect(JSONReader.KnownStrings.pack([0x61][...]) == nil)
        #expect(JSONReader.KnownStrings.pack([UInt8](repeating: 0x61, count: 17)[...]) == nil)
        let sixteen = JSONReader.KnownStrings.pack([UInt8](repeating: 0x61, count: 16)[...])
        #expect(sixteen?.low == 0x6161_6161_6161_6161 && sixteen?.high == 0x6161_6161_6161_6161)
    }
}
