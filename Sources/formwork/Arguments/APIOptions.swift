import Foundation
import Formwork
import FormworkTesting

/// Where a page's requests go, for the commands that run pages: `--api-stub FILE` (canned
/// answers, the format flow files use for `stubs`) and `--api-base URL` (a real server for the
/// requests no stub answers).
struct APIOptions {
    var stubFile: String?
    var baseURL: String?

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        stubFile = try arguments.option("api-stub")
        baseURL = try arguments.option("api-base")
    }

    /// Reads the stub file (each time: a preview re-reads it when it changes) into `stub`, points
    /// requests no stub answers at `--api-base`, gives the app's own actions and functions their
    /// stubs (`"action analytics": …`) when `hostStubs` is given, and words the advice for a request nothing answers.
    ///
    /// Throws for a stub file that can't be read or isn't a stubs object, naming `file:line:column`,
    /// and for an `--api-base` that isn't an http(s) URL.
    @MainActor
    func configure(_ stub: StubTransport, hostStubs: HostStubs? = nil) throws(CLIFailure) {
        if let stubFile {
            let data = try CLIFile.read(stubFile, what: "stub file")
            let document: JSONReader.Document
            do {
                document = try JSONReader.parseDocument(bytes: data)
            } catch {
                throw CLIFailure("\(stubFile):\(error.line):\(error.column): the stub file is not valid JSON: \(error.message)")
            }
            do {
                let stubs = try StubSet.decode(document.value, path: "")
                stub.add(stubs.requests)
                hostStubs?.add(stubs.host)
            } catch {
                let at = document.location(of: error.path).map { ":\($0.line):\($0.column)" } ?? ""
                throw CLIFailure("\(stubFile)\(at): \(error.path.isEmpty ? "" : error.path + ": ")\(error.message)")
            }
        }
        if let baseURL {
            guard let url = URL(string: baseURL), let scheme = url.scheme, scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty else {
                throw CLIFailure("--api-base must be an http(s) URL like https://api.example.com, not '\(baseURL)'")
            }
            stub.fallback = URLSessionTransport(baseURL: url, allowedHosts: [host])
        }
        let stubFile = stubFile, base = baseURL
        stub.advice = { method, path in
            if let stubFile { return "add \"\(method) \(path)\": {\"status\": 200, \"body\": …} to \(stubFile)" }
            return base == nil ? "give --api-stub FILE with \"\(method) \(path)\": {\"status\": 200, \"body\": …}, or --api-base URL to reach a server" : "the server was not asked"
        }
    }
}
