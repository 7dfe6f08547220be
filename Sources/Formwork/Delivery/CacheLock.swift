#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// An exclusive hold on a cache folder, so two syncs — in one process or in two — never update it
/// at once.
///
/// It is an advisory `flock` on `.formwork-sync.lock` inside the folder. The operating system
/// releases it when the holder closes the file or ends, however it ends, so a killed sync never
/// leaves a stale lock behind. The file itself stays (deleting a lock file races with the next
/// process opening it).
///
/// ```swift
/// guard let lock = try CacheLock(in: cacheFolder) else { /* another sync is running */ }
/// defer { lock.release() }
/// ```
final class CacheLock {
    static let fileName = ".formwork-sync.lock"

    private var descriptor: Int32

    /// Takes the lock on `directory` (which must exist); nil when another sync holds it.
    ///
    /// - Throws: `DeliveryError.unwritable` when the lock file can't be created or locked.
    init?(in directory: URL) throws(DeliveryError) {
        let path = directory.appendingPathComponent(CacheLock.fileName).path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw .unwritable(path: path, reason: "can't create the lock file: \(String(cString: strerror(errno)))")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(fd)
            if code == EWOULDBLOCK || code == EAGAIN { return nil }
            throw .unwritable(path: path, reason: "can't lock the cache: \(String(cString: strerror(code)))")
        }
        descriptor = fd
    }

    /// Lets the next sync in. Safe to call more than once.
    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
