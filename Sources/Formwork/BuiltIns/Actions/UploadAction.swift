import Foundation

/// `upload`: sends attachments (a `file` input's value) as `multipart/form-data`, streamed from
/// disk through the host's transport, within `uploadBytes` and `uploadSeconds`.
///
/// NB: an action of its own rather than a multipart `body` on `api`: its budgets, its progress
/// and its files are what `api` doesn't need, and `api` stays as it is for every page that
/// sends no files.
enum UploadAction {
    static let attributes: [AttributeSpec] = [
        AttributeSpec("method", .string, default: "POST", summary: "POST, PUT or PATCH",
                      values: ["POST", "PUT", "PATCH", "post", "put", "patch"]),
        AttributeSpec("url", .string, required: true, summary: "absolute, or relative to the transport's base URL"),
        AttributeSpec("query", .object, summary: "query items added to the URL"),
        AttributeSpec("headers", .object, summary: "header names and values; not Content-Type (the upload sets it), Host, Content-Length or other headers the connection owns",
                      check: HTTPRequestRules.headersAttributeProblem),
        AttributeSpec("files", .array, required: true, summary: "the attachments to send: a file input's value, like $data.receipt"),
        AttributeSpec("name", .string, default: "file", summary: "the form field the files are sent as"),
        AttributeSpec("fields", .object, summary: "text fields sent with the files, name → value"),
        AttributeSpec("progress", .string, role: .storePath, summary: "a $data path written with {sent, total, fraction} as the body leaves, like $data.uploading"),
    ]

    static let all: [ActionType] = [
        ActionType("upload", attributes: attributes + RequestActions.idempotencyAttributes,
                   summary: "sends attachments as multipart/form-data, streamed from disk, with progress; the result is the decoded answer; non-2xx fails with $error.status") { context in
            try await run(context)
        },
    ]

    @MainActor static func run(_ context: ActionContext) async throws -> PageValue {
        let session = context.session
        let limits = session.engine.limits
        guard let transport = session.engine.host.transport else {
            throw ActionFailure(kind: "network", message: "this app gives pages no way to send requests (no transport is configured)")
        }
        let body = try makeBody(context)
        let size = body.size
        // Refused before anything is written or sent: the size is known from the files themselves.
        if size > Int64(limits.uploadBytes) {
            throw ActionFailure(kind: "limit", message: "the upload is \(describe(size)), more than \(PageLimits.describe(bytes: limits.uploadBytes)), the most this app sends at once (uploadBytes); nothing was sent. Attach smaller files, or fewer.")
        }
        var request = try RequestActions.makeRequest(context)
        for name in request.headers.keys where name.lowercased() == "content-type" { request.headers[name] = nil }
        request.headers["Content-Type"] = body.contentType
        request.timeout = limits.uploadSeconds
        // NB: the same submission is the same files and fields to the same URL from the same action:
        // its key (as `api`'s) is the same on every retry until an answer settles it.
        request.body = Data(body.submissionIdentity.utf8)
        let submission = try RequestActions.attachKey(to: &request, context)
        request.body = nil
        let progressPath = try progressPath(context)
        let files = body.files.map { "\($0.attachment.name) (\(describe($0.size)))" }.joined(separator: ", ")
        session.record(.request, "\(request.method) \(request.url.absoluteString) multipart: \(files)" + (body.fields.isEmpty ? "" : ", fields " + body.fields.map(\.name).joined(separator: ", ")))

        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-upload-" + UUID().uuidString.lowercased())
        defer { try? FileManager.default.removeItem(at: temporary) }
        do {
            try await Task.detached(priority: .userInitiated) { try body.write(to: temporary) }.value
        } catch let failure as UploadFailure {
            throw ActionFailure(kind: "upload", message: failure.description)
        } catch {
            throw ActionFailure(kind: "upload", message: "the upload couldn't be prepared: \(error.localizedDescription)")
        }
        if Task.isCancelled { throw ChainCancelled() }

        let reporter = ProgressReporter(session: session, path: progressPath, total: size)
        if progressPath != nil { reporter.write(sent: 0) }
        let response: TransportResponse
        // NB: progress reported after the transport returned (it hops to the main actor) is dropped.
        defer { reporter.finished = true }
        do {
            response = try await session.sendingRequest {
                try await transport.upload(request, bodyFile: temporary) { sent, _ in
                    Task { @MainActor in reporter.report(sent: sent) }
                }
            }
        } catch is CancellationError {
            throw ChainCancelled()
        } catch let error as TransportError {
            switch error {
            case .cancelled: throw ChainCancelled()
            case .deadlineExceeded(let url, _):
                throw ActionFailure(kind: "limit", message: "the upload to \(url) took longer than \(PageLimits.describe(seconds: limits.uploadSeconds)), the most this app waits (uploadSeconds); it was stopped. Try again on a faster connection, or send smaller files.")
            case .responseTooLarge: throw ActionFailure(kind: "limit", message: error.description)
            case .network:
                throw ActionFailure(kind: "network", message: RequestActions.unreachable, details: PageObject([("detail", .string(error.description))]))
            default: throw ActionFailure(kind: "network", message: error.description)
            }
        } catch let error as ActionFailure {
            throw error
        } catch {
            throw ActionFailure(kind: "network", message: RequestActions.unreachable, details: PageObject([("detail", .string("the upload to \(request.url.absoluteString) failed: \(error.localizedDescription)"))]))
        }
        if progressPath != nil { reporter.write(sent: size) }
        if let limit = request.maxResponseBytes, response.body.count > limit {
            throw ActionFailure(kind: "limit", message: TransportError.responseTooLarge(url: request.url.absoluteString, limit: limit).description)
        }
        let answer = RequestActions.Answer(request: request, status: response.status, body: try RequestActions.decode(response.body))
        session.record(.response, "\(answer.status) \(answer.body.preview())")
        RequestActions.settle(submission, status: answer.status, in: session)
        guard (200..<300).contains(answer.status) else { throw answer.failure }
        return answer.body
    }

