import Testing
import Formwork

// A component that is gone (its row's item left its list, or its `status` changed state) is never
// evaluated again: a write to what its bindings read leaves its attributes as they were and tells
// it nothing. NB: an update finds a binding only in the session's table, and `dispose` takes a
// component's bindings out of it as it marks the component; nothing checks `isDisposed` per
// evaluation any more, so this is what keeps a disposed component still.

@Suite("Disposed components' bindings")
@MainActor
struct DisposedBindingTests {
    /// A list's row and a status's child, each reading `$data.suffix`.
    nonisolated static let page = """
    {
      "page": "disposed",
      "data": { "rows": [ { "name": "a" }, { "name": "b" } ], "state": "loading", "suffix": "x" },
      "components": [
        { "id": "list", "key": "rows", "attributes": { "items": { "expr": "$data.rows" } },
          "components": [ { "id": "label", "key": "row", "attributes": { "text": { "template": "${$item.name} ${$data.suffix}" } } } ] },
        { "id": "status", "key": "status",
          "attributes": {
            "state": { "expr": "$data.state" },
            "loading": [ { "id": "label", "key": "inOne", "attributes": { "text": { "template": "one ${$data.suffix}" } } } ],
            "empty": [ { "id": "label", "key": "inTwo", "attributes": { "text": { "template": "two ${$data.suffix}" } } } ]
          } }
      ]
    }
    """

    /// How a component is removed: the write, and which component it removes (the `index`th with `key`).
    nonisolated static let removals: [(path: String, value: PageValue, key: String, index: Int, text: String)] = [
        ("$data.rows", .array([]), "row", 0, "a x"),                                          // every row goes
        ("$data.rows", .array([.object(PageObject([("name", "a")]))]), "row", 1, "b x"),      // the first row stays, the second goes
        ("$data.state", "empty", "inOne", 0, "one x"),                                          // the status shows another state
    ]

    @Test(arguments: removals.indices)
    func aDisposedComponentIsNeverEvaluatedAgain(_ row: Int) throws {
        let removal = Self.removals[row]
        let diagnostics = Diagnostics()
        var host = PageHost()
        host.report = { report in if case .diagnostic(let diagnostic) = report { diagnostics.messages.append(diagnostic.message) } }
        let session = try PageEngine(registry: .standard, host: host).open(try EnginePages.load(Self.page))
        defer { session.close() }
        let component = try #require(session.allComponents.filter { $0.key == removal.key }.dropFirst(removal.index).first)
        #expect(component.attributes["text"] == .string(removal.text))
        let changes = ChangeCounter(component)

        try session.set(removal.value, at: try #require(StorePath(removal.path)))
        #expect(component.isDisposed)
        try session.set("y", at: try #require(StorePath("$data.suffix")))
        try session.set("z", at: try #require(StorePath("$data.suffix")))

        #expect(component.attributes["text"] == .string(removal.text), "a disposed component's binding was evaluated")
        #expect(changes.count == 0, "a disposed component heard of a change")
        #expect(diagnostics.messages.isEmpty)
        // What is still shown follows the writes.
        let shown = session.allComponents.filter { $0.key == "row" || $0.key == "inOne" || $0.key == "inTwo" }
        #expect(!shown.contains { $0 === component })
        for other in shown {
            #expect(other.attributes["text"]?.stringValue?.hasSuffix(" z") == true, "\(other.key ?? "") shows \(String(describing: other.attributes["text"]))")
        }
    }
}

@MainActor
private final class Diagnostics {
    var messages: [String] = []
}
