import Foundation

/// Writes a file so that readers see either the old contents or the new, never a mix or a
/// half-written file, even if the app dies mid-write.
///
/// The bytes go to a temporary file in the same folder (so the final step is a rename within one
/// file system), are flushed to disk, read back and checked, and only then renamed over the
/// destination. Any failure removes the temporary file and leaves the destination untouched.
///
/// ```swift
/// try AtomicFile.write(pageData, to: cache.appendingPathComponent("dish-edit.v4.json")) { written in
///     SHA256Hasher.hexDigest(of: written) == entry.sha256 ? nil : "hash mismatch"
/// }
/// ```
public enum AtomicFile {
    /// Why a write failed; the destination is unchanged.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The destination's path.
        public let path: String
        public let reason: String
        public var description: String { "can't write '\(path)': \(reason)" }
    }

    /// Prefix of temporary files, so a cleanup can recognise leftovers of a crash.
    static let temporaryPrefix = ".formwork-tmp-"

    /// Replaces the file at `url` with `data`, atomically.
    ///
    /// - Parameters:
    ///   - verify: called with the bytes read back from the temporary file; return a reason to
    ///     refuse them (the destination is then left alone) or nil to go ahead.
    /// - Throws: `Failure` naming the destination and the reason.
    public static func write(_ data: Data, to url: URL, verify: ((Data) -> String?)? = nil) throws(Failure) {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(temporaryPrefix + UUID().uuidString + "-" + url.lastPathComponent)
        func fail(_ reason: String) -> Failure {
            try? FileManager.default.removeItem(at: temporary)
            return Failure(path: url.path, reason: reason)
        }
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw fail("can't create a temporary file in '\(directory.path)' (does the folder exist and is it writable?)")
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            throw fail("writing the temporary file failed: \(error.localizedDescription)")
        }
        let written: Data
        do {
            written = try Data(contentsOf: temporary)
        } catch {
            throw fail("reading back the temporary file failed: \(error.localizedDescription)")
        }
        guard written == data else { throw fail("the temporary file reads back different from what was written") }
        if let verify, let problem = verify(written) { throw fail(problem) }
        guard rename(temporary.path, url.path) == 0 else {
            throw fail("renaming the temporary file into place failed: \(String(cString: strerror(errno)))")
        }
    }

    /// Removes temporary files left in `directory` by writes that died before their rename, if
    /// they are older than `age` seconds (younger ones may belong to a write in progress).
    public static func removeLeftovers(in directory: URL, olderThan age: TimeInterval = 3600) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let cutoff = Date().addingTimeInterval(-age)
        for name in names where name.hasPrefix(temporaryPrefix) {
            let url = directory.appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
            if let modified, modified < cutoff { try? FileManager.default.removeItem(at: url) }
        }
    }
}
