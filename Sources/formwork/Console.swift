import Foundation

/// Where the CLI writes: stdout for results, stderr for diagnostics.
enum Console {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Reads a whole file as text, or prints a clear error and returns nil.
    static func readFile(_ path: String) -> Data? {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            Console.error("error: can't read '\(path)': \(error.localizedDescription)")
            return nil
        }
    }
}
