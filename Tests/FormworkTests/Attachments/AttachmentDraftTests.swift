import Foundation
import LoopbackHTTP
import Testing
import Formwork

/// A draft keeps its attachments: copied into the draft storage (owner-only), found again when
/// the page reopens in a new engine after the picked file is gone, and removed with the draft.
@Suite("Drafts keep attachments", .serialized)
@MainActor
struct AttachmentDraftTests {
    static let page = """
    {"page": "expense", "version": 1, "draft": {},
     "data": {"receipt": []},
     "components": [
       {"id": "file", "key": "receipt", "attributes": {"title": "Receipt", "value": {"expr": "$data.receipt"}}},
       {"id": "button", "key": "discard", "interactions": {"onTap": [{"id": "discard-draft"}]}}
     ],
     "interactions": {"send": [{"id": "upload", "attributes": {"url": "/api/receipts", "files": {"expr": "$data.receipt"}}}]},
     "onError": [{"id": "ignore"}]}
    """

    @Test func aDraftWithAnAttachmentSurvivesReopenAndIsDroppedWithTheDraft() async throws {
        let folder = try AttachmentFolder()
        let server = try LoopbackServer()
        defer { server.stop(); folder.remove() }
        server.route("POST", "/api/receipts", .json("{}"))
        let drafts = FileDraftStorage(directory: folder.url.appendingPathComponent("drafts"))
        let picked = try folder.file("receipt.png", size: 3_000)
        let registry = Registry.standard(behavior: .v2)

        func engine() -> PageEngine {
            var host = PageHost(transport: URLSessionTransport(baseURL: server.baseURL, allowedHosts: []))
            let picker = FolderFilePicker(folder: folder.url)
            picker.answer(["receipt.png"])
            host.filePicker = picker
            return PageEngine(registry: registry, host: host, drafts: drafts)
        }

        let first = try engine().open(try EnginePages.load(Self.page, registry: registry))
        _ = await first.tap(try #require(first.component("receipt")))
        let id = try #require(first.data["receipt"]?[0]?["id"]?.stringValue)
        first.close()   // writes the draft
        let kept = folder.url.appendingPathComponent("drafts/expense.attachments/\(id)")
        #expect(FileManager.default.fileExists(atPath: kept.path))
        let folderMode = try FileManager.default.attributesOfItem(atPath: kept.deletingLastPathComponent().path)[.posixPermissions] as? Int
        let fileMode = try FileManager.default.attributesOfItem(atPath: kept.path)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        #expect(fileMode == 0o600)
        try FileManager.default.removeItem(at: picked)   // the picker's file is gone

        let again = try engine().open(try EnginePages.load(Self.page, registry: registry))
        #expect(again.draftRestore.name == "restored")
        #expect(again.data["receipt"]?[0]?["id"] == .string(id))
        #expect(again.engine.attachment(id)?.file.standardizedFileURL == kept.standardizedFileURL)
        #expect(await again.trigger("send").result != nil, "the kept copy uploads")
        #expect(server.bodyBytesReceived(from: "/api/receipts") > 3_000)

        _ = await again.tap(try #require(again.component("discard")))
        #expect(!FileManager.default.fileExists(atPath: kept.deletingLastPathComponent().path), "dropped with the draft")
        again.close()
    }
}
