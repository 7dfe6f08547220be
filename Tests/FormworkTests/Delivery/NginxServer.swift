import Foundation

/// Debian's nginx on a loopback port, run by the test as the user running it: its own config,
/// pid, logs and temporary files in a folder of its own (`nginx -p DIR -c nginx.conf`), in the
/// foreground (`daemon off`), stopped by `stop()`. Serves `root` as a CDN would: gzip on, ETag and
/// Last-Modified on. Under `/broken/` the same files, but any page whose name contains `menu`
/// answers 500; under `/cut/` the same, but those pages come through a proxy from `upstream`,
/// which cuts them short; under `/down/` everything answers 500.
final class NginxServer: @unchecked Sendable {
    // NB: @unchecked: `process` is set once in init and only read after.
    let folder: URL
    let port: Int
    private let process: Process

    /// Where nginx is installed, or nil (then the tests that need it are skipped).
    static let executable: String? = {
        let candidates = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx", "/opt/homebrew/bin/nginx", "/usr/local/bin/nginx"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let skipMessage = "nginx is not installed (apt-get install nginx-light): the test against a real web server was skipped; .ci/run installs it"

    /// Whether the tests that need nginx run: when it is installed, or when CI requires it
    /// (`FORMWORK_REQUIRE_NGINX=1`, set by .ci/run: then a missing nginx fails them).
    static var available: Bool { executable != nil || ProcessInfo.processInfo.environment["FORMWORK_REQUIRE_NGINX"] == "1" }

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts nginx serving `root`; `upstream` is the loopback port the `/cut/` pages are proxied from.
    init(root: URL, upstream: Int, in folder: URL) throws {
        guard let executable = NginxServer.executable else { throw StartFailure(description: NginxServer.skipMessage) }
        self.folder = folder
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("temp"), withIntermediateDirectories: true)
        var lastError = ""
        // NB: a port another process took between picking and binding makes nginx exit: try another.
        for _ in 0..<8 {
            let port = Int.random(in: 20_000...60_000)
            try NginxServer.config(root: root, port: port, upstream: upstream, folder: folder)
                .write(to: folder.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("nginx.pid"))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-p", folder.path + "/", "-c", folder.appendingPathComponent("nginx.conf").path, "-e", folder.appendingPathComponent("error.log").path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // NB: nginx writes its pid file once its sockets are bound: wait on that, or its exit.
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning, !FileManager.default.fileExists(atPath: folder.appendingPathComponent("nginx.pid").path), Date() < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
            if process.isRunning, FileManager.default.fileExists(atPath: folder.appendingPathComponent("nginx.pid").path) {
                self.port = port
                self.process = process
                return
            }
            process.terminate()
            process.waitUntilExit()
            lastError = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        }
        throw StartFailure(description: "nginx didn't start: \(lastError)")
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// The access log's lines: `status uri bytes-sent gzip-ratio "If-None-Match" "If-Modified-Since" "User-Agent"`.
    /// NB: nginx logs a request after answering it: wait (up to 30 s) until there are `count` lines.
    func accessLog(atLeast count: Int) -> [String] {
        let deadline = Date().addingTimeInterval(30)
        while true {
            let text = (try? String(contentsOf: folder.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n").map(String.init)
            if lines.count >= count || Date() > deadline { return lines }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Stops nginx (SIGTERM to its master process; SIGKILL if it is still there after 10 s).
    /// NB: not `master_process off`: a lone process keeps the signal mask it was started with,
    /// and a test thread may have SIGTERM blocked; the master process waits with an empty mask.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    static func config(root: URL, port: Int, upstream: Int, folder: URL) -> String {
        let temp = folder.appendingPathComponent("temp").path
        return """
            daemon off;
                        worker_processes 1;
            pid \(folder.path)/nginx.pid;
            error_log \(folder.path)/error.log warn;
            events { worker_connections 512; }
            http {
                log_format probe '$status $request_uri $bytes_sent $gzip_ratio "$http_if_none_match" "$http_if_modified_since" "$http_user_agent"';
                access_log \(folder.path)/access.log probe;
                client_body_temp_path \(temp)/body;
                proxy_temp_path \(temp)/proxy;
                fastcgi_temp_path \(temp)/fastcgi;
                uwsgi_temp_path \(temp)/uwsgi;
                scgi_temp_path \(temp)/scgi;
                types { application/json json; }
                default_type application/octet-stream;
                gzip on;
                gzip_types application/json;
                gzip_min_length 0;
                gzip_proxied any;
                etag on;
                if_modified_since exact;
                server {
                    listen 127.0.0.1:\(port);
                    root \(root.path);
                    location /broken/ {
                        alias \(root.path)/pages/;
                        location ~ menu[^/]*\\.json$ { return 500 "down\\n"; }
                    }
                    location /down/ { return 500 "down\\n"; }
                    location /cut/ {
                        alias \(root.path)/pages/;
                        location ~ menu[^/]*\\.json$ { proxy_pass http://127.0.0.1:\(upstream); }
                    }
                }
            }

            """
    }
}
