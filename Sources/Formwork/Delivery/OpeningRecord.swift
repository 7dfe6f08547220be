#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// The cache's durable record of page openings, kept in `openings.json` beside the pages: which
/// versions are being opened right now (and by which launch of the app), how many openings of
/// each version failed in a row, and which versions are set aside on this install.
///
/// ```json
/// {"opening": [{"id": "dish-edit", "version": 7, "sha256": "9f43…", "launch": "5C0E…"}],
///  "strikes": [{"id": "dish-edit", "version": 7, "sha256": "9f43…", "count": 1, "reason": "the app stopped while it was opening"}],
///  "setAside": [{"id": "dish-edit", "version": 7, "sha256": "9f43…", "reason": "…"}]}
/// ```
///
/// NB: versions are told apart by SHA-256, so a later version (or the same number republished
/// with other bytes) starts with no strikes. Writes are atomic and one at a time, within a process
/// and across processes (an advisory lock on `.formwork-openings.lock`); a marker whose launch is not this process's was left by an app that died while opening.
struct OpeningRecord: Sendable, Equatable {
    /// One version of a page, with a count or a reason.
    struct Item: Sendable, Equatable {
        var id: String
        var version: Int
        var sha256: String
        var launch = ""
        var count = 0
        var reason = ""

        var value: PageValue {
            var fields: [(String, PageValue)] = [("id", .string(id)), ("version", .int(Int64(version))), ("sha256", .string(sha256))]
            if !launch.isEmpty { fields.append(("launch", .string(launch))) }
            if count > 0 { fields.append(("count", .int(Int64(count)))) }
            if !reason.isEmpty { fields.append(("reason", .string(reason))) }
            return .object(PageObject(fields))
        }

        init(id: String, version: Int, sha256: String, launch: String = "", count: Int = 0, reason: String = "") {
            self.id = id
            self.version = version
            self.sha256 = sha256
            self.launch = launch
            self.count = count
            self.reason = reason
        }

        init?(_ value: PageValue) {
            guard case .string(let id)? = value["id"], let version = value["version"]?.intValue, case .string(let sha)? = value["sha256"] else { return nil }
            self.init(id: id, version: Int(clamping: version), sha256: sha, launch: value["launch"]?.stringValue ?? "",
                      count: Int(clamping: value["count"]?.intValue ?? 0), reason: value["reason"]?.stringValue ?? "")
        }
    }

    static let fileName = "openings.json"
    /// Held (`flock`) by whichever process is changing the record.
    static let lockName = ".formwork-openings.lock"
    /// This process's launch: a marker with another was left by a launch that ended mid-opening
    /// (unless that process still runs: another process using the same cache, like `formwork sync`).
    static let launch = "\(getpid()) \(UUID().uuidString)"

    /// Whether the launch that wrote a marker is over: not this process, and its process is gone.
    static func hasEnded(_ launch: String) -> Bool {
        guard launch != OpeningRecord.launch else { return false }
        guard let pid = launch.split(separator: " ").first.flatMap({ Int32($0) }), pid > 0 else { return true }
        return kill(pid, 0) != 0 && errno != EPERM
    }
    /// One read-change-write at a time within the process.
    private static let lock = NSLock()

    var opening: [Item] = []
    var strikes: [Item] = []
    var setAside: [Item] = []

    var value: PageValue {
        .object(PageObject([("opening", .array(opening.map(\.value))), ("strikes", .array(strikes.map(\.value))),
                            ("setAside", .array(setAside.map(\.value)))]))
    }

    /// The record in `directory`; empty when there is none or it can't be read.
    static func read(in directory: URL) -> OpeningRecord {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(fileName)),
              let value = try? JSONReader.parse(bytes: Array(data)) else { return OpeningRecord() }
        func items(_ key: String) -> [Item] {
            guard case .array(let list)? = value[key] else { return [] }
            return list.compactMap(Item.init)
        }
        return OpeningRecord(opening: items("opening"), strikes: items("strikes"), setAside: items("setAside"))
    }

    /// Reads the record, lets `change` edit it, and writes it back atomically when it changed.
    /// Returns what `change` returns.
    static func update<T>(in directory: URL, _ change: (inout OpeningRecord) -> T) throws(AtomicFile.Failure) -> T {
        lock.lock()
        defer { lock.unlock() }
        // NB: and one at a time across processes (an app and its extension sharing the cache):
        // an advisory lock on a file of its own, since the record itself is replaced on write.
        let fileLock = FileLock(directory.appendingPathComponent(lockName).path)
        defer { fileLock.release() }
        var record = read(in: directory)
        let before = record
        let result = change(&record)
        if record != before {
            try AtomicFile.write(Data((record.value.prettyJSONText + "\n").utf8), to: directory.appendingPathComponent(fileName))
        }
        return result
    }

    /// Whether the version with this SHA-256 is set aside.
    func isSetAside(_ sha256: String) -> Bool { setAside.contains { $0.sha256 == sha256 } }

    /// Adds a strike to a version; sets it aside once it has `limit` in a row. Returns the set-
    /// aside item when this strike set it aside.
    mutating func strike(_ item: Item, reason: String, limit: Int) -> Item? {
        opening.removeAll { $0.sha256 == item.sha256 }
        guard !isSetAside(item.sha256) else { return nil }
        var count = 1
        if let index = strikes.firstIndex(where: { $0.sha256 == item.sha256 }) {
            count = strikes[index].count + 1
            strikes.remove(at: index)
        }
        guard count >= max(1, limit) else {
            strikes.append(Item(id: item.id, version: item.version, sha256: item.sha256, count: count, reason: reason))
            return nil
        }
        let reasonText = "it failed \(count) time\(count == 1 ? "" : "s") in a row as it opened (last: \(reason))"
        let aside = Item(id: item.id, version: item.version, sha256: item.sha256, reason: reasonText)
        setAside.append(aside)
        return aside
    }
}

/// A blocking, advisory, exclusive `flock` on a file, released by `release()` or when the process
/// ends, however it ends. When the file can't be opened or locked, it holds nothing: the write it
/// guards then fails or goes ahead as it would have without it.
struct FileLock {
    private let descriptor: Int32

    init(_ path: String) {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            descriptor = -1
            return
        }
        var locked = flock(fd, LOCK_EX)
        while locked != 0, errno == EINTR { locked = flock(fd, LOCK_EX) }
        guard locked == 0 else {
            close(fd)
            descriptor = -1
            return
        }
        descriptor = fd
    }

    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
