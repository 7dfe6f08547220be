import Foundation
import Formwork
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `formwork bench memory`: what opening a page of 10,000 components costs in memory at its
/// peak, against what stays live once it is open.
///
/// - **live**: the growth of the bytes the allocator has handed out and not had back
///   (`mallinfo2` on Linux, `malloc_zone_statistics` on Apple platforms), from just before
///   the page's bytes are read to while it is open;
/// - **peak**: the growth of the process's maximum resident size (`getrusage`), what the
///   system kills an app extension for, over the resident size just before.
///
/// Run it first (`formwork bench` does): memory freed by earlier measurements would be reused by
/// the page and hide part of its cost.
@MainActor
enum MemoryBenchmark {
    static let components = 10_000
    static let aimMiB = 25.0
    /// The peak may be at most this many times what stays live.
    static let peakAim = 1.5

    static func run() throws(CLIFailure) -> String {
        let text = EditBenchmark.page(components: components)
        let fileBytes = text.utf8.count
        // What any first page costs once per process (the runtime's and Foundation's own setup)
        // isn't this page's: open and close a small one first.
        let engine = PageEngine(registry: .standard)
        if let warmUp = try? engine.open(try PageDocument.load(Array(EditBenchmark.page(components: 2).utf8), registry: .standard, libraries: .empty)) { warmUp.close() }
        ResidentMemory.releaseFreePages()
        guard let before = ResidentMemory.current(), let peakBefore = ResidentMemory.peak() else {
            return "memory: this platform doesn't say how much memory the process uses; skipped"
        }
        let heapBefore = ResidentMemory.heapInUse()
        let session: PageSession
        do {
            // NB: the bytes are read inside, as a host reads a file: they needn't outlive the open.
            session = try engine.open(try PageDocument.load(Array(text.utf8), registry: .standard, libraries: .empty))
        } catch {
            throw CLIFailure("the benchmark page of \(components) components doesn't open: \(error)")
        }
        let heapAfter = ResidentMemory.heapInUse()
        let after = ResidentMemory.current() ?? before
        let peakAfter = ResidentMemory.peak() ?? peakBefore
        withExtendedLifetime(session) {}
        let mib = { (bytes: Int) in String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
        let peakGrowth = peakAfter - before
        var rows: [[String]] = [
            ["memory of the process", "before", "with the page", "growth", "aim"],
            ["resident now (live page)", mib(before), mib(after), mib(after - before), String(format: "≤ +%.0f MiB", aimMiB)],
            ["resident at the peak (while opening)", mib(peakBefore), mib(peakAfter), mib(peakGrowth), ""],
        ]
        var lines: [String] = []
        if let heapBefore, let heapAfter {
            let live = heapAfter - heapBefore
            rows.append(["allocated and live (malloc)", mib(heapBefore), mib(heapAfter), mib(live), ""])
            let ratio = Stopwatch.ratio(Double(peakGrowth) / Double(max(live, 1)))
            lines.append("")
            lines.append("peak ÷ live: \(ratio) (peak resident growth \(mib(peakGrowth)) over allocated-and-live growth \(mib(live)); aim ≤ \(Stopwatch.ratio(peakAim)))")
            if peakAfter == peakBefore { lines.append("(the peak is the process's earlier one: opening the page stayed under it, so the page's own peak is lower)") }
        }
        return (["memory: a live page of \(grouped(components)) components (\(mib(fileBytes)) of JSON), against the process before it", "", Stopwatch.table(rows)] + lines).joined(separator: "\n")
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

    /// Bytes the allocator has handed out and not had back; nil where the platform doesn't say.
    static func heapInUse() -> Int? {
        #if os(Linux)
        // NB: glibc's malloc.h isn't in the Glibc module, and mallinfo2 returns a struct, which a
        // function looked up by name can't; malloc_info writes the same totals as XML. Trimming
        // first hands back the free top of the heap, which malloc_info would count as in use.
        releaseFreePages()
        typealias Info = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "malloc_info") else { return nil }
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else { return nil }
        let status = unsafeBitCast(symbol, to: Info.self)(0, stream)
        fclose(stream)
        guard let buffer else { return nil }
        defer { free(buffer) }
        guard status == 0 else { return nil }
        return MallocInfo.inUse(xml: String(cString: buffer))
        #elseif canImport(Darwin)
        var stats = malloc_statistics_t()
        malloc_zone_statistics(nil, &stats)
        return Int(stats.size_in_use)
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

/// Reads glibc's `malloc_info` XML: the process-wide totals after the last `</heap>`.
enum MallocInfo {
    /// Bytes in use: what the arenas took from the system, less their free chunks, plus the
    /// blocks mapped on their own.
    static func inUse(xml: String) -> Int? {
        guard let tail = xml.range(of: "</heap>", options: .backwards).map({ xml[$0.upperBound...] }) else { return nil }
        guard let system = size(in: tail, of: "<system type=\"current\""),
              let fast = size(in: tail, of: "<total type=\"fast\""),
              let rest = size(in: tail, of: "<total type=\"rest\"") else { return nil }
        return system - fast - rest + (size(in: tail, of: "<total type=\"mmap\"") ?? 0)
    }

    /// The `size="N"` of the first element starting with `prefix`.
    private static func size(in text: Substring, of prefix: String) -> Int? {
        guard let element = text.range(of: prefix), let attribute = text[element.upperBound...].range(of: "size=\"") else { return nil }
        let digits = text[attribute.upperBound...].prefix { $0.isNumber }
        return Int(digits)
    }
}
