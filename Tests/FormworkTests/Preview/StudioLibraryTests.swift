import Foundation
import Formwork
import FormworkStudio
import PreviewHTTP
import Testing

/// The preview and the editor as a library (`FormworkStudio`), used in process without the CLI:
/// its browser files are built in as they are in the repository, and its routes serve from an
/// `HTTPServer` the test starts itself.
@Suite("FormworkStudio: the preview and the editor without the CLI")
struct StudioLibraryTests {
    static let studio = FlowFixtures.packageRoot.appendingPathComponent("Sources/FormworkStudio")

    @Test(arguments: ["Preview/Resources", "Design/Resources"])
    func everyBrowserFileIsBuiltInAsItIsInTheRepository(folder: String) throws {
        let files = folder.hasPrefix("Preview") ? PreviewAssets.files : DesignAssets.files
        let resources = StudioLibraryTests.studio.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: resources.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(names.count >= 10)
        #expect(names == files.keys.sorted(), "each file of \(folder) is listed in Package.swift and in its assets table, and nothing else is")
        for name in names {
            let bytes = try Data(contentsOf: resources.appendingPathComponent(name))
            #expect(files[name].map { Data($0.bytes) } == bytes, "\(name) is built in as it is in the repository")
        }
    }

    @Test func aServedFolderMustBeAFolder() throws {
        let file = FlowFixtures.packageRoot.appendingPathComponent("README.md").path
        #expect(throws: ToolFailure.self) { try ServedFolder(file) }
        do {
            _ = try ServedFolder(file)
        } catch {
            #expect(error.message == "'\(file)' is not a folder; give the folder that holds your pages")
        }
    }

    @MainActor
    @Test func thePreviewAndTheEditorServeTheirRoutesInProcess() async throws {
        let folder = try ServedFolder(PreviewProcess.pages.path)
        let preview = PreviewWorkspace(folder: folder, registry: .builtIns, globals: GlobalStore(.object(PageObject())),
                                       requests: RequestStubs(stubFile: PreviewProcess.stubs), limits: .standard) { _ in }
        let design = DesignWorkspace(preview: preview, publishFolder: FileManager.default.temporaryDirectory.appendingPathComponent("formwork-studio-\(UUID().uuidString)"))
        let routes = DesignRoutes(workspace: design, preview: PreviewRoutes(workspace: preview, folder: folder, limits: preview.limits))
        let server = try HTTPServer(port: 0, limits: preview.limits, handler: routes.respond)
        let port = server.port

        let pages = try await RawHTTPClient.get(port: port, "/api/pages")
        #expect(pages.status == 200)
        let files = pages.json["pages"]?.arrayValue?.compactMap { $0["file"]?.stringValue } ?? []
        #expect(files == folder.pageFiles())
        #expect(files.contains("login.json"))
        let palette = try await RawHTTPClient.get(port: port, "/api/design/palette")
        #expect(palette.status == 200)
        #expect(palette.json["registry"]?["components"]?.arrayValue?.contains { $0["id"] == "text-field" } == true)
        let live = try await RawHTTPClient.get(port: port, "/api/preview/login.json/state")
        #expect(live.status == 200)
        #expect(live.json["file"] == "login.json")
        #expect(live.json["broken"] == false)
        #expect(try await RawHTTPClient.get(port: port, "/api/preview/nothing.json/state").status == 404)

        preview.close()
        // NB: stopping waits for the connection threads, which may wait for the main actor: stop off it.
        await Task.detached { server.stop() }.value
    }
}
