import Foundation
import Formwork
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `formwork bench cdn`: 200 installs syncing a catalogue of 500 pages at once from nginx on
/// loopback (gzip, ETag and Last-Modified on, as a CDN serves it): bytes on the wire and time per
/// sync when nothing changed and when one page changed, and nothing changed without the
/// conditional request (what every sync cost before it). Needs nginx (Debian's `nginx-light`).
enum CDNBenchmark {
    static let installs = 200

    static func run() async throws(CLIFailure) -> String {
        do {
            return try await measure()
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw CLIFailure("\(error)")
        }
    }

    private static func measure() async throws -> String {
        guard let executable = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/opt/homebrew/bin/nginx", "/usr/local/bin/nginx"]
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw CLIFailure("bench cdn needs nginx: install it (apt-get install nginx-light) and run it again")
        }
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-bench-cdn-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temp) }
        let catalogue = try Catalogue.make(in: temp, pages: CatalogueBenchmark.pageCount)
        let nginx = try LocalNginx(executable: executable, root: catalogue.published, folder: temp.appendingPathComponent("nginx"))
        defer { nginx.stop() }
        let manifest = nginx.url("/manifest.json")
        let caches = (0..<installs).map { temp.appendingPathComponent("cache-\($0)") }
        let manifestBytes = catalogue.manifestBytes

        var rows = [["\(installs) syncs at once, \(CatalogueBenchmark.pageCount) pages", "requests", "bytes per sync", "ms per sync (median)", "p95", "all \(installs)"]]
        func round(_ label: String, conditional: Bool = true) async throws {
            let before = nginx.logLines().count
            let clock = ContinuousClock()
            let start = clock.now
            let results = try await withThrowingTaskGroup(of: (Double, Int).self) { group in
                for cache in caches {
                    group.addTask {
                        let plain = URLSessionTransport(baseURL: manifest, allowedHosts: [])
                        let transport: any PageTransport = conditional ? plain : Unconditional(wrapped: plain)
                        let begun = clock.now
                        let report = try await PageSync(manifestURL: manifest, cache: cache, transport: transport, registry: .standard, installID: "bench").run()
                        guard report.succeeded else { throw CLIFailure("a sync failed: " + report.lines.joined(separator: "\n")) }
                        return (Stopwatch.seconds(clock.now - begun), 1 + report.changes.count)
                    }
                }
                var results: [(Double, Int)] = []
                for try await result in group { results.append(result) }
                return results
            }
            let wall = Stopwatch.seconds(clock.now - start)
            let times = results.map(\.0).sorted()
            // NB: nginx logs a request just after answering it: wait for every one (at most 10 s).
            let requests = results.map(\.1).reduce(0, +)
            let patience = Date().addingTimeInterval(10)
            while nginx.logLines().count < before + requests, Date() < patience { try await Task.sleep(for: .milliseconds(10)) }
            let lines = nginx.logLines().dropFirst(before)
            let bytes = lines.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }.reduce(0, +)
            let statuses = Dictionary(grouping: lines.map { String($0.split(separator: " ").first ?? "") }, by: { $0 }).mapValues(\.count)
            rows.append([label, statuses.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }.joined(separator: ", "),
                         PageLimits.grouped(bytes / installs), String(format: "%.0f", Stopwatch.median(times) * 1_000),
                         String(format: "%.0f", times[min(times.count - 1, times.count * 95 / 100)] * 1_000), String(format: "%.1f s", wall)])
        }
        // The first sync downloads everything once; the other installs start from a copy of it.
        let first = try await PageSync(manifestURL: manifest, cache: caches[0], registry: .standard, installID: "bench").run()
        guard first.succeeded else { throw CLIFailure("the first sync failed: " + first.lines.joined(separator: "\n")) }
        for cache in caches.dropFirst() { try FileManager.default.copyItem(at: caches[0], to: cache) }
        try await round("nothing changed")
        try await round("nothing changed, no validators sent", conditional: false)
        // One page changes: published again (a new manifest, one new page file).
        let source = catalogue.published.deletingLastPathComponent().appendingPathComponent("source")
        let changed = source.appendingPathComponent(catalogue.ids[0] + ".json")
        guard let bytes = FileManager.default.contents(atPath: changed.path), case .object(var object) = try JSONReader.parse(bytes: Array(bytes)) else {
            throw CLIFailure("can't read \(changed.path)")
        }
        object["version"] = 2
        try Data(PageValue.object(object).prettyJSONText.utf8).write(to: changed)
        _ = try PagePacker(registry: .standard).pack(from: source, to: catalogue.published)
        try await round("one page changed")
        return "bench cdn: nginx on loopback (gzip, ETag, Last-Modified), a manifest of \(PageLimits.describe(bytes: manifestBytes)) "
            + "for \(CatalogueBenchmark.pageCount) pages; bytes are nginx's $bytes_sent (headers included)\n\n" + Stopwatch.table(rows)
    }
}

/// A transport that drops the conditional headers: a sync as it was before it sent them.
private struct Unconditional: PageTransport {
    let wrapped: URLSessionTransport

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        var request = request
        request.headers = request.headers.filter { !["if-none-match", "if-modified-since"].contains($0.key.lowercased()) }
        return try await wrapped.send(request)
    }
}

/// nginx serving a folder on a loopback port, with its own config, pid and logs in `folder`.
private final class LocalNginx: @unchecked Sendable {
    // NB: @unchecked: set once in init, only read after.
    let folder: URL
    let port: Int
    private let process: Process

    init(executable: String, root: URL, folder: URL) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("temp"), withIntermediateDirectories: true)
        let pid = folder.appendingPathComponent("nginx.pid")
        for _ in 0..<8 {
            let port = Int.random(in: 20_000...60_000)
            let temp = folder.appendingPathComponent("temp").path
            let config = """
                daemon off;
                                worker_processes 1;
                worker_rlimit_nofile 4096;
                pid \(pid.path);
                error_log \(folder.path)/error.log warn;
                events { worker_connections 2048; }
                http {
                    log_format bytes '$status $request_uri $bytes_sent';
                    access_log \(folder.path)/access.log bytes;
                    client_body_temp_path \(temp)/body; proxy_temp_path \(temp)/proxy; fastcgi_temp_path \(temp)/fastcgi;
                    uwsgi_temp_path \(temp)/uwsgi; scgi_temp_path \(temp)/scgi;
                    types { application/json json; }
                    gzip on; gzip_types application/json; gzip_min_length 0;
                    etag on;
                    server { listen 127.0.0.1:\(port); root \(root.path); }
                }

                """
            try config.write(to: folder.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
            try? FileManager.default.removeItem(at: pid)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-p", folder.path + "/", "-c", folder.appendingPathComponent("nginx.conf").path, "-e", folder.appendingPathComponent("error.log").path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // NB: nginx writes its pid file once its sockets are bound.
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning, !FileManager.default.fileExists(atPath: pid.path), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            if process.isRunning, FileManager.default.fileExists(atPath: pid.path) {
                self.port = port
                self.process = process
                return
            }
            process.terminate()
            process.waitUntilExit()
        }
        throw CLIFailure("nginx didn't start: " + ((try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""))
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    func logLines() -> [String] {
        ((try? String(contentsOf: folder.appendingPathComponent("access.log"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
