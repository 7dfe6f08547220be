import Foundation
import Testing
import Formwork
@testable import FormworkDesign

/// The writer on the repository's real pages, and on random documents with random edits.
@Suite("PreservingJSONWriter: real pages and random edits")
struct PreservingJSONWriterPageTests {
    typealias Step = JSONEditSupport.Step

    @Test(arguments: JSONEditSupport.pageFiles())
    func unchangedPageIsItsBytes(_ file: String) throws {
        let bytes = try JSONEditSupport.packageFile(file)
        let value = try JSONReader.parse(bytes: bytes)
        #expect(PreservingJSONWriter.rewrite(bytes, to: value) == bytes)
        // As the browser sends it back: JSON.parse turns 12.0 into 12.
        #expect(PreservingJSONWriter.rewrite(bytes, to: Self.throughBrowser(value)) == bytes)
    }

    @Test func thereArePagesToRoundTrip() {
        let files = JSONEditSupport.pageFiles()
        #expect(files.contains("pages/order.json") && files.contains("examples/app/pages/order-form.json"))
    }

    /// Changing any one string of a page changes that line only.
    @Test(arguments: JSONEditSupport.pageFiles())
    func oneChangedStringChangesOneLine(_ file: String) throws {
        let bytes = try JSONEditSupport.packageFile(file)
        let value = try JSONReader.parse(bytes: bytes)
        let lines = JSONEditSupport.lines(bytes)
        let paths = Self.stringPaths(in: value, path: [])
        #expect(!paths.isEmpty)
        // Up to a dozen strings of each page, spread over it (a debug build rewrites a big page
        // in tens of milliseconds).
        let stride = max(1, paths.count / 12)
        for path in paths.enumerated().filter({ $0.offset % stride == 0 }).map(\.element) {
            let new = JSONEditSupport.edited(value, at: path[...]) { $0 = .string("changed ✓") }
            let written = PreservingJSONWriter.rewrite(bytes, to: new)
            let writtenLines = JSONEditSupport.lines(written)
            #expect(try JSONReader.parse(bytes: written) == new)
            #expect(writtenLines.count == lines.count, "\(file) \(path)")
            let differing = zip(lines, writtenLines).filter { $0 != $1 }
            #expect(differing.count == 1, "\(file) \(path): \(differing)")
            if let (before, after) = differing.first.map({ ($0.0, $0.1) }) {
                #expect(Self.replacingOneString(in: before, with: "\"changed ✓\"").contains(after), "\(file) \(path): \(after)")
            }
        }
    }

    @Test func insertingAComponentAddsItsLinesOnly() throws {
        let bytes = try JSONEditSupport.packageFile("pages/order.json")
        let value = try JSONReader.parse(bytes: bytes)
        let component: PageValue = ["id": "text", "key": "hello", "attributes": ["value": "Hello"]]
        let new = JSONEditSupport.edited(value, .key("components")) { $0 = .array(($0.arrayValue ?? []).inserting(component, at: 1)) }
        let written = PreservingJSONWriter.rewrite(bytes, to: new)
        #expect(try JSONReader.parse(bytes: written) == new)
        let (kept, added) = Self.lineChange(from: JSONEditSupport.lines(bytes), to: JSONEditSupport.lines(written))
        #expect(kept == JSONEditSupport.lines(bytes).count)
        #expect(added.count == 5)
        let inserted = "\n    },\n    {\n      \"id\": \"text\",\n      \"key\": \"hello\",\n      \"attributes\": { \"value\": \"Hello\" }\n    },\n    {\n"
        #expect(String(decoding: written, as: UTF8.self).contains(inserted))
    }

    @Test func removingAComponentRemovesItsLinesOnly() throws {
        let bytes = try JSONEditSupport.packageFile("pages/order.json")
        let value = try JSONReader.parse(bytes: bytes)
        let components = try #require(value["components"]?.arrayValue)
        let new = JSONEditSupport.edited(value, .key("components")) { $0 = .array(components.enumerated().filter { $0.offset != 1 }.map(\.element)) }
        let written = PreservingJSONWriter.rewrite(bytes, to: new)
        #expect(try JSONReader.parse(bytes: written) == new)
        let (kept, removed) = Self.lineChange(from: JSONEditSupport.lines(written), to: JSONEditSupport.lines(bytes))
        #expect(kept == JSONEditSupport.lines(written).count)
        #expect(removed.count == 9)
        #expect(!String(decoding: written, as: UTF8.self).contains("\"totals\""))
    }

    @Test func movingAComponentKeepsEveryComponentsText() throws {
        let bytes = try JSONEditSupport.packageFile("pages/order.json")
        let value = try JSONReader.parse(bytes: bytes)
        var components = try #require(value["components"]?.arrayValue)
        components.append(components.removeFirst())
        let new = JSONEditSupport.edited(value, .key("components")) { $0 = .array(components) }
        let written = PreservingJSONWriter.rewrite(bytes, to: new)
        #expect(try JSONReader.parse(bytes: written) == new)
        let before = try Self.elementTexts(of: "components", in: bytes)
        let after = try Self.elementTexts(of: "components", in: written)
        #expect(after == Array(before.dropFirst()) + [before[0]])
        #expect(JSONEditSupport.lines(written).count == JSONEditSupport.lines(bytes).count)
    }

