import Foundation
import Testing
import Formwork

/// A component type this app doesn't know (a newer page on an older app) shows its `fallback`,
/// or is left out with a warning to the host.
@Suite("Unknown components")
@MainActor
struct FallbackTests {
    final class Warnings {
        var diagnostics: [PageDiagnostic] = []
    }

    static let page = """
    {
      "page": "review",
      "data": { "stars": 4 },
      "components": [
        { "id": "label", "key": "heading", "attributes": { "text": "Your review" } },
        { "id": "star-rating", "key": "stars",
          "attributes": { "value": { "expr": "$data.stars" }, "max": 5 },
          "fallback": { "id": "stepper", "attributes": { "title": "Stars", "value": { "expr": "$data.stars" }, "min": 1, "max": 5 } } },
        { "id": "confetti", "key": "party", "attributes": { "colors": ["red", "gold"] } },
        { "id": "hologram", "key": "future",
          "fallback": { "id": "video", "fallback": { "id": "label", "attributes": { "text": { "template": "${$data.stars} stars" } } } } }
      ]
    }
    """

    private func open() throws -> (PageSession, Warnings) {
        let warnings = Warnings()
        let host = PageHost(report: { report in
            if case .diagnostic(let diagnostic) = report { warnings.diagnostics.append(diagnostic) }
        })
        let document = try PageDocument.load(Array(Self.page.utf8), registry: .standard, libraries: .empty)   // unknown ids aren't decode errors
        return (try PageEngine(registry: .standard, host: host).open(document), warnings)
    }

    @Test func anUnknownComponentRendersThroughItsFallback() async throws {
        let (page, _) = try open()
        let stars = try #require(page.component("stars"))

        #expect(stars.type.id == "stepper")
        #expect(stars.attributes["title"] == "Stars")
        #expect(stars.attributes["value"] == 4)

        // The fallback is a live component: it binds two-way like any stepper.
        try await page.edit(stars, to: 5)
        #expect(page.data["stars"] == 5)
        #expect(page.component("future")?.attributes["text"] == "5 stars")   // a fallback's fallback
    }

    @Test func anUnknownComponentWithoutFallbackIsLeftOutWithAWarning() throws {
        let (page, warnings) = try open()

        #expect(page.components.map(\.key) == ["heading", "stars", "future"])
        #expect(warnings.diagnostics.count == 1)
        let warning = try #require(warnings.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.code == "unknown-id")
        #expect(warning.path == "components[2]")
        #expect(warning.message.contains("unknown component 'confetti'"))
    }

    @Test func anUnknownComponentInAListIsReportedOnceNotPerRowOrRebuild() throws {
        let warnings = Warnings()
        let host = PageHost(report: { if case .diagnostic(let d) = $0 { warnings.diagnostics.append(d) } })
        let document = try PageDocument.load(Array(#"""
            {"page": "p", "data": {"items": [1, 2, 3]}, "components": [
              {"id": "list", "attributes": {"items": {"expr": "$data.items"}}, "components": [{"id": "gizmo"}, {"id": "label"}]}]}
            """#.utf8), registry: .standard, libraries: .empty)
        let page = try PageEngine(registry: .standard, host: host).open(document)

        try page.set([1, 2, 3, 4], at: try #require(StorePath("$data.items")))

        #expect(page.components.first?.children.count == 4)
        #expect(warnings.diagnostics.map(\.path) == ["components[0].components[0]"])
    }

    @Test func checkWarnsAboutFallbacksAndFailsComponentsWithout() throws {
        let document = try #require(PageDocument.decode(json: Self.page, registry: .standard, libraries: .empty).document)
        let found = document.check(registry: .standard).map { "\($0.severity.rawValue) \($0.code) \($0.path)" }

        #expect(found.contains("warning unknown-id components[1].id"))
        #expect(found.contains("error unknown-id components[2].id"))
        #expect(found.contains("warning unknown-id components[3].fallback.id"))
    }
}
