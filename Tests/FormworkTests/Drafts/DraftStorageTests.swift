import Foundation
import Testing
import Formwork

/// `FileDraftStorage` on its own: what it writes, with which permissions, and what it does with a
/// file it can't read (sets it aside as `$global`'s file is, with a message; never crashes).
@Suite("Draft storage")
struct DraftStorageTests {
    let temp: TemporaryFolder

    init() throws { temp = try TemporaryFolder() }

    private var folder: URL { temp.url.appendingPathComponent("drafts") }

    private func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require(attributes[.posixPermissions] as? NSNumber).intValue & 0o777
    }

    @Test func aSavedDraftLoadsBackWholeInAFolderOnlyItsOwnerCanEnter() throws {
        defer { temp.remove() }
        let storage = FileDraftStorage(directory: folder)
        #expect(try storage.load(pageID: "dish-edit") == nil)
        let draft = PageDraft(pageID: "dish-edit", pageVersion: 3, savedAt: 1_704_067_200_000, data: ["name": "Tofu", "lines": [["qty": 2]]])
        try storage.save(draft)

        #expect(try storage.load(pageID: "dish-edit") == draft)
        #expect(try mode(folder) == 0o700)
        #expect(try mode(storage.file(for: "dish-edit")) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["dish-edit.draft.json"], "no temporary file is left behind")

        let newer = PageDraft(pageID: "dish-edit", pageVersion: 3, savedAt: 1_704_067_201_000, data: ["name": "Mapo tofu"])
        try storage.save(newer)
        #expect(try storage.load(pageID: "dish-edit") == newer)
        #expect(try mode(storage.file(for: "dish-edit")) == 0o600)

        try storage.remove(pageID: "dish-edit")
        #expect(try storage.load(pageID: "dish-edit") == nil)
        try storage.remove(pageID: "dish-edit")   // removing nothing is fine
    }

    /// What an app killed while creating the drafts folder leaves: Foundation makes a folder with
    /// `mkdir` (0755 under the usual umask) and sets 0700 after, so a kill between the two once left
    /// `drafts/` open to everyone for good (the kill test saw it). The folder is now made under a
    /// temporary name and renamed into place; what a killed creation leaves is that temporary
    /// folder, 0755 and empty — never `drafts/` itself.
    @Test func aFolderAKilledCreationLeftBehindNeverBecomesTheDraftsFolder() throws {
        defer { temp.remove() }
        let leftover = temp.url.appendingPathComponent(".drafts.creating-killed")
        try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let kept = temp.url.appendingPathComponent(".drafts.creating-not-empty")
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        try Data("someone's".utf8).write(to: kept.appendingPathComponent("file"))

        let storage = FileDraftStorage(directory: folder)
        try storage.save(PageDraft(pageID: "dish-edit", pageVersion: 1, savedAt: 1, data: ["name": "Tofu"]))

        #expect(try mode(folder) == 0o700)
        let names = try FileManager.default.contentsOfDirectory(atPath: temp.url.path).sorted()
        #expect(names == [".drafts.creating-not-empty", "drafts"], "the empty leftover is removed, a folder with something in it is not")
    }

    @Test(arguments: [
        ("", "not valid JSON"),
        ("{\"page\": \"dish-edit\", \"version\": 3, \"savedAt\": 1, \"data\": {\"name\": \"To", "not valid JSON"),
        ("[1, 2]", "it isn't a draft"),
        ("{\"page\": \"other\", \"version\": 1, \"savedAt\": 1, \"data\": {}}", "it is the draft of 'other'"),
        ("{\"page\": \"dish-edit\", \"version\": 1, \"savedAt\": 1, \"data\": []}", "it isn't a draft"),
    ])
    func aFileThatIsntAWholeDraftIsSetAsideWithAMessage(contents: String, reason: String) throws {
        defer { temp.remove() }
        let storage = FileDraftStorage(directory: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: storage.file(for: "dish-edit"))

        let failure = #expect(throws: DraftLoadFailure.self) { try storage.load(pageID: "dish-edit") }
        #expect(failure?.reason.hasPrefix(reason) == true, "\(failure?.reason ?? "")")
        let keptAt = try #require(failure?.keptAt)
        // The same name `$global`'s unreadable file gets: <file>.unreadable-<UTC time>.
        #expect(keptAt.hasPrefix(folder.path + "/dish-edit.draft.json.unreadable-"), "\(keptAt)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: keptAt)) == Data(contents.utf8), "kept as it was")
        #expect(failure?.description == "the draft of 'dish-edit' in \(folder.path)/dish-edit.draft.json could not be read (\(failure?.reason ?? "")); it was kept as \(keptAt) and the page opens without it")
        #expect(try storage.load(pageID: "dish-edit") == nil, "the next open finds no draft")
        try storage.save(PageDraft(pageID: "dish-edit", pageVersion: 1, savedAt: 1, data: ["name": "Tofu"]))
        #expect(try Data(contentsOf: URL(fileURLWithPath: keptAt)) == Data(contents.utf8), "a new draft doesn't touch the one set aside")
    }

    @Test func aSecondUnreadableDraftInTheSameSecondIsKeptApartFromTheFirst() throws {
        defer { temp.remove() }
        let storage = FileDraftStorage(directory: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var kept: [String] = []
        for attempt in 1...3 {
            try Data("torn \(attempt)".utf8).write(to: storage.file(for: "dish-edit"))
            let failure = #expect(throws: DraftLoadFailure.self) { try storage.load(pageID: "dish-edit") }
            kept.append(try #require(failure?.keptAt))
        }
        #expect(Set(kept).count == 3)
        #expect(try kept.map { String(decoding: try Data(contentsOf: URL(fileURLWithPath: $0)), as: UTF8.self) } == ["torn 1", "torn 2", "torn 3"])
    }

    @Test func leftoversOfAWriteTheAppDidntLiveToFinishAreRemoved() throws {
        defer { temp.remove() }
        let storage = FileDraftStorage(directory: folder)
        try storage.save(PageDraft(pageID: "dish-edit", pageVersion: 1, savedAt: 1, data: ["name": "Tofu"]))
        let leftover = folder.appendingPathComponent(".formwork-tmp-\(UUID().uuidString)-dish-edit.draft.json")
        let otherPage = folder.appendingPathComponent(".formwork-tmp-\(UUID().uuidString)-login.draft.json")
        try Data("{\"page\": \"dish-".utf8).write(to: leftover)
        try Data("{".utf8).write(to: otherPage)

        #expect(try storage.load(pageID: "dish-edit")?.data == ["name": "Tofu"])
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: otherPage.path), "another page's write isn't touched")
    }

    @Test(arguments: ["../secrets", "", ".hidden", "a/b"])
    func anIDThatIsntAPageIDNamesNoFile(id: String) throws {
        defer { temp.remove() }
        let storage = FileDraftStorage(directory: folder)
        #expect(throws: DraftLoadFailure.self) { try storage.save(PageDraft(pageID: id, pageVersion: 1, savedAt: 1, data: [:])) }
        #expect(throws: DraftLoadFailure.self) { try storage.load(pageID: id) }
        #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("secrets.draft.json").path))
    }
}
