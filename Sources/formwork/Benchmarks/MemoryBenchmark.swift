import Foundation
import Formwork
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `formwork bench memory`: what a live page of 10,000 components holds, as the growth of the
/// process's resident memory from just before it was opened to while it is open.
///
/// Run it first (`formwork bench` does): memory freed by earlier measurements would be reused by
/// the page and hide part of its cost.
@MainActor
enum MemoryBenchmark {
    static let components = 10_000
    static let aimMiB = 25.0

    static func run() throws(CLIFailure) -> String {
        let bytes = Array(EditBenchmark.page(components: components).utf8)
        // What any first page costs once per process (the runtime's and Foundation's own setup)
        // isn't this page's: open and close a small one first.
        let engine = PageEngine(registry: .standard)
        if let warmUp = try? engine.open(try PageDocument.load(Array(EditBenchmark.page(components: 2).utf8), registry: .standard, libraries: .empty)) { warmUp.close() }
        ResidentMemory.releaseFreePages()
        guard let before = ResidentMemory.current(), let peakBefore = ResidentMemory.peak() else {
            return "memory: this platform doesn't say how much memory the process uses; skipped"
        }
        let session: PageSession
        do {
            session = try engine.open(try PageDocument.load(bytes, registry: .standard, libraries: .empty))
        } catch {
            throw CLIFailure("the benchmark page of \(components) components doesn't open: \(error)")
        }
        let after = ResidentMemory.current() ?? before
        let peakAfter = ResidentMemory.peak() ?? peakBefore
        withExtendedLifetime(session) {}
        let mib = { (bytes: Int) in String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
        let rows: [[String]] = [
            ["resident memory", "before", "with the page", "growth", "ratio", "aim"],
            ["now (live page)", mib(before), mib(after), mib(after - before), Stopwatch.ratio(Double(after) / Double(max(before, 1))), String(format: "≤ +%.0f MiB", aimMiB)],
            ["peak (while opening)", mib(peakBefore), mib(peakAfter), mib(peakAfter - peakBefore), Stopwatch.ratio(Double(peakAfter) / Double(max(peakBefore, 1))), ""],
        ]
        return ["memory: a live page of \(grouped(components)) components (\(mib(bytes.count)) of JSON), against the process before it", "", Stopwatch.table(rows)].joined(separator: "\n")
    }

    /// `10000` as `10,000`.
    static func grouped(_ value: Int) -> String {
        var digits = Array(String(value))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }
}

/// The process's resident memory, from the operating system.
enum ResidentMemory {
    /// Resident bytes now; nil where the platform doesn't say.
    static func current() -> Int? {
        #if os(Linux)
        // /proc/self/statm: size resident shared text lib data dt, in pages.
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
        #elseif canImport(Darwin)
        var info = mach_task_basic_info()
        var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
        let result = withUnsafeMutablePointer(to: &info) {
            $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) { task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count) }
        }
        return result == KERN_SUCCESS ? Int(info.resident_size) : nil
        #else
        return nil
        #endif
    }

    /// The most resident bytes the process has had; nil where the platform doesn't say.
    static func peak() -> Int? {
        var usage = rusage()
        #if os(Linux)
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return nil }
        return Int(usage.ru_maxrss) * 1024   // KiB on Linux
        #elseif canImport(Darwin)
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
        return Int(usage.ru_maxrss)          // bytes on Apple platforms
        #else
        return nil
        #endif
    }

    /// Hands memory the allocator holds but doesn't use back to the system, so growth after
    /// this shows memory really taken.
    static func releaseFreePages() {
        #if os(Linux)
        // NB: glibc's malloc_trim isn't in the Glibc module; look it up by name.
        typealias Trim = @convention(c) (Int) -> Int32
        if let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "malloc_trim") {
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
        #endif
    }
}
