import Foundation
import Testing
import Formwork

// What a host reads to announce a page, through the public API only: the description of each
// component, from its defaults and from the page's `accessibility`.

private let orderPage = """
{
  "page": "order",
  "title": "Order",
  "data": { "name": "", "spicy": true, "size": "m", "qty": 3, "secret": "hunter2", "note": "" },
  "components": [
    { "id": "section", "key": "dish", "attributes": { "header": "Dish" }, "components": [
      { "id": "text-field", "key": "name", "attributes": { "title": "Name", "value": { "expr": "$data.name" } },
        "validations": [ { "id": "required", "attributes": { "message": "Enter a name" } } ] },
      { "id": "switch", "key": "spicy", "attributes": { "title": "Spicy", "value": { "expr": "$data.spicy" } } },
      { "id": "select", "key": "size", "attributes": { "title": "Size", "value": { "expr": "$data.size" },
        "options": [ { "title": "Small", "value": "s" }, { "title": "Medium", "value": "m" } ] } },
      { "id": "stepper", "key": "qty", "attributes": { "title": "Qty", "value": { "expr": "$data.qty" },
        "accessibility": { "label": "Quantity", "hint": { "template": "Now ${$data.qty}; swipe up or down" } } } },
      { "id": "text-field", "key": "secret", "attributes": { "title": "Code", "secure": true, "value": { "expr": "$data.secret" } } },
      { "id": "section", "key": "extras", "attributes": { "header": "Extras" }, "components": [
        { "id": "text-area", "key": "note", "attributes": { "title": "Note", "value": { "expr": "$data.note" }, "enabled": false } }
      ] }
    ] },
    { "id": "image", "key": "photo", "attributes": { "url": "https://x.example/a.png", "alt": "A bowl of tofu" } },
    { "id": "image", "key": "rule", "attributes": { "url": "https://x.example/line.png", "accessibility": { "decorative": true } } },
    { "id": "label", "key": "big", "attributes": { "text": "Almost done", "accessibility": { "heading": 2 } } },
    { "id": "group", "key": "row", "attributes": { "accessibility": { "group": true, "label": { "expr": "'Total ' + $data.qty" } } }, "components": [
      { "id": "label", "attributes": { "text": "Total" } } ] },
    { "id": "button", "key": "save", "attributes": { "title": "Save" },
      "interactions": { "onTap": [ { "id": "validate" } ] } }
  ]
}
"""

@Suite("Accessibility descriptions (public API)")
@MainActor
struct AccessibilityDescriptionTests {
    private func open(_ registry: Registry = .standard(behavior: .v2)) throws -> PageSession {
        let document = try PageDocument.load(Array(orderPage.utf8), registry: registry, libraries: .empty)
        return try PageEngine(registry: registry, host: PageHost()).open(document)
    }

