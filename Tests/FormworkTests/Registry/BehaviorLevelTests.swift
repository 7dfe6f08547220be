import Foundation
import Testing
@testable import Formwork

// New behaviour reaches an app only from the level it states: a built-in id or a common
// attribute a later level brings is not the engine's below it (no clash; the engine's feature
// doesn't apply), and a changed default keeps its old value. `Registry.standard` is level 1.
// NB: @testable for `Registry.standard(behavior:changes:)`: the engine's own table has no built-in
// or common attribute after level 1 yet, so these tests read the levels in tables of their own.

@Suite("Behaviour levels")
@MainActor
struct BehaviorLevelTests {
    /// An app that states no level gets level 1, forever.
    @Test func anAppThatStatesNoLevelIsAtLevelOne() {
        #expect(Registry.standard.behavior == .v1)
        #expect(Registry().behavior == .v1)
        #expect(Registry.standard(behavior: .v2).behavior == .v2)
        #expect(BehaviorLevel.all == [.v1, .v2])
        #expect(BehaviorLevel(0) == nil && BehaviorLevel(BehaviorLevel.latest.number + 1) == nil)
    }

    /// Every entry of the engine's table is at a level after 1 and at most the latest, and the
    /// CHANGELOG lists it under the level that brings it.
    @Test func everyChangeIsListedUnderItsLevelInTheChangelog() throws {
        let changelog = try String(contentsOf: FlowFixtures.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        for change in BehaviorChange.all {
            #expect(change.level > .v1 && change.level <= .latest, "\(change)")
            let heading = "### Behaviour level \(change.level.number)"
            guard let start = changelog.range(of: heading) else { Issue.record("CHANGELOG.md has no '\(heading)'"); continue }
            let section = changelog[start.upperBound...].prefix { $0 != "#" }
            let subject: String
            switch change.subject {
            case .builtIn(_, let id): subject = id
            case .commonAttribute(_, let name): subject = name
            case .behavior(let name): subject = name
            }
            #expect(section.contains(subject), "CHANGELOG.md's '\(heading)' doesn't name \(subject)")
        }
    }

    // MARK: - A built-in a later level brings

    static let laterBuiltIn = [BehaviorChange(.builtIn(kind: "action", id: "discard-draft"), level: .v2, summary: "a test's: discard-draft from level 2")]

    @Test func aBuiltInALaterLevelBringsIsTheAppsBelowIt() throws {
        let atOne = Registry.standard(behavior: .v1, changes: Self.laterBuiltIn)
        #expect(atOne.actions["discard-draft"] == nil, "not the engine's at level 1")
        var app = atOne
        app.register(ActionType("discard-draft") { $0.result })
        #expect(app.clashes.isEmpty, "\(app.clashes)")
        #expect(app.hostTypeIDs.actions == ["discard-draft"])

        var atTwo = Registry.standard(behavior: .v2, changes: Self.laterBuiltIn)
        #expect(atTwo.actions["discard-draft"] != nil)
        atTwo.register(ActionType("discard-draft") { $0.result })
        #expect(atTwo.clashes.map(\.message) == [Registry.idClashMessage(kind: "action", id: "discard-draft")])
    }

    @Test func overridingABuiltInALaterLevelBringsIsRefusedBelowIt() {
        var app = Registry.standard(behavior: .v1, changes: Self.laterBuiltIn)
        app.register(ActionType("discard-draft") { $0.result }, overriding: .builtIn("discard-draft"))
        #expect(app.clashes.map(\.message) == [
            "the app's action 'discard-draft' is registered `overriding: .builtIn(\"discard-draft\")`, but the engine has no built-in action 'discard-draft': leave `overriding:` out",
        ])
    }

    // MARK: - A common attribute a later level brings

    static let laterRetry = [BehaviorChange(.commonAttribute(kind: "error handler", name: "retry"), level: .v2, summary: "a test's: retry from level 2")]
    static let signIn = ErrorHandlerType("sign-in", attributes: [AttributeSpec("retry", .int, default: 3)]) { _ in }
    static let toast = ErrorHandlerType("note") { _ in }

    @Test func aCommonAttributeALaterLevelBringsNeitherClashesNorAppliesBelowIt() {
        var atOne = Registry.standard(behavior: .v1, changes: Self.laterRetry)
        atOne.register(Self.signIn)
        atOne.register(Self.toast)
        #expect(atOne.clashes.isEmpty, "\(atOne.clashes)")
        #expect(!atOne.engineReads("retry", of: Self.toast), "the engine's retry doesn't apply at level 1")
        #expect(atOne.engineReads("when", of: Self.toast))

        var atTwo = Registry.standard(behavior: .v2, changes: Self.laterRetry)
        atTwo.register(Self.signIn)
        atTwo.register(Self.toast)
        #expect(atTwo.clashes.map(\.attribute) == ["retry"])
        #expect(atTwo.engineReads("retry", of: Self.toast))
        #expect(!atTwo.engineReads("retry", of: Self.signIn), "the app's own retry")
    }

    @Test func replacingACommonAttributeALaterLevelBringsIsRefusedBelowIt() {
        var atOne = Registry.standard(behavior: .v1, changes: Self.laterRetry)
        atOne.register(Self.signIn, replacing: ["retry"])
        #expect(atOne.clashes.map(\.message) == [
            "the app's error handler 'sign-in' is registered `replacing: [\"retry\"]`, but 'retry' is not an attribute every error handler has at level 1 (a later behaviour level brings it) (those are when): leave 'retry' out of `replacing:`",
        ])
        var atTwo = Registry.standard(behavior: .v2, changes: Self.laterRetry)
        atTwo.register(Self.signIn, replacing: ["retry"])
        #expect(atTwo.clashes.isEmpty)
    }

    // MARK: - A changed default: the person's languages

    static let page = #"{"page": "hello", "components": [{"id": "label", "key": "locale", "attributes": {"text": {"expr": "$page.locale"}}}]}"#

    @Test func pagesOpenInThePersonsLanguagesFromLevelTwoAndInNoneAtLevelOne() throws {
        let preferred = PageLocale(languages: Locale.preferredLanguages).languages
        let atTwo = PageEngine(registry: .standard(behavior: .v2), host: PageHost())
        #expect(atTwo.languages == Locale.preferredLanguages)
        let session = try atTwo.open(try PageDocument.load(Array(Self.page.utf8), registry: atTwo.registry, libraries: .empty))
        #expect(session.pageLocale.languages == preferred)

        let atOne = PageEngine(registry: .standard, host: PageHost())
        #expect(atOne.languages == [])
        #expect(try atOne.open(try PageDocument.load(Array(Self.page.utf8), registry: atOne.registry, libraries: .empty)).pageLocale.languages == [])

        let stated = PageEngine(registry: .standard(behavior: .v2), host: PageHost(languages: ["fr-FR", "zh-Hans"]))
        #expect(stated.languages == ["fr-FR", "zh-Hans"], "the host's own languages win at every level")
        #expect(PageEngine(registry: .standard(behavior: .v2), host: PageHost(languages: [])).languages == [])
    }

    // MARK: - The registry file records the level

    @Test func theRegistryFileRecordsTheLevelAndReadsItBack() throws {
        var app = Registry.standard(behavior: .v2)
        app.register(ActionType("track") { $0.result })
        #expect(app.descriptionValue["behavior"] == 2)
        #expect(app.descriptionValue["format"] == .int(Int64(Registry.descriptionFormat)))
        let read = try RegistryDescription(bytes: Array(app.descriptionText.utf8), source: "app.registry.json")
        #expect(read.registry().behavior == .v2)
        #expect(read.hostTypes.actions == ["track"])
        let atOne = try RegistryDescription(bytes: Array(Registry.standard.descriptionText.utf8), source: "app.registry.json")
        #expect(atOne.registry().behavior == .v1)
    }

    /// A file an earlier Formwork wrote (format 1, no level) is refused, naming the call that
    /// writes it again: its types would otherwise be read as whatever this engine guesses.
    @Test func aRegistryFileOfAnEarlierFormatIsRefusedWithTheCallThatWritesItAgain() throws {
        guard case .object(var old) = Registry.standard.descriptionValue else { Issue.record("not an object"); return }
        old["format"] = 1
        old["behavior"] = nil
        let error = #expect(throws: RegistryDescriptionError.self) {
            try RegistryDescription(bytes: Array(PageValue.object(old).prettyJSONText.utf8), source: "App/app.registry.json")
        }
        #expect(error?.description == #"App/app.registry.json:2:13: format: the registry file was written by an earlier Formwork (format 1; this one reads format 2, which records the app's behaviour level), so it can't say what the app's types are; write it again from the app with this Formwork: `try registry.writeDescription(to: URL(fileURLWithPath: "App/app.registry.json"))` (app.registry.json from the registry the app's engine uses), then run the command again"#)
        let unversioned = #expect(throws: RegistryDescriptionError.self) {
            try RegistryDescription(bytes: Array(#"{"actions": []}"#.utf8), source: "app.registry.json")
        }
        #expect(unversioned?.message.hasPrefix(#"the registry file was written by an earlier Formwork (no "format"; this one reads format 2"#) == true)
    }
}
