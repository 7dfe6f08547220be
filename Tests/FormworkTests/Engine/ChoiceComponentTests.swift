import Formwork
import FormworkTesting
import Testing

/// The choice inputs of behaviour level 2 — `rating`, `radio`, `segmented`, `checkboxes`,
/// `slider` — and the `count` validation, through the public API as a host uses them: what each
/// makes of a value it is given, what it refuses and how it says so, its validations and events.
@MainActor
@Suite("Choice components")
struct ChoiceComponentTests {
    static let page = """
        {"page": "feedback", "data": {"stars": null, "visit": null, "liked": [], "noise": 50, "size": null},
         "components": [
           {"id": "rating", "key": "stars", "attributes": {"title": "Stars", "value": {"expr": "$data.stars"}, "validateOn": "change"},
            "validations": [{"id": "required"}],
            "interactions": {"onChange": [{"id": "store-var", "attributes": {"key": "$data.lastStars", "value": {"expr": "$event.oldValue"}}}]}},
           {"id": "rating", "key": "half", "attributes": {"title": "Half", "max": 10, "halfSteps": true}},
           {"id": "radio", "key": "visit", "attributes": {"title": "Visit", "value": {"expr": "$data.visit"},
            "options": [{"title": "First time", "value": 1}, {"title": "Again", "value": 2}]}},
           {"id": "segmented", "key": "size", "attributes": {"title": "Size", "value": {"expr": "$data.size"}, "options": ["S", "M", "L"]}},
           {"id": "checkboxes", "key": "liked", "attributes": {"title": "Liked", "value": {"expr": "$data.liked"}, "validateOn": "change",
            "options": [{"title": "Food", "value": "food"}, {"title": "Service", "value": "service"}, {"title": "Music", "value": "music"}]},
            "validations": [{"id": "count", "attributes": {"min": 1, "max": 2}}]},
           {"id": "slider", "key": "noise", "attributes": {"title": "Noise", "value": {"expr": "$data.noise"}, "min": 0, "max": 10, "step": 0.5}}
         ]}
        """

    func open() async throws -> PageHarness {
        let page = PageHarness(registry: .standard(behavior: .v2))
        try await page.open(json: Self.page)
        return page
    }

    /// The message a refused `set` throws.
    func refusal(_ page: PageHarness, _ key: String, _ value: PageValue) async -> String {
        do {
            _ = try await page.set(key, value)
            return "(accepted)"
        } catch {
            return "\(error)"
        }
    }

    // MARK: - rating

    @Test func aRatingTakesWholeStarsUpToItsMax() async throws {
        let page = try await open()
        try await page.set("stars", 4)
        #expect(try page.read("data.stars") == 4)
        try await page.set("stars", 5.0)
        #expect(try page.read("data.stars") == .int(5))
        #expect(await refusal(page, "stars", 7).hasSuffix("'stars' takes 1 to 5 stars, not 7"))
        #expect(await refusal(page, "stars", 0).hasSuffix("'stars' takes 1 to 5 stars, not 0; set null for no rating"))
        #expect(await refusal(page, "stars", 3.5).hasSuffix("'stars' takes a whole number of stars, not 3.5"))
        #expect(await refusal(page, "stars", "many").hasSuffix("'stars' takes a whole number of stars from 1 to 5, not string \"many\""))
        #expect(try page.read("data.stars") == 5, "a refused value changes nothing")
    }

    @Test func halfStepsAllowHalvesUpToMax() async throws {
        let page = try await open()
        try await page.set("half", 3.5)
        #expect(try page.read("component.half.value") == 3.5)
        try await page.set("half", 0.5)
        #expect(try page.read("component.half.value") == 0.5)
        #expect(await refusal(page, "half", 3.25).hasSuffix("'half' takes a whole or half number of stars, not 3.25"))
        #expect(await refusal(page, "half", 10.5).hasSuffix("'half' takes ½ to 10 stars, not 10.5"))
    }

    @Test func aRatingIsRequiredAndFiresOnChange() async throws {
        let page = try await open()
        try await page.set("stars", 3)
        try await page.set("stars", 4)
        #expect(try page.read("data.lastStars") == 3, "onChange sees the old value")
        try await page.set("stars", .null)
        #expect(try page.read("error.stars") == "This field is required")
    }

    // MARK: - radio, segmented

