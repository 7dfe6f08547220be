import Foundation
import Formwork

/// Files to attach, written in a fresh folder per test, and the memory the process holds.
struct AttachmentFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-attach-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `name` with `size` bytes (a repeating pattern), 1 MiB at a time, and returns its URL.
    @discardableResult
    func file(_ name: String, size: Int) throws -> URL {
        let file = url.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let chunk = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        var left = size
        while left > 0 {
            let count = min(left, chunk.count)
            try handle.write(contentsOf: chunk.prefix(count))
            left -= count
        }
        return file
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// The process's resident memory, from /proc/self/status (Linux only; nil elsewhere).
enum ProcessMemory {
    /// Resets the peak (VmHWM) to what is resident now; false where the system can't.
    static func resetPeak() -> Bool {
        #if os(Linux)
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
        #else
        return false
        #endif
    }

    /// VmRSS (now) or VmHWM (the peak since the last reset), in bytes, of this process or of the
    /// process `pid`.
    static func bytes(_ field: String, of pid: Int32? = nil) -> Int? {
        let status = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
        guard let text = try? String(contentsOfFile: status, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let digits = line.split(separator: " ").compactMap { Int($0) }
            return digits.first.map { $0 * 1024 }
        }
        return nil
    }
}
