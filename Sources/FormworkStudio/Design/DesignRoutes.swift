import Formwork
import PreviewHTTP

/// What each URL of `formwork design` answers: the editor's own, and everything `formwork
/// preview` answers (the live page the editor shows beside the tree is the preview's).
///
/// | request | answer |
/// |---|---|
/// | `GET /`, `GET /design/FILE` | the editor (the page list, or FILE open) |
/// | `GET /assets/design/NAME` | the editor's browser files |
/// | `GET /api/design/palette` | the app's types, common attributes, blocks and languages |
/// | `GET /api/design/pages`, `POST …` | the pages in the folder; `{"page": ID}` creates one |
/// | `GET /api/design/page/FILE` | the file's text, revision and JSON |
/// | `POST /api/design/draft/FILE` | `{"document": …}`: check it and show it live, unsaved |
/// | `POST /api/design/save/FILE` | `{"document": …, "base": REVISION}`: save, or 409 and the disk's version |
/// | `POST /api/design/rename/FILE` | `{"document", "from", "to"}`: the page with a key renamed everywhere, and the flows it touches; writes nothing |
/// | `POST /api/design/publish` | check, run the flows, raise versions, pack |
/// | `POST /api/design/translations/ACTION/FILE` | the translations view: list, apply, export, import |
/// | anything else | as `formwork preview` answers it (`PreviewRoutes`) |
///
/// As in the preview, requests must name 127.0.0.1 or localhost, and changes must be sent as
/// `application/json` (a form on another site can't send them).
package struct DesignRoutes: Sendable {
    let workspace: DesignWorkspace
    let preview: PreviewRoutes

    package init(workspace: DesignWorkspace, preview: PreviewRoutes) {
        self.workspace = workspace
        self.preview = preview
    }

    package func respond(_ request: HTTPRequest) async -> HTTPResponse {
        guard PreviewRoutes.isLoopback(host: request.headers["host"]) else {
            return .rejection(HTTPRejection(403, "the editor answers only requests for 127.0.0.1 or localhost"))
        }
        let reading = request.method == "GET" || request.method == "HEAD"
        let path = request.segments
        switch (path.first, path.count) {
        case (nil, _), ("design", 2...):
            guard reading else { return notAllowed }
            if path.count > 1 {
                do { _ = try await workspace.page(Array(path.dropFirst())) } catch { return failure(error) }
            }
            return DesignAssets.response("design.html")
        case ("assets", 3) where path[1] == "design":
            return reading ? DesignAssets.response(path[2]) : notAllowed
        case ("api", 3...) where path[1] == "design":
            return await api(request, Array(path.dropFirst(2)), reading: reading)
        default:
            return await preview.respond(request)
        }
    }

    private func api(_ request: HTTPRequest, _ path: [String], reading: Bool) async -> HTTPResponse {
        let rest = Array(path.dropFirst())
        switch (path[0], reading) {
        case ("palette", true) where rest.isEmpty:
            return .json(await workspace.palette().jsonText)
        case ("pages", true) where rest.isEmpty:
            return .json(await workspace.preview.pageList().jsonText)
        case ("pages", false) where rest.isEmpty && request.method == "POST":
            return await change(request) { body throws(DesignWorkspace.Refusal) in
                guard let id = body["page"]?.stringValue else { throw DesignWorkspace.Refusal(status: 400, message: "send the new page's id as {\"page\": \"tip-calculator\"}") }
                let file = try await workspace.newPage(id: id)
                return (.object(PageObject([("file", .string(file))])), 201)
            }
        case ("page", true) where !rest.isEmpty:
            do { return .json(try await workspace.page(rest).jsonText) } catch { return failure(error) }
        case ("draft", false) where !rest.isEmpty && request.method == "POST":
            return await change(request) { body throws(DesignWorkspace.Refusal) in
                (try await workspace.draft(rest, document: try DesignRoutes.document(in: body)), 200)
            }
        case ("save", false) where !rest.isEmpty && request.method == "POST":
            return await change(request) { body throws(DesignWorkspace.Refusal) in
                guard let base = body["base"]?.stringValue else {
                    throw DesignWorkspace.Refusal(status: 400, message: "say which revision of the file the editor read, as \"base\" (the page answer's \"revision\")")
                }
                let document = try DesignRoutes.document(in: body)
                let (saved, status) = try await workspace.save(rest, document: document, base: base)
                var answer = saved
                // The renames made since the last save, carried into the page's flows once it is saved.
                if status == 200, case .array(let renames)? = body["renames"], !renames.isEmpty, case .object(var object) = answer {
                    object["flows"] = .array(try await workspace.renameFlows(rest, document: document, renames: renames).map { .string($0) })
                    answer = .object(object)
                }
                return (answer, status)
            }
        case ("rename", false) where !rest.isEmpty && request.method == "POST":
            return await change(request) { body throws(DesignWorkspace.Refusal) in
                (try await workspace.rename(rest, body: body), 200)
            }
        case ("translations", false) where rest.count >= 2 && request.method == "POST":
            return await change(request) { body throws(DesignWorkspace.Refusal) in
                (try await workspace.translations(rest[0], file: rest.dropFirst().joined(separator: "/"), body: body), 200)
            }
        case ("publish", false) where rest.isEmpty && request.method == "POST":
            return await change(request) { _ throws(DesignWorkspace.Refusal) in await workspace.publish() }
        default:
            return .text("there is no \(request.method) /api/design/\(path.joined(separator: "/")); see formwork design --help\n", status: 404)
        }
    }

    /// Reads a JSON request body and runs `work` with it; its answer or refusal as JSON.
    private func change(_ request: HTTPRequest, _ work: (PageObject) async throws(DesignWorkspace.Refusal) -> (PageValue, status: Int)) async -> HTTPResponse {
        guard request.headers["content-type"]?.lowercased().hasPrefix("application/json") == true else {
            return .rejection(HTTPRejection(415, "send changes as JSON, with Content-Type: application/json"))
        }
        let body: PageObject
        do {
            guard case .object(let object) = try JSONReader.parse(bytes: request.body) else {
                return failure(DesignWorkspace.Refusal(status: 400, message: "send a JSON object"))
            }
            body = object
        } catch {
            return failure(DesignWorkspace.Refusal(status: 400, message: "the request is not valid JSON: \(error)"))
        }
        do {
            let (answer, status) = try await work(body)
            return .json(answer.jsonText, status: status)
        } catch {
            return failure(error)
        }
    }

    private static func document(in body: PageObject) throws(DesignWorkspace.Refusal) -> PageValue {
        guard let document = body["document"], case .object = document else {
            throw DesignWorkspace.Refusal(status: 400, message: "send the page as {\"document\": {\"page\": …}}")
        }
        return document
    }

    private func failure(_ refusal: DesignWorkspace.Refusal) -> HTTPResponse {
        .json(PageValue.object(PageObject([("error", .string(refusal.message))])).jsonText, status: refusal.status)
    }

    private var notAllowed: HTTPResponse {
        .rejection(HTTPRejection(405, "this address takes GET; changes go to /api/design/… as POST"))
    }
}