    @Test func aRadioTakesAnOptionsValueOrTitle() async throws {
        let page = try await open()
        try await page.set("visit", 2)
        #expect(try page.read("data.visit") == 2)
        try await page.set("visit", "First time")
        #expect(try page.read("data.visit") == 1, "a title gives its option's value")
        #expect(await refusal(page, "visit", 3).hasSuffix("'visit' has no option 3; its options are 1 (First time), 2 (Again)"))
        #expect(try page.read("data.visit") == 1)
        try await page.set("visit", .null)
        #expect(try page.read("data.visit") == .null)
    }

    @Test func segmentedTakesOneOfItsStringOptions() async throws {
        let page = try await open()
        try await page.set("size", "M")
        #expect(try page.read("data.size") == "M")
        #expect(await refusal(page, "size", "XL").hasSuffix("'size' has no option \"XL\"; its options are \"S\", \"M\", \"L\""))
    }

    // MARK: - checkboxes

    @Test func checkboxesKeepTheOptionsOrderAndToggleOneOption() async throws {
        let page = try await open()
        try await page.set("liked", ["music", "Food", "music"])
        #expect(try page.read("data.liked") == ["food", "music"], "values or titles, in the options' order, once each")
        try await page.set("liked", "Service")
        #expect(try page.read("data.liked") == ["food", "service", "music"], "one option toggles it on")
        try await page.set("liked", "food")
        #expect(try page.read("data.liked") == ["service", "music"], "and off")
        #expect(await refusal(page, "liked", ["food", "wine"]).hasSuffix("'liked' has no option \"wine\"; its options are \"food\" (Food), \"service\" (Service), \"music\" (Music)"))
    }

    @Test func countBoundsHowManyAreChosen() async throws {
        let page = try await open()
        try await page.set("liked", ["food", "service", "music"])
        #expect(try page.read("error.liked") == "Choose at most 2")
        try await page.set("liked", ["food"])
        #expect(try page.read("error.liked") == .null)
        let (registry, json) = (Registry.standard(behavior: .v2), """
            {"page": "p", "data": {"a": ["x"]}, "components": [{"id": "checkboxes", "key": "a",
             "attributes": {"value": {"expr": "$data.a"}, "options": ["x", "y", "z"]}, "validations": [{"id": "count", "attributes": {"min": 2}}]}]}
            """)
        let other = PageHarness(registry: registry)
        try await other.open(json: json)
        let session = try other.current
        let failures = await session.validate()
        #expect(failures.map(\.message) == ["Choose at least 2"])
    }

    // MARK: - slider

    @Test func aSliderMovesToTheNearestStepWithinItsRange() async throws {
        let page = try await open()
        try await page.set("noise", 3.3)
        #expect(try page.read("data.noise") == 3.5)
        try await page.set("noise", 7.74)
        #expect(try page.read("data.noise") == 7.5)
        try await page.set("noise", 10)
        #expect(try page.read("data.noise") == .int(10))
        #expect(await refusal(page, "noise", 11).hasSuffix("'noise' takes a number from 0 to 10, not 11"))
        #expect(await refusal(page, "noise", -1).hasSuffix("'noise' takes a number from 0 to 10, not -1"))
    }

    // MARK: - levels and check

    @Test func atLevelOneTheIdsAreNotTheEngines() throws {
        #expect(Registry.standard.components["rating"] == nil)
        #expect(Registry.standard.validations["count"] == nil)
        let v2 = Registry.standard(behavior: .v2)
        for id in ["rating", "radio", "segmented", "checkboxes", "slider"] { #expect(v2.components[id] != nil, "\(id)") }
        #expect(v2.validations["count"] != nil)
        var app = Registry.standard
        app.register(ComponentType("rating", attributes: [AttributeSpec("value", .int, twoWay: true)], valueAttribute: "value"))
        #expect(app.clashes.isEmpty, "at level 1 an app's own rating is its own")
    }

    @Test func checkRefusesABadMaxOrStep() throws {
        let json = """
            {"page": "p", "components": [
              {"id": "rating", "key": "r", "attributes": {"max": 20}},
              {"id": "slider", "key": "s", "attributes": {"step": 0}}]}
            """
        let registry = Registry.standard(behavior: .v2)
        let (document, decoded) = PageDocument.decode(json: json, registry: registry, libraries: .empty)
        let printed = (decoded + (document?.check(registry: registry) ?? [])).filter { $0.severity == .error }.map(\.message)
        #expect(printed.contains { $0.contains("a rating has 1 to 10 stars, not 20") }, "\(printed)")
        #expect(printed.contains { $0.contains("a slider's step is more than 0, not 0") }, "\(printed)")
    }
}
