/// `attachments`: a `file` input's list fits its limits: how many, how large, which types.
enum AttachmentValidation {
    static let type = ValidationType("attachments", attributes: [
        AttributeSpec("minCount", .int, summary: "the fewest files; use required for at least one"),
        AttributeSpec("maxCount", .int, summary: "the most files; the input's maxCount when not given"),
        AttributeSpec("maxSize", .int, summary: "the largest file in bytes; the input's maxSize when not given"),
        AttributeSpec("accept", .array, summary: "the types taken; the input's accept when not given"),
    ], summary: "attached files fit the input's maxCount, maxSize and accept (and minCount)") { context in
        guard case .array(let files) = context.value, !files.isEmpty else { return nil }
        let own = context.component.attributes
        @MainActor func setting(_ name: String) throws -> PageValue {
            context.has(name) ? try context.value(name) : own[name] ?? .null
        }
        if let min = try setting("minCount").intValue, files.count < min {
            return "Attach at least \(min) file\(min == 1 ? "" : "s")"
        }
        if let max = try setting("maxCount").intValue, files.count > max {
            return max == 1 ? "Attach only one file" : "Attach at most \(max) files"
        }
        let accept = (try setting("accept").arrayValue ?? []).compactMap(\.stringValue)
        let maxSize = try setting("maxSize").intValue
        for file in files {
            let name = file["name"]?.stringValue ?? "file"
            if let maxSize, let size = file["size"]?.intValue, size > maxSize {
                return "\(name) is too large: attach a file of at most \(PageLimits.describe(bytes: Int(clamping: maxSize)))"
            }
            if !Attachment.accepts(accept, type: file["type"]?.stringValue ?? "", name: name) {
                return "\(name) is not a type this field takes (\(accept.joined(separator: ", ")))"
            }
        }
        return nil
    }
}
