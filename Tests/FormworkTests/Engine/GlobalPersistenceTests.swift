import Foundation
import Testing
import Formwork

/// `FileGlobalPersistence` on its own: atomic saves and file permissions.
///
/// NB: not on the main actor, unlike `GlobalStoreTests`: seconds of saving on a busy machine
/// must not hold up the main actor's tests.
@Suite("$global's file")
struct GlobalPersistenceTests {
    let temp: TemporaryFolder

    init() throws { temp = try TemporaryFolder() }

    private var file: URL { temp.url.appendingPathComponent("state/globals.json") }

    @Test func savesAreAtomicTheFileIsAlwaysWholeJSON() throws {
        defer { temp.remove() }
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

    @Test func savedGlobalsAreReadableByTheOwnerOnlyAndKeepAModeTheOwnerChose() throws {
        defer { temp.remove() }
        let persistence = FileGlobalPersistence(url: file)
        func mode() throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber).intValue & 0o777
        }

        try persistence.save(["token": "t-1"])
        #expect(try mode() == 0o600)

        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        try persistence.save(["token": "t-2"])
        #expect(try mode() == 0o640)
    }
}
