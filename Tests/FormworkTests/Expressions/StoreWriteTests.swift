import Testing
import Formwork

/// `PageValue.set(_:at:)` (every store write) and `PageObject`: the in-place write gives what the
/// obvious copy-and-rebuild gives, leaves the value untouched when it fails, and doesn't copy
/// the containers along its path.
@Suite("Store writes")
struct StoreWriteTests {
    /// The obvious write: rebuilds every container along the path; nil where the write can't happen.
    static func rebuilt(_ value: PageValue, _ newValue: PageValue, _ path: ArraySlice<StorePath.Component>) -> PageValue? {
        guard let first = path.first else { return newValue }
        switch (first, value) {
        case (.key(let key), .object(let object)):
            guard let child = rebuilt(object[key] ?? .null, newValue, path.dropFirst()) else { return nil }
            var pairs = object.entries.map { ($0.key, $0.key == key ? child : $0.value) }
            if object[key] == nil { pairs.append((key, child)) }
            return .object(PageObject(pairs))
        case (.key(let key), .null):
            return rebuilt(.null, newValue, path.dropFirst()).map { .object(PageObject([(key, $0)])) }
        case (.index(let index), .array(let items)) where index >= 0 && index <= items.count:
            guard let child = rebuilt(index < items.count ? items[index] : .null, newValue, path.dropFirst()) else { return nil }
            var copy = items
            if index < items.count { copy[index] = child } else { copy.append(child) }
            return .array(copy)
        default:
            return nil
        }
    }

    static let stores: [String] = [
        #"{}"#,
        #"{"a": 1, "b": {"c": [1, 2, {"d": null}]}, "e": null}"#,
        #"{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"nested":{"x":[[]]}}"#,
        #"{"items": [{"qty": 1}, {"qty": 2}], "text": "hi"}"#,
    ]

    static let paths: [String] = [
        "$data.a", "$data.new", "$data.b.c[0]", "$data.b.c[3]", "$data.b.c[4]", "$data.b.c[$data.minusOne]",
        "$data.b.c[2].d.deep", "$data.e.f", "$data.a.x", "$data.text[0]", "$data.k9", "$data.k5.x",
        "$data.nested.x[0][0]", "$data.nested.x[1]", "$data.items[1].qty", "$data.items[2]", "$data.items.qty",
    ]

    @Test("an in-place write gives what rebuilding the containers gives", arguments: stores)
    func inPlaceMatchesRebuilding(store: String) throws {
        let original = try PageValue(json: store)
        for text in StoreWriteTests.paths {
            // NB: a negative index can't be written as a path; it reaches `set` from a computed one.
            let path = try #require(text.contains("minusOne") ? StorePath(.data, [.key("b"), .key("c"), .index(-1)]) : StorePath(text))
            let newValue: PageValue = ["written": true]
            var value = original
            let expected = StoreWriteTests.rebuilt(original, newValue, path.components[...])
            do {
                try value.set(newValue, at: path.components[...])
                #expect(expected?.jsonText == value.jsonText, "\(text) in \(store)")
            } catch {
                #expect(expected == nil, "\(text) in \(store) failed: \(error)")
                #expect(value.jsonText == original.jsonText, "a failed write of \(text) changed \(store)")
            }
        }
    }

    @Test("a write that can't happen says why", arguments: [
        ("$data.a.x", "can't set 'x' inside an int; only objects have members"),
        ("$data.text[0]", "can't set [0] inside a string; only arrays have indexes"),
        ("$data.items[3]", "index 3 is outside the array of 2 elements"),
        ("$data.missing[0]", "can't set [0] inside null; only arrays have indexes"),
    ])
    func failureMessages(path text: String, message: String) throws {
        var value = try PageValue(json: #"{"a": 1, "text": "hi", "items": [1, 2]}"#)
        let path = try #require(StorePath(text))
        let error = #expect(throws: PageValue.PathError.self) { try value.set(.int(1), at: path.components[...]) }
        #expect(error?.message == message)
    }

    @Test func aWriteIntoALargeStoreDoesNotCopyIt() throws {
        func makeStore() -> PageValue {
            var members = (0..<10_000).map { ("k\($0)", PageValue.int(Int64($0))) }
            members.append(("items", .array((0..<10_000).map { .object(PageObject([("qty", .int(Int64($0)))])) })))
            return .object(PageObject([("page", .object(PageObject(members)))]))
        }
        var data = makeStore()   // nothing else holds its containers
        func itemsAddress() -> UnsafeRawPointer? {
            data["page"]?["items"]?.arrayValue?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        let before = itemsAddress()
        try data.set(.int(-1), at: [.key("page"), .key("items"), .index(5_000), .key("qty")])
        try data.set(.int(-2), at: [.key("page"), .key("k9999")])
        try data.set(.int(-3), at: [.key("page"), .key("items"), .index(9_999), .key("qty")])
        #expect(itemsAddress() == before)
        #expect(data["page"]?["items"]?[5_000]?["qty"] == .int(-1))
        #expect(data["page"]?["k9999"] == .int(-2))
        #expect(data["page"]?["items"]?[9_999]?["qty"] == .int(-3))
    }

    @Test("objects keep insertion order and find members by key at every size", arguments: [0, 1, 8, 9, 40])
    func objectMembers(count: Int) {
        var object = PageObject()
        for i in 0..<count { object["k\(i)"] = .int(Int64(i)) }
        #expect(object.keys == (0..<count).map { "k\($0)" })
        for i in 0..<count { #expect(object["k\(i)"] == .int(Int64(i))) }
        #expect(object["missing"] == nil)
        if count > 0 {
            object["k0"] = .string("changed")
            #expect(object.keys.first == "k0")
        }
        for i in stride(from: 0, to: count, by: 2) { object["k\(i)"] = nil }
        #expect(object.keys == stride(from: 1, to: count, by: 2).map { "k\($0)" })
        for i in stride(from: 1, to: count, by: 2) { #expect(object["k\(i)"] == .int(Int64(i))) }
        object["again"] = .null
        #expect(object.keys.last == "again")
        #expect(object == PageObject(object.entries.reversed().map { ($0.key, $0.value) }))
    }
}