    @Test func movingOneOfTenKeepsTheTenTexts() throws {
        let texts = (0..<10).map { $0 % 3 == 0 ? "{\n      \"id\": \"c\($0)\",\n      \"key\":  \"k\($0)\"\n    }" : "{ \"id\": \"c\($0)\", \"n\": \($0).0 }" }
        let file = "{\n  \"components\": [\n    " + texts.joined(separator: ",\n    ") + "\n  ]\n}\n"
        var components = try #require(JSONReader.parse(file)["components"]?.arrayValue)
        components.insert(components.remove(at: 2), at: 7)
        let written = PreservingJSONWriter.rewrite(Array(file.utf8), to: ["components": .array(components)])
        var order = Array(0..<10)
        order.insert(order.remove(at: 2), at: 7)
        let expected = "{\n  \"components\": [\n    " + order.map { texts[$0] }.joined(separator: ",\n    ") + "\n  ]\n}\n"
        #expect(String(decoding: written, as: UTF8.self) == expected)
    }

    // MARK: - Random documents

    @Test func randomEditsReadBackAndRewriteToThemselves() throws {
        var documents = RandomJSONDocuments(seed: 20_261_126)
        for round in 0..<500 {
            let old = documents.document(depth: 4)
            let text = documents.text(old)
            #expect(PreservingJSONWriter.rewrite(text, to: old) == text, "round \(round)")
            var new = documents.edit(old)
            for _ in 0..<Int.random(in: 0...2, using: &documents.random) { new = documents.edit(new) }
            let written = PreservingJSONWriter.rewrite(text, to: new)
            let readBack = try JSONReader.parse(bytes: written)
            #expect(readBack == new, "round \(round): \(String(decoding: text, as: UTF8.self)) → \(new.jsonText) wrote \(String(decoding: written, as: UTF8.self))")
            #expect(PreservingJSONWriter.rewrite(written, to: new) == written, "round \(round)")
            #expect(JSONChanges.changes(from: old, to: new).isEmpty == (old == new), "round \(round)")
        }
    }

    @Test func damagedTextIsReplacedWithoutACrash() throws {
        var documents = RandomJSONDocuments(seed: 7)
        for round in 0..<300 {
            let value = documents.document(depth: 3)
            var text = documents.text(value)
            for _ in 0...Int.random(in: 0...3, using: &documents.random) where !text.isEmpty {
                let at = Int.random(in: 0..<text.count, using: &documents.random)
                switch Int.random(in: 0..<3, using: &documents.random) {
                case 0: text.remove(at: at)
                case 1: text.insert(documents.random.pick(Array("{}[],:\"\\ 0e-.tn\u{1}".utf8)), at: at)
                default: text[at] = UInt8.random(in: 0...255, using: &documents.random)
                }
            }
            let new = documents.edit(value)
            let written = PreservingJSONWriter.rewrite(text, to: new)
            #expect(try JSONReader.parse(bytes: written) == new, "round \(round)")
        }
    }

    // MARK: - Helpers

    /// `value` as the browser gives it back after `JSON.parse`: whole numbers are ints.
    static func throughBrowser(_ value: PageValue) -> PageValue {
        switch value {
        case .number(let double): return Int64(exactly: double).map(PageValue.int) ?? value
        case .array(let items): return .array(items.map(throughBrowser))
        case .object(let object): return .object(PageObject(object.map { ($0.key, throughBrowser($0.value)) }))
        default: return value
        }
    }

    /// Each way of replacing one quoted string of `line` with `replacement`.
    static func replacingOneString(in line: String, with replacement: String) -> [String] {
        let characters = Array(line)
        var results: [String] = []
        var index = 0
        while index < characters.count {
            guard characters[index] == "\"" else { index += 1; continue }
            var end = index + 1
            while end < characters.count, characters[end] != "\"" { end += characters[end] == "\\" ? 2 : 1 }
            guard end < characters.count else { break }
            results.append(String(characters[..<index]) + replacement + String(characters[(end + 1)...]))
            index = end + 1
        }
        return results
    }

    /// The path of every string value (not key) in `value`.
    static func stringPaths(in value: PageValue, path: [Step]) -> [[Step]] {
        switch value {
        case .string: return [path]
        case .array(let items): return items.enumerated().flatMap { stringPaths(in: $0.element, path: path + [.index($0.offset)]) }
        case .object(let object): return object.flatMap { stringPaths(in: $0.value, path: path + [.key($0.key)]) }
        default: return []
        }
    }

    /// How `longer` differs from `shorter` when it only adds one block of lines: the number of
    /// `shorter`'s lines it keeps around the block (all of them, when that is so), and the block.
    static func lineChange(from shorter: [String], to longer: [String]) -> (kept: Int, block: [String]) {
        var head = 0
        while head < shorter.count, head < longer.count, shorter[head] == longer[head] { head += 1 }
        var tail = 0
        while tail < shorter.count - head, tail < longer.count - head, shorter[shorter.count - 1 - tail] == longer[longer.count - 1 - tail] { tail += 1 }
        return (head + tail, Array(longer[head..<(longer.count - tail)]))
    }

    /// The source text of each element of the top-level array member `key`.
    static func elementTexts(of key: String, in bytes: [UInt8]) throws -> [String] {
        let root = try #require(JSONSourceScanner.scan(bytes))
        guard case .object(let members) = root.content else { return [] }
        let keyText = Array("\"\(key)\"".utf8)
        let member = try #require(members.first { Array(bytes[$0.keyStart..<$0.keyEnd]) == keyText })
        return member.value.itemRanges.map { String(decoding: bytes[$0], as: UTF8.self) }
    }
}

extension Array {
    /// The array with `element` inserted at `index`.
    fileprivate func inserting(_ element: Element, at index: Int) -> [Element] {
        var copy = self
        copy.insert(element, at: Swift.min(index, copy.count))
        return copy
    }
}
