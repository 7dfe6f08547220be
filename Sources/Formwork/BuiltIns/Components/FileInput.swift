import Foundation

/// The `file` input: a list of attachments chosen with the host's picker (`PageFilePicker`).
enum FileInput {
    static let type = BuiltInComponents.input("file", value: .array, extra: [
        AttributeSpec("accept", .array, summary: "media types (image/jpeg), families (image/*) or extensions (.pdf) it takes; any when not given",
                      check: acceptProblem),
        AttributeSpec("maxSize", .int, summary: "the largest file it takes, in bytes", check: positiveProblem),
        AttributeSpec("maxCount", .int, default: 1, summary: "how many files it holds", check: positiveProblem),
        AttributeSpec("source", .string, default: "files", summary: "where tapping picks from: camera, library or files",
                      values: FilePickRequest.Source.allCases.map { .string($0.rawValue) }),
    ], events: ["onTap"], handlers: ["onTap": pick],
    summary: "attached files or photos; the value is a list of {id, name, type, size, thumbnail}; tapping presents the host's picker")

    /// The tap: ask the host's picker for files, add those that fit to the value.
    static let pick: ComponentEventHandler = { context in
        let attributes = context.component.attributes
        let current = attributes["value"]?.arrayValue ?? []
        let maxCount = Int(clamping: attributes["maxCount"]?.intValue ?? 1)
        let room = max(0, maxCount - current.count)
        let title = attributes["title"]?.stringValue ?? ""
        let source = FilePickRequest.Source(rawValue: attributes["source"]?.stringValue ?? "") ?? .files
        let accept = (attributes["accept"]?.arrayValue ?? []).compactMap(\.stringValue)
        let session = context.session
        guard let picker = session.engine.host.filePicker else {
            session.record(.present, "file picker \"\(title)\": this app has no file picker (PageHost.filePicker)")
            return nil
        }
        session.record(.present, "file picker \"\(title)\" from \(source.rawValue)" + (accept.isEmpty ? "" : " (\(accept.joined(separator: ", ")))"))
        let request = FilePickRequest(title: title, source: source, accept: accept, maxCount: max(1, room))
        let picked = await session.waitingForPerson { await picker.pickFiles(request) }
        guard !picked.isEmpty else { return nil }
        var added: [PageValue] = []
        for file in picked {
            guard let attachment = session.engine.attach(file) else {
                session.record(.error, "the picked file \(file.file.path) can't be read; it was left out")
                continue
            }
            session.record(.store, "attached \(attachment.name) (\(attachment.type), \(PageLimits.describe(bytes: Int(clamping: attachment.size))))")
            added.append(attachment.pageValue)
        }
        guard !added.isEmpty else { return nil }
        // NB: what is over maxCount, too large or of another type is kept, and the input's
        // `attachments` validation says what is wrong: dropping a chosen file silently would hide it.
        let value = PageValue.array(current + added)
        try await context.edit(value)
        return value
    }

    static func positiveProblem(_ value: PageValue) -> String? {
        guard let n = value.intValue else { return nil }
        return n < 1 ? "must be 1 or more" : nil
    }

    static func acceptProblem(_ value: PageValue) -> String? {
        guard case .array(let entries) = value else { return nil }
        for entry in entries {
            guard let text = entry.stringValue else { return "write each entry as text, like \"image/*\", \"application/pdf\" or \".pdf\"" }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(".") ? trimmed.count < 2 : !trimmed.contains("/") {
                return "'\(text)' is neither a media type (image/jpeg, image/*) nor an extension (.pdf)"
            }
        }
        return nil
    }
}
