import Foundation
import Formwork
import FormworkDesign
import Testing

/// Publishing from the editor: it refuses while a page has an error or a flow fails, gives a page
/// that changed since the last publish the next version (in its file too), leaves an unchanged
/// page's version alone, and writes the folder as `formwork pack` does.
@Suite("formwork design: publishing")
struct PagePublisherTests {
    static let page = """
        {
          "page": "tip",
          "version": 1,
          "title": "Tip",
          "data": { "bill": 0 },
          "components": [ { "id": "number-field", "key": "bill", "attributes": { "value": { "expr": "$data.bill" } } } ]
        }

        """
    static let flow = #"{"page": "tip.json", "steps": [{"set": "bill", "value": 12}, {"expect": {"data.bill": 12}}]}"#

    /// A folder with the page and its flow, and the folder to publish to beside it.
    static func project() throws -> (pages: URL, site: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-publish-\(UUID().uuidString)")
        let pages = root.appendingPathComponent("pages")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        try Data(page.utf8).write(to: pages.appendingPathComponent("tip.json"))
        try Data(flow.utf8).write(to: pages.appendingPathComponent("tip.flow.json"))
        return (pages, root.appendingPathComponent("published"))
    }

    @MainActor
    static func publish(_ project: (pages: URL, site: URL)) async -> PagePublisher.Outcome {
        await PagePublisher(folder: project.pages, output: project.site, registry: .standard, described: .standard).publish()
    }

    static func published(_ outcome: PagePublisher.Outcome) -> [PagePublisher.Published] {
        if case .published(let pages, _) = outcome { return pages }
        Issue.record("expected a publish, got \(outcome)")
        return []
    }

    static func publishedVersion(_ site: URL) throws -> Int? {
        let manifest = try PageManifest(data: Data(contentsOf: site.appendingPathComponent("manifest.json")), source: "manifest.json")
        return manifest.pages.first { $0.id == "tip" }?.version
    }

    @Test func aChangedPageGetsTheNextVersionAndAnUnchangedOneKeepsItsOwn() async throws {
        let project = try PagePublisherTests.project()
        let file = project.pages.appendingPathComponent("tip.json")

        let first = PagePublisherTests.published(await PagePublisherTests.publish(project))
        #expect(first == [PagePublisher.Published(id: "tip", file: "tip.json", version: 1, bumped: false, first: true, changes: [])])
        #expect(try PagePublisherTests.publishedVersion(project.site) == 1)

        let again = PagePublisherTests.published(await PagePublisherTests.publish(project))
        #expect(again.first?.bumped == false)
        #expect(again.first?.first == false)
        #expect(again.first?.changes == [])
        #expect(try String(contentsOf: file, encoding: .utf8) == PagePublisherTests.page, "an unchanged page's file is left alone")

        let retitled = PagePublisherTests.page.replacingOccurrences(of: #""title": "Tip""#, with: #""title": "Tips""#)
        try Data(retitled.utf8).write(to: file)
        let changed = PagePublisherTests.published(await PagePublisherTests.publish(project))
        #expect(changed.first?.version == 2)
        #expect(changed.first?.bumped == true)
        #expect(changed.first?.changes.isEmpty == false)
        #expect(try String(contentsOf: file, encoding: .utf8) == retitled.replacingOccurrences(of: #""version": 1"#, with: #""version": 2"#),
                "only the version's text changes in the file")
        #expect(try PagePublisherTests.publishedVersion(project.site) == 2)

        let raised = retitled.replacingOccurrences(of: #""version": 1"#, with: #""version": 7"#).replacingOccurrences(of: "Tips", with: "Tip!")
        try Data(raised.utf8).write(to: file)
        let own = PagePublisherTests.published(await PagePublisherTests.publish(project))
        #expect(own.first?.version == 7, "an author's own higher version is kept")
        #expect(own.first?.bumped == false)
    }

    @Test func aFailingFlowOrAPageErrorRefusesAndNothingChanges() async throws {
        let project = try PagePublisherTests.project()
        _ = PagePublisherTests.published(await PagePublisherTests.publish(project))
        let file = project.pages.appendingPathComponent("tip.json")
        let changed = PagePublisherTests.page.replacingOccurrences(of: #""title": "Tip""#, with: #""title": "Tips""#)
        try Data(changed.utf8).write(to: file)
        try Data(#"{"page": "tip.json", "steps": [{"set": "bill", "value": 12}, {"expect": {"data.bill": 13}}]}"#.utf8)
            .write(to: project.pages.appendingPathComponent("tip.flow.json"))
        guard case .refused(let reason, let problems, let flows) = await PagePublisherTests.publish(project) else {
            Issue.record("a failing flow must refuse the publish")
            return
        }
        #expect(reason.hasPrefix("a flow fails; publishing waits until they pass"))
        #expect(problems.isEmpty)
        #expect(flows.map(\.name) == ["tip"])
        #expect(try String(contentsOf: file, encoding: .utf8) == changed, "the version isn't raised")
        #expect(try PagePublisherTests.publishedVersion(project.site) == 1, "nothing was published")

        try Data(PagePublisherTests.flow.utf8).write(to: project.pages.appendingPathComponent("tip.flow.json"))
        try Data(changed.replacingOccurrences(of: "number-field", with: "number-feild").utf8).write(to: file)
        guard case .refused(let why, let errors, _) = await PagePublisherTests.publish(project) else {
            Issue.record("a page with an error must refuse the publish")
            return
        }
        #expect(why == "a page has an error; publishing waits until check passes")
        #expect(errors.first?.message.contains("did you mean 'number-field'?") == true)
        #expect(try PagePublisherTests.publishedVersion(project.site) == 1)
    }
}
