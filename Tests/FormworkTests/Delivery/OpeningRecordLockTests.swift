import Foundation
import Testing
@testable import Formwork

/// `openings.json` is changed by one process at a time: an app and its extension sharing a cache
/// never lose each other's updates (issue 27). Proven with two real processes — this test
/// bundle run again as a child, twice — each adding 100 items as fast as it can, started
/// together.
@Suite struct OpeningRecordLockTests {
    static let childFolder = "FORMWORK_OPENINGS_CHILD_DIR"
    static let childTag = "FORMWORK_OPENINGS_CHILD_TAG"
    static let updates = 100
    static let ready = "OPENINGS-CHILD-READY"

    @Test func twoProcessesUpdatingTheRecordAtOnceLoseNothing() throws {
        let environment = ProcessInfo.processInfo.environment
        if let folder = environment[Self.childFolder], let tag = environment[Self.childTag] {
            try Self.runChild(in: URL(fileURLWithPath: folder), tag: tag)
            return
        }
        #if os(Linux)
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var children: [(process: Process, input: Pipe, output: Pipe)] = []
        for tag in ["app", "extension"] {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["--testing-library", "swift-testing", "--filter", "OpeningRecordLockTests"]
            process.environment = environment.merging([Self.childFolder: temp.url.path, Self.childTag: tag]) { $1 }
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            children.append((process, input, output))
        }
        // Both wait for "go" once started, so their updates overlap.
        for child in children { #expect(Self.waitForReady(child.output.fileHandleForReading), "a child never started") }
        for child in children { child.input.fileHandleForWriting.write(Data("go\n".utf8)) }
        for child in children {
            _ = child.output.fileHandleForReading.readDataToEndOfFile()
            child.process.waitUntilExit()
            #expect(child.process.terminationStatus == 0)
        }
        let record = OpeningRecord.read(in: temp.url)
        #expect(record.strikes.count == 2 * Self.updates, "updates were lost: \(record.strikes.count) of \(2 * Self.updates)")
        #endif
    }

    /// The child: waits for "go" on stdin, then adds `updates` strikes tagged with its name.
    static func runChild(in folder: URL, tag: String) throws {
        FileHandle.standardOutput.write(Data("\(ready)\n".utf8))
        _ = readLine()
        for index in 0..<updates {
            try OpeningRecord.update(in: folder) { record in
                record.strikes.append(OpeningRecord.Item(id: "page", version: 1, sha256: "\(tag)-\(index)", count: 1, reason: "test"))
            }
        }
    }

    /// Reads `handle` until the child says it is ready (false if it ends first).
    static func waitForReady(_ handle: FileHandle) -> Bool {
        var seen = Data()
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { return false }
            seen += chunk
            if String(decoding: seen, as: UTF8.self).contains(ready) { return true }
        }
    }
}
