import Foundation

/// JSON files kept for their owner: what drafts (`FileDraftStorage`), the outbox
/// (`FileOutboxStorage`) and `$global` (`FileGlobalPersistence`) share in how they keep files.
///
/// - Written whole and atomically (`AtomicFile`, through `writer`), each new file 0600: a reader
///   finds the old contents or the new, never a torn file.
/// - In a folder created owner-only (0700, `OwnerOnlyFolder`), or — `$global`'s file, in a folder
///   the app chose — created plainly with its parents.
/// - A file that can't be read is set aside as `<name>.unreadable-<UTC time>` (`UnreadableFile`),
///   so nothing in it is lost and nothing is written over it.
/// - The temporary files of writes a killed app didn't finish are removed when it is read again.
///
/// ```swift
/// let store = OwnerOnlyFileStore(directory: appSupport.appendingPathComponent("outbox"))
/// try store.write(Data("{}".utf8), to: store.file("outbox.json"))
/// // outbox/ is 0700, outbox/outbox.json is 0600
/// ```
struct OwnerOnlyFileStore: Sendable {
    /// The folder the files are kept in.
    let directory: URL
    /// Whether `directory` is created owner-only (`OwnerOnlyFolder`); false creates it plainly.
    let ownerOnlyFolder: Bool
    /// How the bytes reach the disk (tests pause mid-write to kill there).
    let writer: DraftFileWriter

    init(directory: URL, ownerOnlyFolder: Bool = true, writer: DraftFileWriter = .atomic) {
        self.directory = directory
        self.ownerOnlyFolder = ownerOnlyFolder
        self.writer = writer
    }

    /// The file `name` in the folder.
    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// What a kept file held: a value, or why it isn't one.
    enum Decoded<Value> {
        case value(Value)
        case refused(String)
    }

    /// Why a kept file couldn't be read, and where it was moved (nil: it couldn't be moved).
    struct Unreadable: Error {
        let reason: String
        let keptAt: String?
    }

    /// Reads the JSON file at `url` and decodes it; nil when there is no file.
    ///
    /// - Parameter removingWhenStuck: a file that can't be read nor moved aside is removed (true:
    ///   so the next save isn't refused) or left where it is (false: the caller refuses to start).
    /// - Throws: `Unreadable` when the file isn't valid JSON, can't be read, or `decode` refuses
    ///   it; it has been set aside (`UnreadableFile`) by then.
    func read<Value>(_ url: URL, removingWhenStuck: Bool, _ decode: (PageValue) -> Decoded<Value>) throws(Unreadable) -> Value? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let reason: String
        do {
            let value = try JSONReader.parse(bytes: Array(try Data(contentsOf: url)))
            switch decode(value) {
            case .value(let decoded): return decoded
            case .refused(let why): reason = why
            }
        } catch let error as JSONReader.Failure {
            reason = "not valid JSON: \(error)"
        } catch {
            reason = "unreadable: \(error.localizedDescription)"
        }
        // NB: set aside, not removed: what it held may still be read from it by hand.
        let keptAt = UnreadableFile.setAside(url)
        if keptAt == nil, removingWhenStuck { try? FileManager.default.removeItem(at: url) }
        throw Unreadable(reason: reason, keptAt: keptAt)
    }

    /// Writes `data` to `url` (in the folder), creating the folder first.
    func write(_ data: Data, to url: URL) throws {
        if ownerOnlyFolder {
            try OwnerOnlyFolder.create(at: directory)
        } else {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        try writer.write(data, to: url)
    }

    /// Removes the temporary files of writes the app didn't live to finish: those of `file`, or
    /// (nil) every one in the folder.
    func removeLeftovers(of file: URL? = nil) {
        let suffix = file.map { "-" + $0.lastPathComponent } ?? ""
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(AtomicFile.temporaryPrefix) && name.hasSuffix(suffix) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}
