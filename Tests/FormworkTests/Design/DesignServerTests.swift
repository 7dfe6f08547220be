import Foundation
import Formwork
import Testing

/// `formwork design` driven over real HTTP as its browser editor drives it: the palette, new
/// pages, drafts checked and shown live, saving that keeps the file's bytes and never overwrites
/// a change on disk, and publishing.
@Suite("formwork design: the server")
struct DesignServerTests {
    static func design(_ folder: URL, _ arguments: [String] = []) async throws -> PreviewProcess {
        try await PreviewProcess.start(folder, arguments, command: "design")
    }

    static func post(_ editor: PreviewProcess, _ target: String, _ body: PageValue) async throws -> RawHTTPClient.Response {
        try await RawHTTPClient.post(port: editor.port, target, json: body.jsonText)
    }

    /// A fresh folder with `files` (name → text) in it.
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-design-\(UUID().uuidString)/pages")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test func theEditorAndEveryOneOfItsFilesAreServed() async throws {
        let editor = try await DesignServerTests.design(PreviewProcess.pages)
        let index = try await RawHTTPClient.get(port: editor.port, "/")
        #expect(index.status == 200)
        #expect(index.body.contains(#"src="/assets/design/design.js""#))
        #expect(index.headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
        let opened = try await RawHTTPClient.get(port: editor.port, "/design/login.json")
        #expect(opened.status == 200)
        #expect(try await RawHTTPClient.get(port: editor.port, "/design/nothing.json").status == 404)
        let resources = FlowFixtures.packageRoot.appendingPathComponent("Sources/FormworkStudio/Design/Resources")
        let names = try FileManager.default.contentsOfDirectory(atPath: resources.path).sorted()
        #expect(names.count >= 10)
        for name in names {
            let response = try await RawHTTPClient.get(port: editor.port, "/assets/design/\(name)")
            #expect(response.status == 200, "\(name) is in Design/Resources but isn't served: list it in Package.swift and DesignAssets")
            let text = try String(contentsOf: resources.appendingPathComponent(name), encoding: .utf8)
            #expect(response.body == text, "\(name) is served as it is in the repository")
        }
        // The live page the editor shows beside the tree is the preview's, framed by the editor only.
        let live = try await RawHTTPClient.get(port: editor.port, "/preview/login.json")
        #expect(live.headers["content-security-policy"]?.contains("frame-ancestors 'self'") == true)
        #expect(try await editor.interrupt().output.last == "Stopped the editor.")
    }

    @Test func thePaletteHasEveryTypeOfTheAppWithItsAttributes() async throws {
        let editor = try await DesignServerTests.design(FlowFixtures.packageRoot.appendingPathComponent("examples/app/pages"))
        let palette = try await RawHTTPClient.get(port: editor.port, "/api/design/palette").json
        let actions = palette["registry"]?["actions"]?.arrayValue ?? []
        let analytics = try #require(actions.first { $0["id"] == "analytics" }, "the app's own action, from the registry file formwork.json names")
        #expect(analytics["attributes"]?.arrayValue?.contains { $0["name"] == "event" } == true)
        #expect(palette["hostTypes"]?["actions"]?.arrayValue?.contains("analytics") == true)
        #expect(palette["hostTypes"]?["actions"]?.arrayValue?.contains("api") == false)
        #expect(actions.contains { $0["id"] == "store-var" })
        let common = palette["common"]?["components"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(common == ComponentType.commonAttributes.map(\.name))
        #expect(palette["blocks"]?.arrayValue?.contains { $0["id"] == "star-feedback" } == true)
        _ = try await editor.interrupt()
    }

    @Test func newPagesAreCreatedOnceWithAnIdTheEngineTakes() async throws {
        let folder = try DesignServerTests.folder([:])
        let editor = try await DesignServerTests.design(folder)
        let created = try await DesignServerTests.post(editor, "/api/design/pages", ["page": "tip"])
        #expect(created.status == 201)
        #expect(created.json["file"] == "tip.json")
        let page = try JSONReader.parse(bytes: Array(try Data(contentsOf: folder.appendingPathComponent("tip.json"))))
        #expect(page["page"] == "tip")
        #expect(page["components"] == [])
        let again = try await DesignServerTests.post(editor, "/api/design/pages", ["page": "tip"])
        #expect(again.status == 409)
        #expect(again.json["error"]?.stringValue?.contains("tip.json already exists") == true)
        let bad = try await DesignServerTests.post(editor, "/api/design/pages", ["page": "../up"])
        #expect(bad.status == 400)
        #expect(bad.json["error"]?.stringValue?.contains("can't be a page id") == true)
        #expect(FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("up.json").path) == false)
        for kept in ["tip.flow", "manifest", "formwork", "app.registry"] {
            let refused = try await DesignServerTests.post(editor, "/api/design/pages", ["page": .string(kept)])
            #expect(refused.status == 400, "\(kept)")
            #expect(refused.json["error"]?.stringValue?.contains("that name is kept for something else") == true, "\(kept)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(kept + ".json").path), "\(kept)")
        }
        _ = try await editor.interrupt()
    }

    @Test func everyExamplePageSavedUnchangedStaysByteForByteTheSame() async throws {
        let folder = try PreviewProcess.copyOfPages()
        let editor = try await DesignServerTests.design(folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") && !$0.hasSuffix(".flow.json") && $0 != "formwork.json" }
        #expect(files.count >= 5)
        for file in files {
            let before = try Data(contentsOf: folder.appendingPathComponent(file))
            let page = try await RawHTTPClient.get(port: editor.port, "/api/design/page/\(file)").json
            let document = try #require(page["document"], "\(file)")
            let body: PageValue = ["document": document, "base": page["revision"] ?? .null]
            let saved = try await DesignServerTests.post(editor, "/api/design/save/\(file)", body)
            #expect(saved.status == 200, "\(file): \(saved.body)")
            #expect(saved.json["changed"] == false, "\(file)")
            #expect(try Data(contentsOf: folder.appendingPathComponent(file)) == before, "\(file)")
        }
        _ = try await editor.interrupt()
    }

    @Test func aChangeMadeOnDiskIsNeverOverwrittenUnlessTheEditorKeepsItsOwn() async throws {
        let folder = try DesignServerTests.folder(["tip.json": #"{"page": "tip", "data": {}, "components": []}"#])
        let file = folder.appendingPathComponent("tip.json")
        let editor = try await DesignServerTests.design(folder)
        let opened = try await RawHTTPClient.get(port: editor.port, "/api/design/page/tip.json").json
        guard case .object(var mine)? = opened["document"] else { Issue.record("no document"); return }
        mine["title"] = "Mine"
        let theirs = #"{"page": "tip", "title": "Theirs", "data": {}, "components": []}"#
        try Data(theirs.utf8).write(to: file)

        let refused = try await DesignServerTests.post(editor, "/api/design/save/tip.json", ["document": .object(mine), "base": opened["revision"] ?? .null])
        #expect(refused.status == 409)
        #expect(refused.json["conflict"]?["text"]?.stringValue == theirs)
        #expect(refused.json["conflict"]?["document"]?["title"] == "Theirs")
        #expect(try String(contentsOf: file, encoding: .utf8) == theirs, "the file changed on disk is left alone")

        let kept = try await DesignServerTests.post(editor, "/api/design/save/tip.json", ["document": .object(mine), "base": refused.json["conflict"]?["revision"] ?? .null])
        #expect(kept.status == 200)
        #expect(kept.json["changed"] == true)
        let now = try JSONReader.parse(bytes: Array(try Data(contentsOf: file)))
        #expect(now["title"] == "Mine")
        #expect(kept.json["revision"] == (try await RawHTTPClient.get(port: editor.port, "/api/design/page/tip.json").json["revision"]))
        _ = try await editor.interrupt()
    }

    @Test func aDraftIsCheckedAndShownLiveWithoutTouchingTheFile() async throws {
        let text = #"{"page": "tip", "data": {"price": 2}, "components": [{"id": "label", "key": "total", "attributes": {"text": "none"}}]}"#
        let folder = try DesignServerTests.folder(["tip.json": text])
        let editor = try await DesignServerTests.design(folder)
        let events = try await EventStreamClient.open(port: editor.port, "/api/preview/tip.json/events")
        try await events.waitForState("the saved page") { $0.attribute("total", "text") == "none" }

        let broken = try JSONReader.parse(#"{"page": "tip", "data": {"price": 2}, "components": [{"id": "label", "key": "total", "attributes": {"text": {"expr": "$data.price *"}}}]}"#)
        let checked = try await DesignServerTests.post(editor, "/api/design/draft/tip.json", ["document": broken])
        #expect(checked.status == 200)
        let problem = try #require(checked.json["problems"]?.arrayValue?.first)
        #expect(problem["severity"] == "error")
        #expect(problem["path"]?.stringValue?.hasPrefix("components[0].attributes.text") == true)
        #expect(problem["expression"]?["source"] == "$data.price *")
        #expect(problem["expression"]?["start"] == 13)

        let fixed = try JSONReader.parse(#"{"page": "tip", "data": {"price": 2}, "components": [{"id": "label", "key": "total", "attributes": {"text": {"template": "Total: ${$data.price * 3}"}}}]}"#)
        let clean = try await DesignServerTests.post(editor, "/api/design/draft/tip.json", ["document": fixed])
        #expect(clean.json["problems"] == [])
        try await events.waitForState("the draft, live") { $0.attribute("total", "text") == "Total: 6" }
        #expect(try String(contentsOf: folder.appendingPathComponent("tip.json"), encoding: .utf8) == text, "a draft is never written")
        _ = try await editor.interrupt()
    }

    @Test func aDraftListsTheTextsMissingInEachLanguageOfThePage() async throws {
        let folder = try DesignServerTests.folder(["tip.json": #"{"page": "tip", "components": []}"#])
        let editor = try await DesignServerTests.design(folder)
        let page = try JSONReader.parse(#"""
            {"page": "tip", "strings": {"en": {"title": "Tip", "total": "Total"}, "de": {"title": "Trinkgeld"}},
             "components": [{"id": "label", "key": "a", "attributes": {"text": {"text": "title"}}},
                            {"id": "label", "key": "b", "attributes": {"text": {"text": "total"}}}]}
            """#)
        let answer = try await DesignServerTests.post(editor, "/api/design/draft/tip.json", ["document": page])
        let problems = answer.json["problems"]?.arrayValue ?? []
        #expect(problems.map { $0["path"]?.stringValue ?? "" } == ["components[1].attributes.text"])
        #expect(problems.first?["severity"] == "warning")
        #expect(problems.first?["message"]?.stringValue?.contains("no 'de' text for 'total'") == true)
        _ = try await editor.interrupt()
    }

    @Test func eachDraftIsAnsweredWithItsOwnProblemsEvenWhenTheyOverlap() async throws {
        let folder = try DesignServerTests.folder(["tip.json": #"{"page": "tip", "components": []}"#])
        let editor = try await DesignServerTests.design(folder)
        // NB: sent at once, most drafts arrive while the page is being opened for another: each
        // answer must still be the check of the draft it was sent with, not of the one before.
        let names = (1...8).map { "lenn\($0)" }
        try await withThrowingTaskGroup(of: (String, RawHTTPClient.Response).self) { group in
            for name in names {
                group.addTask {
                    let page = try JSONReader.parse(#"{"page": "tip", "components": [{"id": "label", "key": "a", "attributes": {"text": {"expr": "\#(name)(1)"}}}]}"#)
                    return (name, try await DesignServerTests.post(editor, "/api/design/draft/tip.json", ["document": page]))
                }
            }
            for try await (name, answer) in group {
                let messages = answer.json["problems"]?.arrayValue?.compactMap { $0["message"]?.stringValue } ?? []
                #expect(messages.count == 1 && messages[0].contains("'\(name)'"), "the draft calling \(name)() was answered with \(messages)")
            }
        }
        _ = try await editor.interrupt()
    }

    @Test func requestsFromElsewhereOrOutsideTheFolderAreRefused() async throws {
        let folder = try DesignServerTests.folder(["tip.json": #"{"page": "tip"}"#])
        try Data(#"{"page": "secret"}"#.utf8).write(to: folder.deletingLastPathComponent().appendingPathComponent("secret.json"))
        let editor = try await DesignServerTests.design(folder)
        let foreign = try await RawHTTPClient.exchange(port: editor.port, "GET /api/design/palette HTTP/1.1\r\nHost: evil.example\r\n\r\n")
        #expect(foreign.status == 403)
        let form = try await RawHTTPClient.exchange(port: editor.port, "POST /api/design/pages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 16\r\n\r\n{\"page\": \"evil\"}")
        #expect(form.status == 415)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("evil.json").path))
        for target in ["/api/design/page/../secret.json", "/api/design/page/%2e%2e/secret.json"] {
            let response = try await RawHTTPClient.get(port: editor.port, target)
            #expect([400, 403, 404].contains(response.status), "\(target)")
            #expect(!response.body.contains("secret\""), "\(target)")
        }
        let outside = try await DesignServerTests.post(editor, "/api/design/save/%2e%2e/secret.json", ["document": ["page": "x"], "base": "none"])
        #expect([400, 403, 404].contains(outside.status))
        #expect(try String(contentsOf: folder.deletingLastPathComponent().appendingPathComponent("secret.json"), encoding: .utf8) == #"{"page": "secret"}"#)
        _ = try await editor.interrupt()
    }
}
