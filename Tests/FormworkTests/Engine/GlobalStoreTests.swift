import Foundation
import Testing
import Formwork

@Suite("$global and its persistence")
@MainActor
struct GlobalStoreTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-globals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private var file: URL { folder.appendingPathComponent("state/globals.json") }

    private func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    static let loginPage = """
    {"page": "login", "components": [{"id": "label", "key": "who", "attributes": {"text": {"template": "Signed in as ${$global.user.name ?? 'nobody'}"}}}],
     "interactions": {"signIn": [
       {"id": "store-var", "attributes": {"key": "$global.token", "value": "t-123"}},
       {"id": "store-var", "attributes": {"key": "$global.user", "value": {"expr": "{name: 'Li Wei', shops: ['main-st']}"}}}]}}
    """

    @Test func aFileRoundTripKeepsTheStoreBetweenRuns() async throws {
        defer { cleanUp() }
        let persistence = FileGlobalPersistence(url: file)
        #expect(try persistence.load() == nil)

        let firstRun = PageEngine(globals: try GlobalStore(persistence: persistence))
        let page = try firstRun.open(try EnginePages.load(Self.loginPage))
        await page.trigger("signIn")
        #expect(page.component("who")?.attributes["text"] == "Signed in as Li Wei")
        #expect(try persistence.load() == ["token": "t-123", "user": ["name": "Li Wei", "shops": ["main-st"]]])

        let secondRun = PageEngine(globals: try GlobalStore(initial: ["token": "ignored"], persistence: FileGlobalPersistence(url: file)))
        let again = try secondRun.open(try EnginePages.load(Self.loginPage))
        #expect(secondRun.globals.value["token"] == "t-123")
        #expect(again.component("who")?.attributes["text"] == "Signed in as Li Wei")
    }

    @Test func aGlobalWriteReachesEveryOpenPage() async throws {
        let engine = PageEngine()
        let first = try engine.open(try EnginePages.load(Self.loginPage))
        let second = try engine.open(try EnginePages.load(Self.loginPage))
        let secondLabel = ChangeCounter(second.component("who"))

        await first.trigger("signIn")

        #expect(second.component("who")?.attributes["text"] == "Signed in as Li Wei")
        #expect(secondLabel.count == 1)   // both writes of the action arrive as one change

        try engine.globals.set("Chen Jie", at: try #require(StorePath("$global.user.name")))
        #expect(first.component("who")?.attributes["text"] == "Signed in as Chen Jie")
        #expect(second.component("who")?.attributes["text"] == "Signed in as Chen Jie")
    }

    @Test func aClosedPageStopsListening() async throws {
        let engine = PageEngine()
        let page = try engine.open(try EnginePages.load(Self.loginPage))
        page.close()

        try engine.globals.set(["name": "Late"], at: try #require(StorePath("$global.user")))

        #expect(page.component("who")?.attributes["text"] == "Signed in as nobody")
    }

    @Test func savesAreAtomicTheFileIsAlwaysWholeJSON() throws {
        defer { cleanUp() }
        let persistence = FileGlobalPersistence(url: file)
        try persistence.save(["token": "first"])
        let parent = file.deletingLastPathComponent()

        // A reader polling the file while a writer saves a large, growing store never sees a
        // partial file.
        let stop = Flag()
        let watched = file
        let reader = Thread {
            while !stop.isSet {
                if let data = try? Data(contentsOf: watched), (try? PageValue(json: String(decoding: data, as: UTF8.self))) == nil {
                    stop.torn = true
                }
            }
        }
        reader.start()
        for round in 0..<60 {
            let dishes = PageValue.array((0..<(round * 40)).map { .object(PageObject([("id", .int(Int64($0))), ("name", .string("Dish \($0) \(String(repeating: "x", count: 40))"))])) })
            try persistence.save(["token": .string("t\(round)"), "dishes": dishes])
        }
        stop.set()
        while !stop.readerDone(reader) { Thread.sleep(forTimeInterval: 0.001) }

        #expect(!stop.torn)
        #expect(try persistence.load()?["token"] == "t59")
        // Saving went through a temporary file renamed over the old one: only the file is left.
        let left = try FileManager.default.contentsOfDirectory(atPath: parent.path)
        #expect(left == ["globals.json"])
    }

    @Test func aCorruptFileIsReportedNotIgnored() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"token": "t-1", "#.utf8).write(to: file)

        #expect(throws: (any Error).self) { try GlobalStore(persistence: FileGlobalPersistence(url: file)) }
    }
}

/// A flag shared with a polling thread.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    private var tornValue = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
    var torn: Bool {
        get { lock.withLock { tornValue } }
        set { lock.withLock { tornValue = newValue } }
    }

    func readerDone(_ thread: Thread) -> Bool { thread.isFinished }
}
