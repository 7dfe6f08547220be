import Testing
import Formwork

/// Messages name types with the right article: "an int", "an array", "a number", "a template".
@Suite("Wording of type names")
struct WordingTests {
    @Test("expression messages", arguments: [
        ("sum([1, true])", "sum() adds numbers, but the array holds a bool"),
        ("sum([[1]])", "sum() adds numbers, but the array holds an array"),
        ("sum([{}])", "sum() adds numbers, but the array holds an object"),
        ("sum(['1'])", "sum() adds numbers, but the array holds a string"),
        ("number([1])", "number() can't convert an array to a number"),
        ("int({})", "int() can't convert an object to an int"),
    ])
    func expressionMessages(source: String, message: String) {
        #expect(Fixtures.error(source)?.message == message)
    }

    @Test("page messages", arguments: [
        (#"{"id": "stepper", "key": "s", "attributes": {"min": "a"}}"#,
         #"the attribute 'min' is an int, but the literal "a" is a string"#),
        (#"{"id": "stepper", "key": "s", "attributes": {"min": [1]}}"#,
         "the attribute 'min' is an int, but the literal [1] is an array"),
        (#"{"id": "stepper", "key": "s", "attributes": {"min": {"expr": "[1]"}}}"#,
         "the attribute 'min' is an int, but this expression always gives array [1]"),
        (#"{"id": "label", "attributes": {"text": {"type": "string", "mode": "template", "value": 1}}}"#,
         #"a template must be written as a string, like "$data.name""#),
        (#"{"id": "label", "attributes": {"text": {"type": "string", "mode": "expression", "value": 1}}}"#,
         #"an expression must be written as a string, like "$data.name""#),
    ])
    func pageMessages(component: String, message: String) {
        let page = #"{"page": "p", "components": [\#(component)]}"#
        do {
            _ = try PageDocument.load(Array(page.utf8), registry: .standard, libraries: .empty)
            Issue.record("the page was accepted")
        } catch {
            let messages = error.diagnostics.map(\.message)
            #expect(messages.contains(message), "\(messages)")
        }
    }

    @Test("writing a member inside an int")
    @MainActor
    func storeMessage() async throws {
        let page = """
        {"page": "p", "data": {"n": 1},
         "interactions": {"go": [{"id": "store-var", "attributes": {"key": "$data.n.x", "value": 2}}]},
         "onError": [{"id": "ignore"}]}
        """
        let session = try PageEngine(registry: .standard).open(try PageDocument.load(Array(page.utf8), registry: .standard, libraries: .empty))
        guard case .failed(let error, _) = await session.trigger("go") else {
            Issue.record("the write into an int succeeded")
            return
        }
        #expect(error["message"]?.stringValue?.contains("can't set 'x' inside an int") == true)
    }

    @Test("editing a field with a value of the wrong type")
    @MainActor
    func editMessage() async throws {
        let page = #"{"page": "p", "components": [{"id": "stepper", "key": "s", "attributes": {"value": {"expr": "$data.n"}}}]}"#
        let session = try PageEngine(registry: .standard).open(try PageDocument.load(Array(page.utf8), registry: .standard, libraries: .empty))
        let stepper = try #require(session.component("s"))
        do {
            _ = try await session.edit(stepper, to: "x")
            Issue.record("the stepper took a string")
        } catch {
            #expect(error.diagnostics.first?.message.contains("takes an int, not string") == true)
        }
    }
}
