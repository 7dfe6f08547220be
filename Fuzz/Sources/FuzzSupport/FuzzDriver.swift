import CFuzzer
import Foundation

/// Runs libFuzzer over `test`, with the process's own arguments (`-max_total_time=60 corpus/`…).
///
/// `test` is called on the main thread, one input at a time. It returns normally for every input:
/// a value or a diagnostic. Anything else (a crash, a broken promise checked with `expect`, a hang
/// past `-timeout`, memory past `-rss_limit_mb`) is a finding.
public enum FuzzDriver {
    public static func run(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv, test)
        exit(status)
    }

    /// The input as bytes.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}

/// A promise that must hold for every input; when it doesn't, the input is a finding: prints why
/// and stops (libFuzzer saves the input as crash-…).
public func expect(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    if !condition() {
        FileHandle.standardError.write(Data("FUZZ FINDING (\(file):\(line)): \(message())\n".utf8))
        abort()
    }
}
