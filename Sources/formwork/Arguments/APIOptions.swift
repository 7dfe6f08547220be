import Foundation
import Formwork
import FormworkTesting
import FormworkStudio

/// Where a page's requests go, for the commands that run pages: `--api-stub FILE` (canned
/// answers, the format flow files use for `stubs`) and `--api-base URL` (a real server for the
/// requests no stub answers). What they do is `RequestStubs`, shared with the preview.
struct APIOptions {
    var requests: RequestStubs

    var stubFile: String? { requests.stubFile }
    var baseURL: String? { requests.baseURL }

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        let stubFile = try arguments.option("api-stub")
        requests = RequestStubs(stubFile: stubFile, baseURL: try arguments.option("api-base"))
    }

    /// `RequestStubs.configure`: reads the stub file into `stub`, points the rest at `--api-base`.
    @MainActor
    func configure(_ stub: StubTransport, hostStubs: HostStubs? = nil) throws(CLIFailure) {
        try requests.configure(stub, hostStubs: hostStubs)
    }
}
