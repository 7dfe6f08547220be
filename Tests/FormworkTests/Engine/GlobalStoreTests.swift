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

        let firstRun = PageEngine(registry: .standard, globals: try GlobalStore(persistence: persistence))
        let page = try firstRun.open(try EnginePages.load(Self.loginPage))
        await page.trigger("signIn")
        #expect(page.component("who")?.attributes["text"] == "Signed in as Li Wei")
        #expect(try persistence.load() == ["token": "t-123", "user": ["name": "Li Wei", "shops": ["main-st"]]])

        let secondRun = PageEngine(registry: .standard, globals: try GlobalStore(initial: ["token": "ignored"], persistence: FileGlobalPersistence(url: file)))
        let again = try secondRun.open(try EnginePages.load(Self.loginPage))
        #expect(secondRun.globals.value["token"] == "t-123")
        #expect(again.component("who")?.attributes["text"] == "Signed in as Li Wei")
    }

    @Test func aGlobalWriteReachesEveryOpenPage() async throws {
        let engine = PageEngine(registry: .standard)
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
        let engine = PageEngine(registry: .standard)
        let page = try engine.open(try EnginePages.load(Self.loginPage))
        page.close()

        try engine.globals.set(["name": "Late"], at: try #require(StorePath("$global.user")))

        #expect(page.component("who")?.attributes["text"] == "Signed in as nobody")
    }

    @Test func aCorruptFileIsKeptAsideReportedAndNeverOverwritten() throws {
        defer { cleanUp() }
        let corrupt = Data(#"{"token": "t-1", "#.utf8)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try corrupt.write(to: file)

        let store = try GlobalStore(initial: ["theme": "dark"], persistence: FileGlobalPersistence(url: file))

        let failure = try #require(store.loadFailure)
        let keptAt = try #require(failure.keptAt)
        #expect(failure.file == file.path)
        #expect(failure.reason.hasPrefix("not valid JSON: "))
        #expect(failure.description == "the saved globals in \(file.path) could not be read (\(failure.reason)); they were kept as \(keptAt) and this run starts without them")
        #expect(URL(fileURLWithPath: keptAt).lastPathComponent.hasPrefix("globals.json.unreadable-"))
        #expect(store.value == ["theme": "dark"])

        // Saving writes a fresh file; the unreadable one stays as it was.
        try store.set("t-2", at: try #require(StorePath("$global.token")))
        #expect(try FileGlobalPersistence(url: file).load() == ["theme": "dark", "token": "t-2"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: keptAt)) == corrupt)
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path).count == 2)
    }

    @Test func aSecondUnreadableFileIsKeptBesideTheFirst() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        var kept: [String] = []
        for text in ["{", "["] {
            try Data(text.utf8).write(to: file)
            kept.append(try #require(try GlobalStore(persistence: FileGlobalPersistence(url: file)).loadFailure?.keptAt))
        }
        #expect(Set(kept).count == 2)
        #expect(try kept.map { try String(contentsOfFile: $0, encoding: .utf8) } == ["{", "["])
    }

    @Test func aStoreThatCantSetTheFileAsideRefusesToStart() throws {
        let stuck = GlobalLoadFailure(file: "/app/globals.json", reason: "unreadable: permission denied", keptAt: nil)

        #expect(throws: stuck) { try GlobalStore(persistence: FailingPersistence(failure: stuck)) }
        #expect(stuck.description == "the saved globals in /app/globals.json could not be read (unreadable: permission denied) nor moved aside; nothing was changed: fix or move the file and start again")
    }
}

/// A persistence whose saved store can't be read nor moved.
struct FailingPersistence: GlobalPersistence {
    let failure: GlobalLoadFailure
    func load() throws -> PageValue? { throw failure }
    func save(_ value: PageValue) throws {}
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
