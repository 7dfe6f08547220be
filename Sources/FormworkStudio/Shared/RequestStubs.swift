import Foundation
import Formwork
import FormworkTesting

/// Where a page's requests go when a tool runs it: canned answers from a stub file (the format
/// flow files use for `stubs`) and a real server for the requests no stub answers. The CLI's
/// `--api-stub FILE` and `--api-base URL`.
package struct RequestStubs: Sendable {
    package var stubFile: String?
    package var baseURL: String?

    package init(stubFile: String? = nil, baseURL: String? = nil) {
        self.stubFile = stubFile
        self.baseURL = baseURL
    }

    /// Reads the stub file (each time: a preview re-reads it when it changes) into `stub`, points
    /// requests no stub answers at `baseURL`, gives the app's own actions and functions their
    /// stubs (`"action analytics": …`) when `hostStubs` is given, and words the advice for a request nothing answers.
    ///
    /// Throws for a stub file that can't be read or isn't a stubs object, naming `file:line:column`,
    /// and for a `baseURL` that isn't an http(s) URL.
    @MainActor
    package func configure(_ stub: StubTransport, hostStubs: HostStubs? = nil) throws(ToolFailure) {
        if let stubFile {
            let data = try ToolFile.read(stubFile, what: "stub file")
            let document: JSONReader.Document
            do {
                document = try JSONReader.parseDocument(bytes: data)
            } catch {
                throw ToolFailure("\(stubFile):\(error.line):\(error.column): the stub file is not valid JSON: \(error.message)")
            }
            do {
                let stubs = try StubSet.decode(document.value, path: "")
                stub.add(stubs.requests)
                hostStubs?.add(stubs.host)
            } catch {
                let at = document.location(of: error.path).map { ":\($0.line):\($0.column)" } ?? ""
                throw ToolFailure("\(stubFile)\(at): \(error.path.isEmpty ? "" : error.path + ": ")\(error.message)")
            }
        }
        if let baseURL {
            guard let url = URL(string: baseURL), let scheme = url.scheme, scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty else {
                throw ToolFailure("--api-base must be an http(s) URL like https://api.example.com, not '\(baseURL)'")
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