    @Test func defaultsComeFromWhatTheComponentSays() throws {
        let page = try open()
        func description(_ key: String) throws -> AccessibilityDescription { try #require(page.component(key)).accessibility }
        #expect(try description("dish") == AccessibilityDescription(name: "Dish", role: .group, headingLevel: 2))
        #expect(try description("extras") == AccessibilityDescription(name: "Extras", role: .group, headingLevel: 3))
        #expect(try description("name") == AccessibilityDescription(name: "Name", role: .textField, isRequired: true))
        #expect(try description("spicy") == AccessibilityDescription(name: "Spicy", role: .switch, value: "On"))
        #expect(try description("size") == AccessibilityDescription(name: "Size", role: .picker, value: "Medium"))
        #expect(try description("secret") == AccessibilityDescription(name: "Code", role: .textField))
        #expect(try description("note") == AccessibilityDescription(name: "Note", role: .textArea, isEnabled: false))
        #expect(try description("photo") == AccessibilityDescription(name: "A bowl of tofu", role: .image))
        #expect(try description("save") == AccessibilityDescription(name: "Save", role: .button))
    }

    @Test func thePageSaysWhereTheDefaultsAreWrong() throws {
        let page = try open()
        #expect(page.component("qty")?.accessibility == AccessibilityDescription(name: "Quantity", role: .adjustable, value: "3", hint: "Now 3; swipe up or down"))
        #expect(page.component("rule")?.accessibility == AccessibilityDescription(name: "", role: .image, isHidden: true))
        #expect(page.component("big")?.accessibility == AccessibilityDescription(name: "Almost done", role: .heading, headingLevel: 2))
        #expect(page.component("row")?.accessibility == AccessibilityDescription(name: "Total 3", role: .group, isGroup: true))
    }

    @Test func itIsCurrentAfterAnEditAndAFailedValidation() async throws {
        let page = try open()
        try await page.edit(try #require(page.component("spicy")), to: false)
        try await page.edit(try #require(page.component("qty")), to: 5)
        #expect(page.component("spicy")?.accessibility.value == "Off")
        #expect(page.component("qty")?.accessibility.hint == "Now 5; swipe up or down")
        await page.tap(try #require(page.component("save")))
        await page.waitUntilIdle()
        #expect(page.component("name")?.accessibility.error == "Enter a name")
    }

    @Test func levelOneReadsNoAccessibilityAttribute() throws {
        let registry = Registry.standard
        let (document, problems) = PageDocument.decode(json: orderPage, registry: registry, libraries: .empty, file: "order.json")
        let printed = (problems + (document?.check(registry: registry, knownPages: nil) ?? [])).map(\.rendered)
        #expect(printed.contains { $0.contains("components[0].components[3].attributes.accessibility: error: the component 'stepper' has no attribute 'accessibility'") }, "\(printed)")
    }

    @Test func anAppsTypeStatesItsRoleOrGetsOneFromItsDeclaration() throws {
        let rating = ComponentType("rating", attributes: [AttributeSpec("title", .string), AttributeSpec("value", .int, twoWay: true)], valueAttribute: "value")
        #expect(rating.accessibility == AccessibilityDefaults(role: .adjustable, name: "title"))
        let card = ComponentType("card", attributes: [AttributeSpec("title", .string)], events: ["onTap"])
        #expect(card.accessibility == AccessibilityDefaults(role: .button, name: "title"))
        let stars = ComponentType("stars", attributes: [AttributeSpec("label", .string), AttributeSpec("value", .int, twoWay: true)], valueAttribute: "value",
                                  accessibility: AccessibilityDefaults(role: .radioGroup, name: "label"))
        #expect(stars.accessibility == AccessibilityDefaults(role: .radioGroup, name: "label"))
    }

    @Test func theJSONLeavesOutWhatIsNotThere() {
        let description = AccessibilityDescription(name: "Spicy", role: .switch, value: "On")
        #expect(description.jsonValue.jsonText == #"{"name":"Spicy","role":"switch","value":"On","hidden":false,"group":false,"enabled":true,"required":false}"#)
    }

    /// The inputs of level 2 state their roles as the built-ins of level 1 do: a choice of one is
    /// a radio group, a choice of many a group, a slider a slider, a file input a button; each
    /// reads out what is chosen in the page's own words (titles, names, numbers).
    @Test func theChoiceAndFileInputsSayWhatIsChosen() throws {
        let json = """
        {"page": "feedback", "data": {"stars": 4, "visit": "b", "liked": ["m", "f"], "noise": 30, "receipt": [{"id": "a-1", "name": "lunch.jpg", "type": "image/jpeg", "size": 10}]},
         "components": [
           {"id": "rating", "key": "stars", "attributes": {"title": "Stars", "value": {"expr": "$data.stars"}}},
           {"id": "radio", "key": "visit", "attributes": {"title": "Visit", "value": {"expr": "$data.visit"}, "options": [{"title": "First", "value": "a"}, {"title": "Again", "value": "b"}]}},
           {"id": "segmented", "key": "size", "attributes": {"title": "Size", "value": "s", "options": [{"title": "Small", "value": "s"}]}},
           {"id": "checkboxes", "key": "liked", "attributes": {"title": "Liked", "value": {"expr": "$data.liked"}, "options": [{"title": "Food", "value": "f"}, {"title": "Music", "value": "m"}, {"title": "Service", "value": "s"}]}},
           {"id": "slider", "key": "noise", "attributes": {"title": "Noise", "value": {"expr": "$data.noise"}, "valueLabel": {"template": "${$data.noise} dB"}}},
           {"id": "file", "key": "receipt", "attributes": {"title": "Receipt", "value": {"expr": "$data.receipt"}}}
         ]}
        """
        let registry = Registry.standard(behavior: .v2)
        let document = try PageDocument.load(Array(json.utf8), registry: registry, libraries: .empty)
        let page = try PageEngine(registry: registry, host: PageHost()).open(document)
        defer { page.close() }
        func description(_ key: String) throws -> AccessibilityDescription { try #require(page.component(key)).accessibility }
        #expect(try description("stars") == AccessibilityDescription(name: "Stars", role: .radioGroup, value: "4"))
        #expect(try description("visit") == AccessibilityDescription(name: "Visit", role: .radioGroup, value: "Again"))
        #expect(try description("size") == AccessibilityDescription(name: "Size", role: .radioGroup, value: "Small"))
        #expect(try description("liked") == AccessibilityDescription(name: "Liked", role: .group, value: "Food, Music"))
        #expect(try description("noise") == AccessibilityDescription(name: "Noise", role: .slider, value: "30 dB"))
        #expect(try description("receipt") == AccessibilityDescription(name: "Receipt", role: .button, value: "lunch.jpg"))
        #expect(AccessibilityRole.slider.ariaRole == "slider")
    }
}
