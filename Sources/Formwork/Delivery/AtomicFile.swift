#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Writes a file so that readers see either the old contents or the new, never a mix or a
/// half-written file, even if the app dies mid-write.
///
/// The bytes go to a temporary file in the same folder (so the final step is a rename within one
/// file system), are flushed to disk, read back and checked, and only then renamed over the
/// destination. Any failure removes the temporary file and leaves the destination untouched.
///
/// The file keeps the permissions it had: a file only its owner may read stays that way. A new
/// file gets `permissions` (0644, or 0600 for one that can hold secrets, like saved `$global`
/// tokens). The temporary file is only ever readable by its owner.
///
/// ```swift
/// try AtomicFile.write(pageData, to: cache.appendingPathComponent("dish-edit.v4.json")) { written in
///     SHA256Hasher.hexDigest(of: written) == entry.sha256 ? nil : "hash mismatch"
/// }
/// try AtomicFile.write(tokens, to: globalsFile, permissions: 0o600)   // new file: -rw-------
/// ```
public enum AtomicFile {
    /// Why a write failed; the destination is unchanged.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The destination's path.
        public let path: String
        /// Why the write failed.
        public let reason: String
        /// `can't write 'PATH': REASON`.
        public var description: String { "can't write '\(path)': \(reason)" }
    }

    /// Prefix of temporary files, so a cleanup can recognise leftovers of a crash.
    static let temporaryPrefix = ".formwork-tmp-"

    /// Replaces the file at `url` with `data`, atomically.
    ///
    /// - Parameters:
    ///   - data: the file's new contents.
    ///   - url: the file to replace (or create).
    ///   - permissions: the mode of a new file (0644: the owner writes, everyone reads; 0600 for
    ///     secrets: only the owner reads or writes); an existing file keeps its own.
    ///   - verify: called with the bytes read back from the temporary file; return a reason to
    ///     refuse them (the destination is then left alone) or nil to go ahead.
    /// - Throws: `Failure` naming the destination and the reason.
    public static func write(_ data: Data, to url: URL, permissions: Int = 0o644,
                             verify: ((Data) -> String?)? = nil) throws(Failure) {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(temporaryPrefix + UUID().uuidString + "-" + url.lastPathComponent)
        func fail(_ reason: String) -> Failure {
            try? FileManager.default.removeItem(at: temporary)
            return Failure(path: url.path, reason: reason)
        }
        let existing = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? NSNumber
        let mode = mode_t((existing?.intValue ?? permissions) & 0o7777)
        // Created for this write only (O_EXCL), readable by nobody else while the bytes go in.
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
        guard fd >= 0 else {
            throw fail("can't create a temporary file in '\(directory.path)': \(String(cString: strerror(errno))) (does the folder exist and is it writable?)")
        }
        do {
            let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
            guard fchmod(fd, mode) == 0 else {
                throw fail("setting the file's permissions failed: \(String(cString: strerror(errno)))")
            }
        } catch let failure as Failure {
            throw failure
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
}
