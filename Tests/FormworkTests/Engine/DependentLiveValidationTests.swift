import FormworkTesting
import Testing

/// A field validated on change whose rule reads another field: editing that other field checks
/// it again once it has been checked, and leaves it quiet until then (found writing
/// takeout-settings' flow).
@MainActor
@Suite("Live validation that depends on another field")
struct DependentLiveValidationTests {
    /// takeout-settings: the free-delivery threshold (validateOn: change) must reach the minimum
    /// order, which is validated on submit only. Lowering the minimum order left the threshold's
    /// message standing ("at least ¥30") after the rule held again.
    @Test func editingASubmitValidatedFieldRechecksTheLiveFieldsThatDependOnIt() async throws {
        let page = PageHarness(registry: .standard)
        try await page.open(json: """
            {"page": "fees", "data": {"minOrder": 30, "threshold": 50},
             "components": [
               {"id": "number-field", "key": "minOrder", "attributes": {"value": {"expr": "$data.minOrder"}},
                "validations": [{"id": "range", "attributes": {"max": 500, "message": "At most 500"}}]},
               {"id": "number-field", "key": "threshold", "attributes": {"value": {"expr": "$data.threshold"}, "validateOn": "change"},
                "validations": [{"id": "expression", "attributes": {"condition": {"expr": "$value >= $data.minOrder"}, "message": {"template": "At least ${$data.minOrder}"}}}]}
             ]}
            """)
        try await page.set("threshold", 25)
        #expect(try page.read("error.threshold") == "At least 30")

        try await page.set("minOrder", 40)
        #expect(try page.read("error.threshold") == "At least 40")   // the message follows the other side
        try await page.set("minOrder", 20)
        #expect(try page.read("error.threshold") == .null)

        try await page.set("minOrder", 600)   // submit-validated: still quiet until a validate action
        #expect(try page.read("error.minOrder") == .null)
    }

    @Test func aLiveFieldNeverCheckedStaysQuietWhenAnotherFieldIsEdited() async throws {
        let page = PageHarness(registry: .standard)
        try await page.open(json: """
            {"page": "fees", "data": {"minOrder": 30, "threshold": 10},
             "components": [
               {"id": "number-field", "key": "minOrder", "attributes": {"value": {"expr": "$data.minOrder"}}},
               {"id": "number-field", "key": "threshold", "attributes": {"value": {"expr": "$data.threshold"}, "validateOn": "change"},
                "validations": [{"id": "expression", "attributes": {"condition": {"expr": "$value >= $data.minOrder"}, "message": "too low"}}]}
             ]}
            """)
        try await page.set("minOrder", 40)
        #expect(try page.read("error.threshold") == .null)
    }
}
