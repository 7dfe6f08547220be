#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads a whole file the way a command-line tool should: any readable file, not only a regular
/// one, so a FIFO, `/dev/stdin` (a pipe) and `/dev/null` (empty) work where a path is asked for.
///
/// Foundation's `FileManager.contents(atPath:)` and `Data(contentsOf:)` return nothing for these
/// on Linux. A regular file is read whole (its size check belongs to the caller, which words it
/// for what the file is); a stream is read up to `limit` bytes and refused beyond, so
/// `formwork check /dev/zero` stops instead of filling memory.
///
/// ```swift
/// let bytes = try ReadableFile.read("/dev/null", limit: PageLimits.standard.documentBytes)   // []
/// try ReadableFile.read("pages", limit: 100)
/// // ReadableFile.Failure: "'pages' is a folder, not a file"
/// ```
///
/// NB: `package`, not `public`: the CLI and FormworkTesting share it; it is not engine API.
package enum ReadableFile {
    /// Why a file couldn't be read, worded to follow "can't read 'PATH': ".
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let path: String
        package let reason: String
        /// Whether there is nothing at the path (or a part of it isn't a folder).
        package var isMissing = false
        package var description: String { "can't read '\(path)': \(reason)" }
    }

    /// The file's bytes. Throws when it doesn't exist, is a folder, may not be read, or is a
    /// stream that goes on past `limit` bytes.
    package static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw Failure(path: path, reason: reason(code), isMissing: code == ENOENT || code == ENOTDIR)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(path: path, reason: reason(errno)) }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR { throw Failure(path: path, reason: "it is a folder, not a file") }
        let isRegular = kind == S_IFREG
        var bytes: [UInt8] = []
        if isRegular { bytes.reserveCapacity(Int(status.st_size)) }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, reason: reason(errno))
            }
            bytes.append(contentsOf: buffer[0..<count])
            if !isRegular && bytes.count > limit {
                throw Failure(path: path, reason: "it goes on past \(PageLimits.describe(bytes: limit)), the most a file may hold (the documentBytes limit)")
            }
        }
        return bytes
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "there is no such file; check the path"
        case EACCES, EPERM: "permission denied"
        case EISDIR: "it is a folder, not a file"
        case ENOTDIR: "a part of the path is not a folder; check the path"
        default: String(cString: strerror(code))
        }
    }
}

/// `read(2)`, named apart from `ReadableFile.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.read(descriptor, buffer, count)
    #elseif canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Musl.read(descriptor, buffer, count)
    #endif
}
