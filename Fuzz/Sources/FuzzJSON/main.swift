import Formwork
import FuzzSupport

// JSON bytes → JSONReader. Holds for every input: a value, or a failure at a line and column
// inside the text; a value prints as JSON that reads back to an equal value.
FuzzDriver.run { data, size in
    let bytes = FuzzDriver.bytes(data, size)
    let value: PageValue
    do throws(JSONReader.Failure) {
        value = try JSONReader.parse(bytes: bytes)
    } catch {
        expect(!error.message.isEmpty, "a JSON failure without a message")
        expect(error.line >= 1 && error.column >= 1, "a JSON failure at line \(error.line), column \(error.column)")
        let lines = bytes.filter { $0 == UInt8(ascii: "\n") }.count + 1
        expect(error.line <= lines, "a JSON failure at line \(error.line) of a \(lines)-line text")
        return 0
    }
    let text = value.jsonText
    do {
        let again = try JSONReader.parse(bytes: Array(text.utf8))
        expect(again == value, "JSON doesn't read back equal: \(text.prefix(300))")
    } catch {
        expect(false, "JSONReader's own output doesn't read back: \(text.prefix(300)): \(error)")
    }
    if case .object = value { _ = try? JSONReader.parseDocument(bytes: bytes) }
    return 0
}
