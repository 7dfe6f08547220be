import Testing
@testable import Formwork

// Opening evaluates the bindings it builds in one scope for the whole build (`UpdateScope`, the
// component's `$item`, `$index`, `$value` and `$state` put in before each), gathering a
// component's values before giving them to it; the general path builds a scope of its own for
// each binding from the built component (`PageSession.scope(for:)`). Both must give the same
// value for every binding of a page.
// NB: @testable for the session's bindings.

@Suite("Opening: one scope for the build")
@MainActor
struct OpenScopeTests {
    nonisolated static let pages: [String] = [
        // $value: a field whose other attributes read its value, written before and after it.
        #"""
        {"page": "p", "data": {"n": 4, "name": "Ada"},
         "components": [
           {"id": "text-field", "key": "t", "attributes": {"title": {"template": "was ${$value}"}, "value": {"expr": "$data.name"}, "placeholder": {"template": "${$value}!"}}},
           {"id": "number-field", "key": "n", "attributes": {"value": {"expr": "$data.n * 2"}, "hidden": {"expr": "$value > 5"}, "title": "N"}},
           {"id": "label", "attributes": {"text": {"template": "${$value ?? 'none'} ${$data.n}"}}}
         ]}
        """#,
        // $item and $index in rows, nested lists, a status's children, $param, $page, $computed.
        #"""
        {"page": "p", "params": {"who": {"type": "string"}},
         "data": {"rows": [{"k": "a", "qty": 1, "tags": ["x", "y"]}, {"k": "b", "qty": 3, "tags": []}], "state": "normal"},
         "computed": {"total": {"expr": "sum(map($data.rows, r => r.qty))"}},
         "components": [
           {"id": "label", "key": "who", "attributes": {"text": {"template": "${$param.who} ${$page.busy} ${$computed.total}"}}},
           {"id": "list", "key": "rows", "attributes": {"items": {"expr": "$data.rows"}, "itemKey": "k"}, "components": [
             {"id": "label", "key": "row", "attributes": {"text": {"template": "${$index}:${$item.k}=${$item.qty}"}}},
             {"id": "list", "attributes": {"items": {"expr": "$item.tags"}}, "components": [
               {"id": "label", "attributes": {"text": {"template": "${$index}/${$item}"}}}
             ]},
             {"id": "stepper", "attributes": {"value": {"expr": "$item.qty"}, "title": {"template": "${$value} of ${$item.k}"}}}
           ]},
           {"id": "status", "attributes": {"state": {"expr": "$data.state"}}, "components": [
             {"id": "label", "attributes": {"text": {"template": "${$data.state} ${$item ?? 'no item'}"}}}
           ]}
         ]}
        """#,
        // $state of block instances, and a binding that fails (it reports, and takes null).
        #"""
        {"page": "p", "data": {"a": {"street": "Main 1"}, "b": {"street": ""}, "one": 1, "zero": 0},
         "blocks": {"address": {
           "attributes": {"value": {"type": "object", "required": true, "twoWay": true}},
           "data": {"more": true},
           "components": [
             {"id": "switch", "key": "more", "attributes": {"title": "More", "value": {"expr": "$state.more"}}},
             {"id": "text-field", "key": "street", "attributes": {"value": {"expr": "$attr.value.street"}, "hidden": {"expr": "!$state.more"}, "title": {"template": "${$value} ${$state.more}"}}}
           ]}},
         "components": [
           {"id": "address", "key": "ship", "attributes": {"value": {"expr": "$data.a"}}},
           {"id": "address", "key": "bill", "attributes": {"value": {"expr": "$data.b"}}},
           {"id": "label", "key": "bad", "attributes": {"text": {"template": "${$data.one / $data.zero}"}}}
         ]}
        """#,
    ]

    @Test(arguments: pages.indices)
    func everyBindingHasTheValueAScopeOfItsOwnGives(_ page: Int) throws {
        let document = try EnginePages.load(Self.pages[page])
        let session = try PageEngine(registry: .standard).open(document, params: ["who": "Bo"])
        defer { session.close() }
        let bindings = session.bindings.compactMap { $0 }
        #expect(bindings.count >= 6)
        for binding in bindings {
            let built = binding.component.attributes[position: binding.position]
            // NB: `$value` is the value as set so far: an attribute the type declares before its
            // value attribute (a field's `title`), or that value itself, is opened with the default.
            var scope = session.scope(for: binding.component)
            if let valuePosition = binding.component.type.valuePosition, binding.position <= valuePosition {
                scope.value = binding.component.type.attributes[valuePosition].defaultValue
            }
            let general = (try? binding.type.coerce(binding.expression.evaluate(in: scope))) ?? .null
            #expect(built.isSame(as: general), "\(binding.component.identity) \(binding.name): opened with \(built.jsonText), a scope of its own gives \(general.jsonText)")
        }
    }

    /// A binding built after a `$global` write made while the page opens (here by another page,
    /// answering the report of a binding that fails) reads the new `$global`, as it did when each
    /// binding had a scope of its own: the build's scope is made again after the write.
    @Test func aGlobalWrittenWhileThePageOpensIsSeenByTheBindingsBuiltAfter() throws {
        @MainActor final class Writer {
            var other: PageSession?
            var wrote = false
        }
        let writer = Writer()
        let host = PageHost(report: { report in
            guard case .diagnostic = report, let other = writer.other, !writer.wrote else { return }
            writer.wrote = true
            try? other.set("after", at: StorePath(.global, [.key("g")]))
        })
        let engine = PageEngine(registry: .standard, host: host)
        try engine.globals.write(["g": "before", "one": 1, "zero": 0], at: StorePath(.global, []))
        let other = try engine.open(try EnginePages.load(#"{"page": "other", "components": []}"#))
        defer { other.close() }
        writer.other = other
        let page = try engine.open(try EnginePages.load("""
        {"page": "p", "components": [
          {"id": "label", "key": "first", "attributes": {"text": {"template": "${$global.g}"}}},
          {"id": "label", "key": "bad", "attributes": {"text": {"template": "${$global.one / $global.zero}"}}},
          {"id": "label", "key": "after", "attributes": {"text": {"template": "${$global.g}"}}}
        ]}
        """))
        defer { page.close() }
        #expect(writer.wrote)
        #expect(page.component("first")?.attributes["text"] == "before")
        #expect(page.component("after")?.attributes["text"] == "after")
    }

    /// A component's binding ids: the first two inline, more in an array, in the order added.
    @Test(arguments: 0...5)
    func bindingIDsKeepTheirOrder(_ count: Int) {
        var ids = ComponentBindingIDs()
        let added = (0..<count).map { $0 * 7 + 3 }
        for id in added { ids.append(id) }
        #expect(Array(ids) == added)
        #expect(ids.count == count)
        #expect(ids.isEmpty == (count == 0))
    }
}
