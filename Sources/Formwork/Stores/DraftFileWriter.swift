import Foundation

/// How `FileDraftStorage` puts a draft's bytes on disk. For tests only: an app always gets
/// `.atomic`, the writer `FileDraftStorage(directory:)` uses.
///
/// The others exist so a test can show what the atomic write prevents: `.inPlace` writes over the
/// draft file itself, as a naive writer would, and `pause` stops halfway through a write (in place:
/// after half the bytes; atomically: after the temporary file is written, before it is renamed),
/// so a kill can land inside it. `observe` hears each write start and end, so a test can tell
/// whether a kill came during one. `DraftKillTests` runs `formwork run --drafts` with each, through
/// the CLI's test-only `FORMWORK_TEST_DRAFT_WRITER` setting.
///
/// ```swift
/// let torn = FileDraftStorage(directory: folder, writer: DraftFileWriter(method: .inPlace, pause: 0.02))
/// ```
@_spi(Testing)
public struct DraftFileWriter: Sendable {
    public enum Method: String, Sendable {
        /// A temporary file renamed over the draft (`AtomicFile`): the old draft or the new, whole.
        case atomic
        /// Straight over the draft file: a kill mid-write leaves it torn or empty.
        case inPlace = "in-place"
    }

    /// What a write tells `observe`.
    public enum Event: Sendable {
        case started
        case finished
    }

    public var method: Method
    /// Seconds to stop halfway through each write; 0 for none.
    public var pause: TimeInterval
    /// Told as each write starts and ends (on the thread that writes).
    public var observe: (@Sendable (Event) -> Void)?

    public init(method: Method, pause: TimeInterval = 0, observe: (@Sendable (Event) -> Void)? = nil) {
        self.method = method
        self.pause = pause
        self.observe = observe
    }

    /// The writer apps get.
    public static let atomic = DraftFileWriter(method: .atomic)

    /// Writes `data` to `url`, a new file readable by its owner only.
    func write(_ data: Data, to url: URL) throws {
        observe?(.started)
        switch method {
        case .atomic:
            let pause = self.pause
            try AtomicFile.write(data, to: url, permissions: 0o600, verify: pause > 0 ? { _ in
                Thread.sleep(forTimeInterval: pause)
                return nil
            } : nil)
        case .inPlace:
            if !FileManager.default.fileExists(atPath: url.path) {
                guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                    throw AtomicFile.Failure(path: url.path, reason: "can't create the file")
                }
            }
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            try handle.truncate(atOffset: 0)
            let half = data.count / 2
            try handle.write(contentsOf: data.prefix(half))
            if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            try handle.write(contentsOf: data.dropFirst(half))
        }
        observe?(.finished)
    }
}
