import Foundation
import Testing
import Formwork

/// The `file` input and the `attachments` validation, headless: the picker's request, the value,
/// the limits' messages, and level 1 apps that don't get the new ids.
@Suite("file input")
@MainActor
struct FileInputTests {
    static func page(_ attributes: String, validations: String = #"[{"id": "attachments"}]"#) -> String {
        """
        {"page": "p", "data": {"files": []},
         "components": [{"id": "file", "key": "files", "attributes": {"title": "Files", "value": {"expr": "$data.files"}, \(attributes)},
                         "validations": \(validations)}]}
        """
    }

    func open(_ json: String, picker: FolderFilePicker) throws -> PageSession {
        var host = PageHost()
        host.filePicker = picker
        let registry = Registry.standard(behavior: .v2)
        return try PageEngine(registry: registry, host: host).open(try EnginePages.load(json, registry: registry))
    }

    @Test func tappingAsksThePickerAndTheValueListsTheFiles() async throws {
        let folder = try AttachmentFolder()
        defer { folder.remove() }
        try folder.file("a.pdf", size: 10)
        try folder.file("b.jpg", size: 20)
        let picker = FolderFilePicker(folder: folder.url)
        picker.answer(["a.pdf", "b.jpg"])
        let page = try open(Self.page(#""accept": ["application/pdf", "image/*"], "maxCount": 3, "source": "library""#), picker: picker)
        defer { page.close() }

        _ = await page.tap(try #require(page.component("files")))

        #expect(picker.requests == [FilePickRequest(title: "Files", source: .library, accept: ["application/pdf", "image/*"], maxCount: 3)])
        let files = try #require(page.data["files"]?.arrayValue)
        #expect(files.map { $0["name"] } == ["a.pdf", "b.jpg"])
        #expect(files.map { $0["type"] } == ["application/pdf", "image/jpeg"])
        #expect(files.map { $0["size"] } == [.int(10), .int(20)])
        #expect(files[0]["thumbnail"] == .null)
        #expect(await page.validate().isEmpty)
    }

    @Test(arguments: [
        (#""maxCount": 1"#, ["a.pdf", "b.jpg"], "Attach only one file"),
        (#""maxCount": 5"#, ["a.pdf", "b.jpg"], nil),
        (#""maxSize": 15"#, ["b.jpg"], "b.jpg is too large: attach a file of at most 15 bytes"),
        (#""accept": ["image/*"]"#, ["a.pdf"], "a.pdf is not a type this field takes (image/*)"),
        (#""accept": [".pdf"]"#, ["a.pdf"], nil),
    ] as [(String, [String], String?)])
    func theAttachmentsValidationSaysWhatIsWrong(attributes: String, names: [String], message: String?) async throws {
        let folder = try AttachmentFolder()
        defer { folder.remove() }
        try folder.file("a.pdf", size: 10)
        try folder.file("b.jpg", size: 20)
        let picker = FolderFilePicker(folder: folder.url)
        let page = try open(Self.page(attributes), picker: picker)
        defer { page.close() }
        for name in names {
            picker.answer([name])
            _ = await page.tap(try #require(page.component("files")))
        }
        #expect(await page.validate().first?.message == message)
    }

    @Test func requiredWantsAFile() async throws {
        let page = try open(Self.page(#""maxCount": 1"#, validations: #"[{"id": "required"}]"#), picker: FolderFilePicker(folder: URL(fileURLWithPath: "/nonexistent")))
        defer { page.close() }
        #expect(await page.validate().first?.message == "This field is required")
    }

    @Test func aCancelledPickChangesNothing() async throws {
        let picker = FolderFilePicker(folder: URL(fileURLWithPath: "/nonexistent"))
        let page = try open(Self.page(#""maxCount": 1"#), picker: picker)
        defer { page.close() }
        _ = await page.tap(try #require(page.component("files")))
        #expect(page.data["files"] == .array([]))
        #expect(picker.requests.count == 1)
    }

    @Test func levelOneAppsDontHaveTheNewIDs() throws {
        for id in ["file"] { #expect(Registry.standard.components[id] == nil, "\(id) is level 2") }
        #expect(Registry.standard.actions["upload"] == nil)
        #expect(Registry.standard.validations["attachments"] == nil)
        #expect(Registry.standard(behavior: .v2).components["file"] != nil)
        #expect(Registry.standard(behavior: .v2).actions["upload"] != nil)
    }
}