    /// The body `files`, `name` and `fields` describe, each file found by its id among the engine's
    /// attachments and measured now (not trusted from the value).
    @MainActor static func makeBody(_ context: ActionContext) throws -> MultipartBody {
        let name = try context.string("name") ?? "file"
        let given = try context.value("files")
        let items: [PageValue]
        switch given {
        case .array(let list): items = list
        case .null: items = []
        default:
            if Attachment.id(of: given) != nil { items = [given] } else {
                throw ActionFailure(kind: "upload", message: "upload's files must be a list of attachments (a file input's value, like $data.receipt), not \(given.typeName)")
            }
        }
        var files: [(name: String, attachment: Attachment, size: Int64)] = []
        for item in items {
            guard let id = Attachment.id(of: item) else {
                throw ActionFailure(kind: "upload", message: "upload's files hold \(item.preview()), which is not an attachment; give it a file input's value, like $data.receipt")
            }
            guard let attachment = context.session.engine.attachments[id] else {
                throw ActionFailure(kind: "upload", message: "the attachment \(item["name"]?.displayText ?? id) is no longer available on this device; attach it again")
            }
            guard let size = (try? FileManager.default.attributesOfItem(atPath: attachment.file.path))?[.size] as? NSNumber else {
                throw ActionFailure(kind: "upload", message: "the attached file \(attachment.name) can't be read any more; attach it again")
            }
            files.append((name, attachment, size.int64Value))
        }
        var fields: [(name: String, value: String)] = []
        if case .object(let object) = try context.value("fields") {
            for (key, value) in object { fields.append((key, value.displayText)) }
        }
        return MultipartBody(fields: fields, files: files)
    }

    @MainActor static func progressPath(_ context: ActionContext) throws -> StorePath? {
        guard let text = try context.string("progress") else { return nil }
        guard let path = StorePath(text), path.root.isWritable else {
            throw ActionFailure(kind: "store", message: "upload's progress '\(text)' must be a plain path into $data or $global, like $data.uploading")
        }
        return path
    }

    static func describe(_ bytes: Int64) -> String {
        bytes < 1 << 10 ? "\(bytes) bytes" : bytes < 1 << 20 ? "\(bytes >> 10) KiB" : String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }
}

/// Writes an upload's progress to its `progress` path, at most once per percent.
@MainActor
private final class ProgressReporter {
    let session: PageSession
    let path: StorePath?
    let total: Int64
    private var lastPercent = -1
    /// Set once the transport has returned: later reports are stale.
    var finished = false
    private var latest: Int64 = 0

    init(session: PageSession, path: StorePath?, total: Int64) {
        self.session = session
        self.path = path
        self.total = total
    }

    func report(sent: Int64) {
        guard !finished, sent >= latest else { return }   // reports may arrive out of order
        latest = sent
        let percent = total > 0 ? Int(sent * 100 / total) : 100
        guard percent != lastPercent else { return }
        write(sent: sent)
    }

    func write(sent: Int64) {
        guard let path else { return }
        let sent = min(sent, total)
        latest = max(latest, sent)
        lastPercent = total > 0 ? Int(sent * 100 / total) : 100
        let fraction = total > 0 ? Double(sent) / Double(total) : 1
        let value = PageValue.object(PageObject([("sent", .int(sent)), ("total", .int(total)), ("fraction", .number((fraction * 1000).rounded() / 1000))]))
        do { try session.set(value, at: path) } catch { session.record(.error, "upload's progress can't be written to \(path): \(error)") }
    }
}

extension MultipartBody {
    /// What makes an upload one submission (for its `Idempotency-Key`): its fields and its files
    /// (form field, attachment id, size), not the boundary, which is new on every send.
    var submissionIdentity: String {
        (fields.map { "field \($0.name)=\($0.value)" } + files.map { "file \($0.name)=\($0.attachment.id) \($0.size)" }).joined(separator: "\n")
    }
}
