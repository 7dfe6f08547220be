import Testing
import Formwork

@Suite("Live validation across fields")
@MainActor
struct LiveValidationTests {
    static let page = """
    {"page": "fees", "data": {"minOrder": 20, "threshold": 50},
     "components": [
       {"id": "number-field", "key": "minOrder", "attributes": {"value": {"expr": "$data.minOrder"}, "validateOn": "change"}},
       {"id": "number-field", "key": "threshold", "attributes": {"value": {"expr": "$data.threshold"}, "validateOn": "change"},
        "validations": [{"id": "expression", "attributes": {"condition": {"expr": "$value >= $data.minOrder"}, "message": "At least the minimum order"}}]},
       {"id": "text-field", "key": "note", "attributes": {"value": {"expr": "$data.note"}},
        "validations": [{"id": "required"}]}
     ]}
    """

    @Test func editingOneSideOfARuleRechecksTheOtherSide() async throws {
        let session = try PageEngine(registry: .standard).open(try PageDocument.load(Array(Self.page.utf8), registry: .standard, libraries: .empty))
        let minOrder = try #require(session.component("minOrder"))
        let threshold = try #require(session.component("threshold"))
        let note = try #require(session.component("note"))

        try await session.edit(threshold, to: 30)
        #expect(threshold.validationError == nil)
        try await session.edit(minOrder, to: 40)
        #expect(threshold.validationError == "At least the minimum order")
        try await session.edit(minOrder, to: 10)
        #expect(threshold.validationError == nil)
        // A submit-validated field is left alone until a validate action runs.
        #expect(note.validationError == nil)
    }

    @Test func aFieldNeverCheckedStaysQuiet() async throws {
        let session = try PageEngine(registry: .standard).open(try PageDocument.load(Array(Self.page.utf8), registry: .standard, libraries: .empty))
        try await session.edit(try #require(session.component("minOrder")), to: 99)
        #expect(session.component("threshold")?.validationError == nil)
    }
}
