import Formwork
import PreviewHTTP

/// What each URL of `formwork preview` answers; the only place that joins HTTP to page logic.
///
/// | request | answer |
/// |---|---|
/// | `GET /` | the index page |
/// | `GET /preview/FILE?param=value…` | the live page view |
/// | `GET /assets/NAME` | the browser files (HTML, CSS, JS) built into the binary |
/// | `GET /api/pages` | the pages in the folder, as JSON |
/// | `GET /api/preview/FILE/events?…` | server-sent events: `state`, `log`, `stopped` |
/// | `GET /api/preview/FILE/state` | the current state, as JSON |
/// | `POST /api/preview/FILE/actions` | an edit, tap, answer, back or restart (JSON) |
/// | `GET /files/PATH` | a file of the served folder (a page's pictures) |
///
/// Requests must name the host 127.0.0.1 or localhost (a web page elsewhere can't reach the
/// preview by a name that resolves here), and actions must be sent as `application/json` (a form
/// on another site can't send them).
package struct PreviewRoutes: Sendable {
    let workspace: PreviewWorkspace
    let folder: ServedFolder
    let limits: PageLimits

    package init(workspace: PreviewWorkspace, folder: ServedFolder, limits: PageLimits) {
        self.workspace = workspace
        self.folder = folder
        self.limits = limits
    }

    package func respond(_ request: HTTPRequest) async -> HTTPResponse {
        guard PreviewRoutes.isLoopback(host: request.headers["host"]) else {
            return .rejection(HTTPRejection(403, "the preview answers only requests for 127.0.0.1 or localhost"))
        }
        let reading = request.method == "GET" || request.method == "HEAD"
        let path = request.segments
        switch path.first {
        case nil:
            return reading ? PreviewAssets.response("index.html") : notAllowed
        case "assets" where path.count == 2:
            return reading ? PreviewAssets.response(path[1]) : notAllowed
        case "preview" where path.count > 1:
            guard reading else { return notAllowed }
            do {
                _ = try await workspace.pageFile(Array(path.dropFirst()))
                return PreviewAssets.response("page.html")
            } catch {
                return refusal(error)
            }
        case "files" where path.count > 1:
            guard reading else { return notAllowed }
            return file(Array(path.dropFirst()))
        case "api":
            return await api(request, Array(path.dropFirst()), reading: reading)
        default:
            return .text("there is nothing at /\(path.joined(separator: "/")); the pages are listed at /\n", status: 404)
        }
    }

    private func api(_ request: HTTPRequest, _ path: [String], reading: Bool) async -> HTTPResponse {
        if path == ["pages"] {
            return reading ? .json(await workspace.pageList().jsonText) : notAllowed
        }
        guard path.first == "preview", path.count >= 3, let verb = path.last else {
            return .text("there is no API at /api/\(path.joined(separator: "/"))\n", status: 404)
        }
        let page = Array(path.dropFirst().dropLast())
        switch verb {
        case "events":
            guard reading else { return notAllowed }
            return await events(page, params: request.query)
        case "state":
            guard reading else { return notAllowed }
            do {
                let preview = try await workspace.preview(page, params: request.query.isEmpty ? nil : request.query)
                return .json(await preview.currentState)
            } catch {
                return refusal(error)
            }
        case "actions":
            guard request.method == "POST" else { return notAllowed }
            return await action(request, page)
        default:
            return .text("there is no API '\(verb)'; use events, state or actions\n", status: 404)
        }
    }

    // MARK: - Live views

    private func events(_ page: [String], params: [HTTPRequest.QueryItem]) async -> HTTPResponse {
        let preview: PagePreview
        do {
            preview = try await workspace.preview(page, params: params)
        } catch {
            return refusal(error)
        }
        let stream = HTTPEventStream(backlogBytes: limits.previewBacklogBytes)
        let id = await preview.subscribe { event, data in stream.send(event: event, data: data) }
        stream.onClose { Task { @MainActor in preview.unsubscribe(id) } }
        return .events(stream)
    }

    private func action(_ request: HTTPRequest, _ page: [String]) async -> HTTPResponse {
        guard request.headers["content-type"]?.lowercased().hasPrefix("application/json") == true else {
            return .rejection(HTTPRejection(415, "send actions as JSON, with Content-Type: application/json"))
        }
        let action: PagePreview.Action
        do {
            action = try PreviewRoutes.decodeAction(try JSONReader.parse(bytes: request.body))
        } catch let problem as PreviewRoutes.BadAction {
            return .json(PageValue.object(PageObject([("error", .string(problem.message))])).jsonText, status: 400)
        } catch {
            return .json(PageValue.object(PageObject([("error", .string("the action is not valid JSON: \(error)"))])).jsonText, status: 400)
        }
        let preview: PagePreview
        do {
            preview = try await workspace.preview(page, params: nil)
        } catch {
            return refusal(error)
        }
        let result = await preview.perform(action)
        var answer = PageObject([("revision", .int(Int64(result.revision)))])
        if let note = result.note { answer[result.failed ? "error" : "note"] = .string(note.hasPrefix("error: ") ? String(note.dropFirst(7)) : note) }
        if let masked = result.masked {
            answer["masked"] = .object(PageObject([("text", .string(masked.text)), ("caret", .int(Int64(masked.caret))), ("raw", masked.raw)]))
        }
        return .json(PageValue.object(answer).jsonText, status: result.failed ? 409 : 200)
    }

    // MARK: - Files

    private func file(_ segments: [String]) -> HTTPResponse {
        switch folder.file(segments) {
        case .file(let path, let size):
            return HTTPResponse(status: 200, headers: [("Content-Type", PreviewAssets.contentType(of: path))], body: .file(path: path, size: size))
        case .notFound:
            return .text("there is no file '\(segments.joined(separator: "/"))' in \(folder.displayName)\n", status: 404)
        case .forbidden(let reason):
            return .rejection(HTTPRejection(403, reason))
        }
    }

    // MARK: - Helpers

    private var notAllowed: HTTPResponse {
        .rejection(HTTPRejection(405, "this address takes GET (and POST only for …/actions)"))
    }

    private func refusal(_ error: PreviewWorkspace.Refusal) -> HTTPResponse {
        switch error {
        case .notFound(let message): return .text(message + "\n", status: 404)
        case .forbidden(let message): return .rejection(HTTPRejection(403, message))
        }
    }

    /// Whether a Host header names this machine: 127.0.0.1, localhost or [::1], any port.
    static func isLoopback(host: String?) -> Bool {
        guard let host = host?.lowercased() else { return true }   // HTTP/1.0 may leave it out
        let name: Substring
        if host.hasPrefix("[") {
            name = host.prefix { $0 != "]" }.dropFirst()
        } else {
            name = host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]
        }
        return name == "127.0.0.1" || name == "localhost" || name == "::1"
    }
}
