import Foundation
import Testing
@testable import Formwork

/// The temp-file-and-rename writer keeps a file's permissions and never widens them.
@Suite struct AtomicFileTests {
    let temp: TemporaryFolder

    init() throws { temp = try TemporaryFolder() }

    private func mode(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require(attributes[.posixPermissions] as? NSNumber).intValue & 0o7777
    }

    @Test(arguments: [0o600, 0o640, 0o644, 0o400])
    func replacingAFileKeepsItsMode(original: Int) throws {
        defer { temp.remove() }
        let file = temp.url.appendingPathComponent("globals.json")
        try Data("old".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: original], ofItemAtPath: file.path)

        try AtomicFile.write(Data("new".utf8), to: file)

        #expect(try mode(of: file) == original)
        #expect(try Data(contentsOf: file) == Data("new".utf8))
    }

    @Test func aNewFileGetsTheModeAskedFor() throws {
        defer { temp.remove() }
        let page = temp.url.appendingPathComponent("dish-edit.v4.json")
        let secret = temp.url.appendingPathComponent("tokens.json")

        try AtomicFile.write(Data("{}".utf8), to: page)
        try AtomicFile.write(Data("{}".utf8), to: secret, permissions: 0o600)

        #expect(try mode(of: page) == 0o644)
        #expect(try mode(of: secret) == 0o600)
        #expect(Fixture.files(in: temp.url) == ["dish-edit.v4.json", "tokens.json"])
    }

    @Test func aRefusedWriteLeavesTheFileAndNoTemporaryFile() throws {
        defer { temp.remove() }
        let file = temp.url.appendingPathComponent("manifest.json")
        try Data("old".utf8).write(to: file)

        #expect(throws: AtomicFile.Failure(path: file.path, reason: "no")) {
            try AtomicFile.write(Data("new".utf8), to: file) { _ in "no" }
        }
        #expect(try Data(contentsOf: file) == Data("old".utf8))
        #expect(Fixture.files(in: temp.url) == ["manifest.json"])
    }
}
